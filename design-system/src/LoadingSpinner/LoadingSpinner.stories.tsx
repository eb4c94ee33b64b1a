import { Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';

import { LoadingSpinner } from './LoadingSpinner';

const meta = {
  title: 'Feedback/LoadingSpinner',
  component: LoadingSpinner,
  args: { size: 'medium', type: 'spinner', fullScreen: false },
  argTypes: {
    size: { control: 'inline-radio', options: ['small', 'medium', 'large'] },
    type: { control: 'inline-radio', options: ['spinner', 'circles'] },
  },
} satisfies Meta<typeof LoadingSpinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Small: Story = { args: { size: 'small' } };

export const Large: Story = { args: { size: 'large' } };

export const Circles: Story = { args: { type: 'circles' } };

export const CirclesSmall: Story = { args: { type: 'circles', size: 'small' } };

export const CirclesLarge: Story = { args: { type: 'circles', size: 'large' } };

/** SPEC §2: shown over the whole window while a form page loads the student profile. */
export const FullScreen: Story = {
  args: { fullScreen: true, size: undefined },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <>
      <Typography sx={{ p: 2 }}>
        The page underneath stays covered until the profile has loaded.
      </Typography>
      <LoadingSpinner {...args} />
    </>
  ),
};

export const FullScreenCircles: Story = {
  ...FullScreen,
  args: { fullScreen: true, size: undefined, type: 'circles' },
};

export const Themed: Story = {
  args: { size: 'large' },
  globals: { theme: 'example' },
};

export const ThemedCircles: Story = {
  args: { size: 'large', type: 'circles' },
  globals: { theme: 'example' },
};
