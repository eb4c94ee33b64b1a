import { Button, Stack } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';

import { TOAST_ERROR_BOUNDARY_DURATION } from '../Toast';
import { ToastProvider, useToast } from './ToastProvider';

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
