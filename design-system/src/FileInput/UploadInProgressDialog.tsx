import { Button } from '@mui/material';

import { LazyModal } from '../Modal';

/** SPEC §8: the title of the dialog that holds a person back while a file uploads. */
export const UPLOAD_IN_PROGRESS_TITLE = 'File Upload in Progress';

/** SPEC §8: the body of that dialog. */
export const UPLOAD_IN_PROGRESS_MESSAGE = 'Please wait until the file upload has completed.';

export interface UploadInProgressDialogProps {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called when the person dismisses it (OK, close button, Escape). */
  onClose: () => void;
}

/**
 * SPEC §4, §8: "File Upload in Progress", shown when a person tries to leave or switch tabs
 * while a file is still uploading or converting.
 *
 * @example
 * ```tsx
 * <UploadInProgressDialog open={blocked} onClose={() => setBlocked(false)} />
 * ```
 */
export function UploadInProgressDialog({ open, onClose }: UploadInProgressDialogProps) {
  return (
    <LazyModal
      open={open}
      onClose={onClose}
      title={UPLOAD_IN_PROGRESS_TITLE}
      actions={
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      }
    >
      {UPLOAD_IN_PROGRESS_MESSAGE}
    </LazyModal>
  );
}
