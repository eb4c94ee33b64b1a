import { type Meta, type StoryObj } from '@storybook/react-vite';

import { Alert, Box, Button, Container, Divider, Link, Stack, Typography } from '.';

/** Every primitive the app may use, in the theme of the story. */
function PrimitivesShowcase() {
  return (
    <Container maxWidth="md" disableGutters>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h1">Heading 1: Application</Typography>
          <Typography variant="h2">Heading 2: Personal Info</Typography>
          <Typography variant="h3">Heading 3: Your Name</Typography>
          <Typography variant="h4">Heading 4</Typography>
          <Typography variant="h5">Heading 5</Typography>
          <Typography variant="h6">Heading 6</Typography>
        </Box>
        <Typography>
          Body text: work through the steps at your own pace. Read the{' '}
          <Link href="#privacy">Privacy Policy and Cookie Notice</Link> before you start.
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Secondary text: hints and descriptions.
        </Typography>
        <Divider />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained">Save and Continue</Button>
          <Button variant="outlined">Previous</Button>
          <Button variant="text">Save</Button>
          <Button variant="contained" disabled>
            Submit
          </Button>
        </Stack>
        <Divider />
        <Stack spacing={2}>
          <Alert severity="success">Your application was successfully submitted.</Alert>
          <Alert severity="error">
            We&apos;ve encountered an unexpected error at this time. Please try again later.
          </Alert>
        </Stack>
      </Stack>
    </Container>
  );
}

const meta = {
  title: 'Foundations/Primitives',
  render: () => <PrimitivesShowcase />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Box, Stack, Container, Typography, Divider, Link, Button and Alert, re-exported from the
 * design system so the app never imports MUI directly.
 */
export const Default: Story = {};

export const Themed: Story = {
  globals: { theme: 'example' },
};
