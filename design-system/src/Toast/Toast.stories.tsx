import { Button, Stack, Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import {
  Toast,
  TOAST_ERROR_BOUNDARY_DURATION,
  ToastStack,
  type ToastItem,
  type ToastProps,
} from './Toast';

/** Shows the story's toast in its place on screen, and offers to show it again once closed. */
function ToastInStack({ onClose, ...toast }: ToastProps) {
  const [round, setRound] = useState(1);
  const [shown, setShown] = useState(true);
  const toasts: ToastItem[] = shown
    ? [{ id: `toast-${round}`, severity: toast.severity ?? 'success', ...toast }]
    : [];
  return (
    <>
      {/* Error toasts cover the top of the window: the page's own content starts below them. */}
      <Typography sx={{ mt: 14, mb: 2 }}>
        Success toasts sit bottom right, error toasts across the top. Swipe one right to close it.
      </Typography>
      <Button
        variant="outlined"
        onClick={() => {
          setRound((current) => current + 1);
          setShown(true);
        }}
      >
        Show the toast again
      </Button>
      <ToastStack
        toasts={toasts}
        onClose={(_id, reason) => {
          setShown(false);
          onClose(reason);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: Toast,
  render: (args) => <ToastInStack {...args} />,
  args: {
    severity: 'success',
    message: 'Your application was successfully submitted.',
    onClose: fn(),
  },
  argTypes: {
    severity: { control: 'inline-radio', options: ['success', 'error'] },
  },
  parameters: {
    // Toasts are fixed to the window: on the docs page each story gets its own frame.
    docs: { story: { inline: false, height: '320px' } },
  },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2: a success toast, bottom right, 390 px wide; it closes itself after 5 s. */
export const Default: Story = {};

/** SPEC §8: the forgot-password success message, in a closable success toast. */
export const Success: Story = {
  args: {
    title: 'Check your e-mail',
    message: 'If an account exists for that address, we have sent a password reset link to it.',
  },
};

/** SPEC §8: a card error: full width, announced at once. */
export const WithError: Story = {
  args: {
    severity: 'error',
    title: 'Login Card Error',
    message: 'Incorrect username or password.',
  },
};

/** SPEC §4, §8: an error caught by an error boundary stays five minutes unless closed. */
export const ErrorBoundary: Story = {
  args: {
    severity: 'error',
    title: 'Unexpected Error',
    message: "We've encountered an unexpected error at this time. Please try again later.",
    duration: TOAST_ERROR_BOUNDARY_DURATION,
  },
};

/** Several toasts at once: errors stack at the top, successes at the bottom right. */
export const Stacked: Story = {
  render: function StackedToasts(args) {
    const [toasts, setToasts] = useState<ToastItem[]>([
      {
        id: 'resend',
        severity: 'error',
        title: 'Resend Confirmation Code Error',
        message: 'You must provide a valid email address to resend a confirmation code.',
        duration: null,
      },
      {
        id: 'saved',
        severity: 'success',
        message: 'Your answers have been saved.',
        duration: null,
      },
      {
        id: 'submitted',
        severity: 'success',
        message: 'Your application was successfully submitted.',
        duration: null,
      },
    ]);
    return (
      <ToastStack
        toasts={toasts}
        onClose={(id, reason) => {
          setToasts((all) => all.filter((toast) => toast.id !== id));
          args.onClose(reason);
        }}
      />
    );
  },
};

/** A toast placed by its owner rather than a stack: it is its own live region. */
export const Standalone: Story = {
  args: { duration: null },
  render: (args) => (
    <Stack sx={{ maxWidth: 390 }}>
      <Toast {...args} />
    </Stack>
  ),
  parameters: { docs: { story: { inline: true } } },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { ...WithError.args },
  globals: { theme: 'example' },
};
