import { Button } from '@mui/material';
import { useIntl } from 'react-intl';

import { LazyModal } from '../Modal';

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
  const intl = useIntl();
  // SPEC §8: the dialog's title and body ("File Upload in Progress").
  return (
    <LazyModal
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'ds.uploadInProgress.title' })}
      actions={
        <Button variant="contained" onClick={onClose}>
          {intl.formatMessage({ id: 'ds.uploadInProgress.ok' })}
        </Button>
      }
    >
      {intl.formatMessage({ id: 'ds.uploadInProgress.message' })}
    </LazyModal>
  );
}
