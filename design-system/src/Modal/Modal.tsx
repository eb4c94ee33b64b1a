import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  type Theme,
} from '@mui/material';
import { type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** A modal width from SPEC §3 (theme `modalSizes`): xs 30rem, s 60rem, m 80vw. */
export type ModalSize = 'xs' | 's' | 'm';

export interface ModalProps {
  /** Whether the modal is shown (controlled). */
  open: boolean;
  /** Called when the close button, Escape or the backdrop asks the modal to close. */
  onClose: () => void;
  /** The header, also the dialog's accessible name; "Error" by default (SPEC §2). */
  title?: string;
  /** Width from the theme: xs (default), s or m; narrower sizes apply at and below tablet. */
  size?: ModalSize;
  /** The body: text, a form, contact details. */
  children: ReactNode;
  /** Buttons under the body, e.g. "Yes" and "No" of the inactivity prompt. */
  actions?: ReactNode;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** Hides the close button and ignores Escape and backdrop clicks (e.g. a blocking prompt). */
  disableClose?: boolean;
  /** `alertdialog` for a modal that needs an answer at once (e.g. the inactivity warning). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The width of a modal of `size`: SPEC §3 sizes, the tablet set below the tablet breakpoint,
 * the window's width on a phone.
 */
function modalWidth(size: ModalSize) {
  return (theme: Theme) => ({
    width: theme.app.modalSizes[size],
    // Never wider than the window, whatever the size says (30rem on a 375 px phone).
    maxWidth: `calc(100% - ${theme.spacing(4)})`,
    margin: theme.spacing(2),
    [theme.breakpoints.down('md')]: { width: theme.app.modalSizesTablet[size] },
    // SPEC names no phone sizes: below the mobile breakpoint 70vw leaves a narrow column, so
    // every size takes the window's width less its margins.
    [theme.breakpoints.down('sm')]: { width: `calc(100% - ${theme.spacing(4)})` },
  });
}

/**
 * A modal dialog with a header (its accessible name), a close button and a body. Focus moves
 * into it on open, stays inside while open and returns to the trigger on close; Escape closes
 * it. The width comes from the theme's modal sizes (SPEC §3).
 *
 * @example
 * ```tsx
 * <Modal open={open} onClose={() => setOpen(false)}>
 *   We've encountered an unexpected error at this time. Please try again later.
 * </Modal>
 * ```
 */
export function Modal({
  open,
  onClose,
  title,
  size = 'xs',
  children,
  actions,
  closeLabel,
  disableClose = false,
  role = 'dialog',
}: ModalProps) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={disableClose ? undefined : onClose}
      maxWidth={false}
      role={role}
      slotProps={{ paper: { sx: modalWidth(size) } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', pr: 1.5, pt: 1 }}>
        {/* The title alone names the dialog (MUI ties it by id): the close button stays out of it. */}
        <DialogTitle component="h2" variant="h3" sx={{ flex: 1, pt: 1.5, pb: 1 }}>
          {/* SPEC §2: a modal's header when the caller gives none ("Error"). */}
          {title ?? intl.formatMessage({ id: 'ds.modal.defaultTitle' })}
        </DialogTitle>
        {!disableClose && (
          <IconButton
            aria-label={closeLabel ?? intl.formatMessage({ id: 'ds.modal.close' })}
            onClick={onClose}
            sx={{ color: 'neutral.dark', mt: 0.5 }}
          >
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <DialogContent sx={{ color: 'text.primary', pt: 1 }}>{children}</DialogContent>
      {actions && <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>}
    </Dialog>
  );
}
