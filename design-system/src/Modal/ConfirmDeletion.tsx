import { Button } from '@mui/material';
import { type ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { LazyModal } from './LazyModal';

export interface ConfirmDeletionProps {
  /** Whether the question is shown (controlled). */
  open: boolean;
  /** The question, also the dialog's accessible name: "Remove College 2?". */
  title: string;
  /** What the deletion removes, said before it happens. */
  children: ReactNode;
  /** The destructive button's label: "Remove", "Delete and switch". */
  confirmLabel: string;
  /** Cancel, Escape, the close button or the backdrop: nothing is deleted. */
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A question before something is deleted (an add-another group, a tab's answers): an
 * alert dialog naming what goes, Cancel focused first (the choice that loses nothing), and the
 * destructive action in the error colour. Its code loads on first opening (LazyModal).
 *
 * @example
 * ```tsx
 * <ConfirmDeletion open={open} title="Remove College 2?" confirmLabel="Remove"
 *   onCancel={close} onConfirm={remove}>Its answers will be deleted.</ConfirmDeletion>
 * ```
 */
export function ConfirmDeletion({
  open,
  title,
  children,
  confirmLabel,
  onCancel,
  onConfirm,
}: ConfirmDeletionProps) {
  const intl = useIntl();
  return (
    <LazyModal
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      actions={
        <>
          <Button variant="outlined" onClick={onCancel} autoFocus>
            {intl.formatMessage({ id: 'ds.confirmDeletion.cancel' })}
          </Button>
          <Button variant="contained" color="error" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </LazyModal>
  );
}
