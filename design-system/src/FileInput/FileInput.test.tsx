import { englishMessages } from '@admit/form-model';
import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './FileInput.stories';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

const {
  Default,
  Invalid,
  WithError,
  UploadFailed,
  Uploading,
  Converting,
  Uploaded,
  DeleteConfirmation,
  Visitor,
  Disabled,
  UploadInProgressDialog,
} = composeStories(stories);

const chooseButton = () => page.getByRole('button', { name: 'Upload your essay Choose file' });
const nativeInput = () => page.getByTestId('file-input');

/** A file of `size` bytes, made in the test. */
function fileOf(name: string, size: number) {
  return new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });
}

describe('FileInput', () => {
  it('offers a "Choose file" button named with the question and described by the hint', async () => {
    await Default.run();
    await expect.element(chooseButton()).toBeEnabled();
    await expect
      .element(chooseButton())
      .toHaveAccessibleDescription('A .png, .jpeg, .jpg, .pdf or .docx file of at most 1 MB.');
    await expect.element(page.getByText('No file chosen')).toBeVisible();
  });

  it.each([
    ['empty', fileOf('essay.pdf', 0), messages.fileEmpty],
    ['too large', fileOf('essay.pdf', 1_048_577), messages.fileTooLarge],
    ['of a wrong type', fileOf('essay.gif', 10), messages.fileType],
    ['named too long', fileOf(`${'a'.repeat(29)}.pdf`, 10), messages.fileNameTooLong],
  ])('shows SPEC §8’s message for a file %s and does not upload it', async (_case, file, text) => {
    await Default.run();
    await userEvent.upload(nativeInput(), file);
    await expect.element(page.getByText(text)).toBeVisible();
    await expect.element(chooseButton()).toHaveAccessibleDescription(new RegExp(`Error: ${text}`));
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
    expect(Default.args.onUpload).not.toHaveBeenCalled();
  });

  it('shows every message of a file that breaks several rules', async () => {
    await Invalid.run();
    await expect.element(page.getByText(messages.fileTooLarge)).toBeVisible();
    await expect.element(page.getByText(messages.fileNameTooLong)).toBeVisible();
    expect(Invalid.args.onUpload).not.toHaveBeenCalled();
  });

  it('uploads a valid file and forgets the earlier messages', async () => {
    await Default.run();
    await userEvent.upload(nativeInput(), fileOf('essay.pdf', 0));
    await expect.element(page.getByText(messages.fileEmpty)).toBeVisible();
    await userEvent.upload(nativeInput(), fileOf('essay.pdf', 2048));
    expect(Default.args.onUpload).toHaveBeenCalledTimes(1);
    expect(Default.args.onUpload).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'essay.pdf' }),
    );
    await expect.element(page.getByText(messages.fileEmpty)).not.toBeInTheDocument();
    await expect
      .element(page.getByRole('progressbar', { name: 'Uploading essay.pdf…' }))
      .toBeVisible();
  });

  it('shows determinate progress while uploading', async () => {
    await Uploading.run();
    const bar = page.getByRole('progressbar', { name: 'Uploading essay.pdf…' });
    await expect.element(bar).toHaveAttribute('aria-valuenow', '40');
    await expect.element(page.getByText('40%')).toBeVisible();
  });

  it('shows "Processing your file…" while converting (SPEC §4)', async () => {
    await Converting.run();
    const bar = page.getByRole('progressbar', { name: 'Processing your file…' });
    await expect.element(bar).toBeVisible();
    await expect.element(bar).not.toHaveAttribute('aria-valuenow');
  });

  it('shows the uploaded file with a Delete action', async () => {
    await Uploaded.run();
    await expect.element(page.getByText('essay.pdf', { exact: true }).first()).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Delete essay.pdf' })).toBeEnabled();
  });

  it('deletes only after confirmation: Cancel keeps the file, Delete removes it', async () => {
    await DeleteConfirmation.run();
    const dialog = page.getByRole('alertdialog', { name: 'Delete essay.pdf?' });
    await expect.element(dialog).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect.element(dialog).not.toBeInTheDocument();
    expect(DeleteConfirmation.args.onDelete).not.toHaveBeenCalled();

    await userEvent.click(page.getByRole('button', { name: 'Delete essay.pdf' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete', exact: true }));
    expect(DeleteConfirmation.args.onDelete).toHaveBeenCalledTimes(1);
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(chooseButton()).toHaveFocus();
  });

  it('tells a visitor why the upload waits, and does not let them choose (SPEC §4)', async () => {
    await Visitor.run();
    const message = 'This question can be finished once you have created an account.';
    await expect.element(page.getByText(message)).toBeVisible();
    await expect.element(chooseButton()).toBeDisabled();
    await expect.element(chooseButton()).toHaveAccessibleDescription(new RegExp(message));
  });

  it('shows the caller’s error after a failed upload, ready to choose again', async () => {
    await WithError.run();
    await expect
      .element(
        page.getByText(
          "We've encountered an unexpected error at this time. Please try again later.",
        ),
      )
      .toBeVisible();
    await expect.element(chooseButton()).toBeEnabled();
  });

  it('still says something when an upload failed without a message', async () => {
    await UploadFailed.run();
    await expect
      .element(page.getByText('Your file could not be uploaded. Please try again.'))
      .toBeVisible();
  });

  it('cannot delete when disabled', async () => {
    await Disabled.run();
    await expect.element(page.getByRole('button', { name: 'Delete essay.pdf' })).toBeDisabled();
  });

  it('holds a person back with "File Upload in Progress" until they press OK (SPEC §8)', async () => {
    await UploadInProgressDialog.run();
    const dialog = page.getByRole('dialog', { name: 'File Upload in Progress' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog.getByText('Please wait until the file upload has completed.'))
      .toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'OK' }));
    await expect.element(dialog).not.toBeInTheDocument();
  });
});
