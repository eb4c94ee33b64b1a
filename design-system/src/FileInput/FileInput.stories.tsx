import { englishMessages, validateFile } from '@admit/form-model';
import { Button } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { FileInput, type FileInputProps, type FileUploadStatus } from './FileInput';
import { UploadInProgressDialog as UploadInProgressDialogWidget } from './UploadInProgressDialog';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

/** SPEC §5: the types an upload may have, offered first by the browser's picker. */
const ACCEPTED_TYPES = '.png,.jpeg,.jpg,.pdf,.docx';

/**
 * Plays the upload the way the app runs it (SPEC §4): progress while the file is sent, then
 * "Processing your file…" while it converts, then the uploaded file. Delete empties it.
 */
function SimulatedFileInput(props: FileInputProps) {
  const [status, setStatus] = useState<FileUploadStatus>(props.status);
  const [fileName, setFileName] = useState(props.fileName);
  const [progress, setProgress] = useState(props.progress);
  // Only an upload started here moves on by itself; a state story stays in its state.
  const [simulating, setSimulating] = useState(false);

  useEffect(() => {
    if (!simulating) return undefined;
    if (status === 'uploading' && progress !== undefined) {
      const timer = setTimeout(() => {
        if (progress >= 100) setStatus('converting');
        else setProgress(Math.min(100, progress + 20));
      }, 400);
      return () => {
        clearTimeout(timer);
      };
    }
    if (status === 'converting') {
      const timer = setTimeout(() => {
        setStatus('uploaded');
      }, 1500);
      return () => {
        clearTimeout(timer);
      };
    }
    return undefined;
  }, [simulating, status, progress]);

  return (
    <FileInput
      {...props}
      status={status}
      fileName={fileName}
      progress={progress}
      onUpload={async (file) => {
        await props.onUpload(file);
        setFileName(file.name);
        setProgress(0);
        setStatus('uploading');
        setSimulating(true);
      }}
      onDelete={() => {
        props.onDelete();
        setStatus('empty');
        setFileName(undefined);
        setProgress(undefined);
      }}
    />
  );
}

/** A "Save and Continue" that is held back by the dialog while a file uploads. */
function BlockedWhileUploading() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button
        variant="contained"
        onClick={() => {
          setOpen(true);
        }}
      >
        Save and Continue
      </Button>
      <UploadInProgressDialogWidget
        open={open}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Inputs/FileInput',
  component: FileInput,
  // Remount when a state control changes, so the control and the widget agree.
  render: (args) => (
    <SimulatedFileInput key={`${args.status}-${String(args.progress)}`} {...args} />
  ),
  args: {
    id: 'decision_essay',
    label: 'Upload your essay',
    hint: 'A .png, .jpeg, .jpg, .pdf or .docx file of at most 1 MB.',
    status: 'empty',
    accept: ACCEPTED_TYPES,
    validate: (file) => validateFile(file, messages),
    onUpload: fn(() => Promise.resolve()),
    onDelete: fn(),
  },
  argTypes: {
    status: {
      control: 'inline-radio',
      options: ['empty', 'uploading', 'converting', 'uploaded', 'error'],
    },
    progress: { control: { type: 'range', min: 0, max: 100, step: 5 } },
  },
  parameters: {
    // Dialogs cover the page: on the docs page each story gets its own frame.
    docs: { story: { inline: false, height: '320px' } },
  },
} satisfies Meta<typeof FileInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choose a file to watch it upload, convert and arrive. */
export const Default: Story = {};

/** SPEC §4: nothing chosen yet. */
export const Empty: Story = {
  args: { status: 'empty', hint: undefined },
};

export const Required: Story = {
  args: { required: true },
};

/** SPEC §5, §8: a chosen file that breaks the rules shows every message and is not uploaded. */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // 2 MB and a 38-character name: too large, and the name is too long.
    const file = new File(
      [new Uint8Array(2 * 1_048_576)],
      'my-high-school-transcript-final-v2.pdf',
      {
        type: 'application/pdf',
      },
    );
    await userEvent.upload(canvas.getByTestId('file-input'), file);
    await expect(
      await canvas.findByText('Your file is too large. The maximum file size is 1 MB.'),
    ).toBeVisible();
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** SPEC §4: a failed upload or conversion clears the field and says why. */
export const WithError: Story = {
  args: {
    status: 'error',
    error: "We've encountered an unexpected error at this time. Please try again later.",
  },
};

/** A failure the caller gave no words for still tells the person what happened. */
export const UploadFailed: Story = {
  args: { status: 'error' },
};

/** SPEC §4: the file is being sent: determinate progress. */
export const Uploading: Story = {
  args: { status: 'uploading', fileName: 'essay.pdf', progress: 40 },
};

/** Progress unknown while sending: the bar is indeterminate. */
export const UploadingWithoutProgress: Story = {
  args: { status: 'uploading', fileName: 'essay.pdf', progress: undefined },
};

/** SPEC §4: the file arrived and is being converted ("Processing your file…"). */
export const Converting: Story = {
  args: { status: 'converting', fileName: 'essay.pdf' },
};

/** SPEC §4: the uploaded file with its Delete action. */
export const Uploaded: Story = {
  args: { status: 'uploaded', fileName: 'essay.pdf' },
};

/** SPEC §4: Delete asks first. */
export const DeleteConfirmation: Story = {
  args: { status: 'uploaded', fileName: 'essay.pdf' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete essay.pdf' }));
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Delete essay.pdf?',
    });
    // The dialog fades in.
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** SPEC §4, §6: visitors cannot upload until they have an account. */
export const Visitor: Story = {
  args: { visitor: true },
};

export const Disabled: Story = {
  args: { status: 'uploaded', fileName: 'essay.pdf', disabled: true },
};

/** SPEC §8: shown when a person tries to move on while a file is still uploading. */
export const UploadInProgressDialog: Story = {
  render: () => <BlockedWhileUploading />,
  play: async () => {
    // The dialog's code loads on first opening: wait for it, so that axe checks it too.
    await within(document.body).findByRole('dialog', { name: 'File Upload in Progress' });
  },
};

export const Themed: Story = {
  args: { status: 'uploaded', fileName: 'essay.pdf', required: true },
  globals: { theme: 'example' },
};

export const ThemedUploading: Story = {
  args: { status: 'uploading', fileName: 'essay.pdf', progress: 60 },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { status: 'error', error: 'Your file is empty. Please upload a non-empty file.' },
  globals: { theme: 'example' },
};
