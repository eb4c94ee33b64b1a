import { Button, Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';

import { ConfirmDeletion } from './ConfirmDeletion';
import { LazyModal } from './LazyModal';
import { Modal, type ModalProps } from './Modal';

/** Opens the modal at once and offers a button to open it again after closing. */
function ModalWithTrigger({ lazy = false, ...props }: ModalProps & { lazy?: boolean }) {
  const [open, setOpen] = useState(props.open);
  const Dialog = lazy ? LazyModal : Modal;
  return (
    <>
      <Button
        variant="contained"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open modal
      </Button>
      <Dialog
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
    </>
  );
}

const meta = {
  title: 'Feedback/Modal',
  component: Modal,
  render: (args) => <ModalWithTrigger key={String(args.open)} {...args} />,
  args: {
    open: true,
    onClose: fn(),
    children: "We've encountered an unexpected error at this time. Please try again later.",
  },
  argTypes: {
    size: { control: 'inline-radio', options: ['xs', 's', 'm'] },
    children: { control: 'text' },
  },
  parameters: {
    // A modal covers its page: on the docs page each story gets its own frame.
    docs: { story: { inline: false, height: '420px' } },
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2: header "Error" and size xs unless told otherwise. */
export const Default: Story = {};

/** SPEC §3: xs is 30rem at every width; on a phone, the window less its margins. */
export const SizeXs: Story = {
  args: { size: 'xs', title: 'Unexpected Error' },
};

/** SPEC §3: s is 60rem above the tablet breakpoint, 70vw at and below it. */
export const SizeS: Story = {
  args: {
    size: 's',
    title: 'Privacy Policy and Cookie Notice',
    children: (
      <>
        <Typography sx={{ mb: 2 }}>
          We collect the information you enter in this application only to consider you for
          admission.
        </Typography>
        <Typography>
          This site uses cookies that are needed for you to log in. It sets no advertising or
          tracking cookies.
        </Typography>
      </>
    ),
  },
};

/** SPEC §3: m is 80vw above the tablet breakpoint, 90vw at and below it. */
export const SizeM: Story = {
  args: {
    size: 'm',
    title: 'File Upload in Progress',
    children: 'Please wait until the file upload has completed.',
  },
};

/** SPEC §4: the inactivity prompt needs an answer: no close button, Escape does nothing. */
export const WithActions: Story = {
  args: {
    title: 'Are you still there?',
    role: 'alertdialog',
    disableClose: true,
    children: 'You will be logged out in 60 seconds because of inactivity. Stay logged in?',
    actions: (
      <>
        <Button variant="outlined">No</Button>
        <Button variant="contained">Yes</Button>
      </>
    ),
  },
};

export const Themed: Story = {
  args: { title: 'Unexpected Error' },
  globals: { theme: 'example' },
};

/** LazyModal: the same dialog, its code fetched when the button first opens it. */
export const LoadedOnFirstOpening: Story = {
  render: (args) => <ModalWithTrigger lazy {...args} />,
  args: { open: false, title: 'Help', children: 'Contact the admissions office.' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open modal' }));
    await within(document.body).findByRole('dialog', { name: 'Help' });
  },
};

/**
 * ConfirmDeletion: the question before an add-another group or a tab's answers are deleted;
 * Cancel is focused first, and Escape deletes nothing.
 */
export const ConfirmingADeletion: Story = {
  render: () => (
    <ConfirmDeletion
      open
      title="Remove College 2?"
      confirmLabel="Remove"
      onCancel={fn()}
      onConfirm={fn()}
    >
      <Typography>Its answers will be deleted, and the groups after it will move up.</Typography>
    </ConfirmDeletion>
  ),
  play: async () => {
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Remove College 2?',
    });
    // Once the dialog has faded in: Cancel focused, the destructive action beside it.
    await waitFor(async () => {
      await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeVisible();
    });
  },
};
