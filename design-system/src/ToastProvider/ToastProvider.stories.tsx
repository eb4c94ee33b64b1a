import { Box, Button, Stack, Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';

import { TOAST_ERROR_BOUNDARY_DURATION } from '../Toast';
import { ToastPlace, ToastProvider, useToast } from './ToastProvider';

/** Buttons that raise the toasts SPEC names, the way cards and boundaries do. */
function ToastButtons() {
  const { showToast } = useToast();
  return (
    // Error toasts cover the top of the window: the buttons sit below them.
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', pt: 24 }}>
      <Button
        variant="contained"
        onClick={() => {
          showToast({ severity: 'success', message: 'Your answers have been saved.' });
        }}
      >
        Show a success toast
      </Button>
      <Button
        variant="contained"
        color="error"
        onClick={() => {
          showToast({
            severity: 'error',
            title: 'Sign Up Card Error',
            message: 'An account with the given email already exists.',
          });
        }}
      >
        Show an error toast
      </Button>
      <Button
        variant="outlined"
        onClick={() => {
          showToast({
            id: 'unexpected',
            severity: 'error',
            title: 'Unexpected Error',
            message: "We've encountered an unexpected error at this time. Please try again later.",
            duration: TOAST_ERROR_BOUNDARY_DURATION,
          });
        }}
      >
        Show an error-boundary toast
      </Button>
    </Stack>
  );
}

const meta = {
  title: 'Feedback/ToastProvider',
  component: ToastProvider,
  args: { children: <ToastButtons /> },
  argTypes: { children: { control: false } },
  parameters: { docs: { story: { inline: false, height: '320px' } } },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Press the buttons: each toast goes to its place and closes itself, or swipe it away. */
export const Default: Story = {};

export const Themed: Story = {
  globals: { theme: 'example' },
};

/** A page as the app draws one: a header with its navigation, then the page's content. */
function PageWithHeader() {
  const { closeToasts } = useToast();
  return (
    <Box sx={{ minHeight: '200vh' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'common.white', p: 2 }}>
        <Typography component="p" sx={{ fontWeight: 700 }}>
          Gallatin College Application
        </Typography>
        <Box component="nav" aria-label="Steps" sx={{ display: 'flex', gap: 2 }}>
          <span>Personal Info</span>
          <span>Academic History</span>
          <span>Submit</span>
        </Box>
      </Box>
      <Box component="main" sx={{ p: 2 }}>
        <ToastPlace />
        <ToastButtons />
        <Button
          variant="text"
          sx={{ mt: 2 }}
          onClick={() => {
            closeToasts('error');
          }}
        >
          Leave the page
        </Button>
      </Box>
    </Box>
  );
}

/**
 * With a `ToastPlace` first in the page's content, error toasts sit under the header and its
 * navigation, however many there are, and keep to the window's top as the page scrolls. Leaving
 * the page (here a button; the app on a route change) closes the error toasts.
 */
export const UnderTheHeader: Story = {
  args: { children: <PageWithHeader /> },
};
