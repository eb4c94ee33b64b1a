import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import { Box, IconButton, keyframes, Portal, type Theme, Typography } from '@mui/material';
import { type FocusEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import { useAutoDismiss } from './parts/useAutoDismiss';
import { useSwipeToDismiss } from './parts/useSwipeToDismiss';

/** SPEC §4, §9: a toast closes itself after 5000 ms unless told otherwise. */
export const TOAST_DURATION = 5000;

/** SPEC §4, §9: a toast raised by an error boundary stays 300000 ms (five minutes). */
export const TOAST_ERROR_BOUNDARY_DURATION = 300_000;

/** SPEC §4, §9: a swipe right of more than 50 px closes a toast. */
export const TOAST_SWIPE_THRESHOLD = 50;

/** SPEC §2: success toasts are 390 px wide (full width below the mobile breakpoint). */
export const TOAST_SUCCESS_WIDTH = 390;

/** How a toast went: success (bottom right) or error (full width). */
export type ToastSeverity = 'success' | 'error';

/** Why a toast closed: its time ran out, it was swiped away, or its close button was pressed. */
export type ToastCloseReason = 'timeout' | 'swipe' | 'closeButton';

export interface ToastProps {
  /** Success (green, polite) or error (red, assertive). */
  severity?: ToastSeverity;
  /** A short heading, e.g. "Login Card Error" (SPEC §8). */
  title?: string;
  /** What happened, e.g. the failed call's message. */
  message: string;
  /** Milliseconds before it closes itself: 5000 by default; `null` waits for the user. */
  duration?: number | null;
  /** Called once when the toast asks to close; the owner removes it. */
  onClose: (reason: ToastCloseReason) => void;
  /** Gives the toast its own live role (status or alert); off inside `ToastStack`, which announces. */
  announce?: boolean;
  /** The close button's accessible name; "Close" plus the title by default. */
  closeLabel?: string;
}

const slideIn = keyframes`
  from { transform: translateY(0.75rem); opacity: 0; }
  to { transform: none; opacity: 1; }
`;

/** The fill behind a toast: the theme's severity colour, white text on it. */
function toastColors(severity: ToastSeverity) {
  return (theme: Theme) => ({
    backgroundColor: theme.app.severity[severity],
    color: theme.app.colors.white,
    // The theme's focus ring is primary-coloured: invisible on a green or red fill.
    '& .Mui-focusVisible': { outlineColor: theme.app.colors.white },
  });
}

/**
 * One notification: an icon, an optional title, the message and a close button. It closes
 * itself after `duration` (paused while the pointer is over it or focus is in it), and when
 * swiped right past 50 px (SPEC §4). On its own it is a live region, role `status` for success
 * and `alert` for errors; inside a `ToastStack` the stack's regions announce it instead.
 *
 * @example
 * ```tsx
 * <Toast severity="error" title="Login Card Error" message={error.message} onClose={hide} />
 * ```
 */
export function Toast({
  severity = 'success',
  title,
  message,
  duration = TOAST_DURATION,
  onClose,
  announce = true,
  closeLabel,
}: ToastProps) {
  const intl = useIntl();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipe = useSwipeToDismiss(TOAST_SWIPE_THRESHOLD, () => {
    onClose('swipe');
  });
  useAutoDismiss(duration, hovered || focused || swipe.swiping, () => {
    onClose('timeout');
  });
  const Icon = severity === 'success' ? CheckCircleIcon : ErrorIcon;

  return (
    <Box
      role={announce ? (severity === 'success' ? 'status' : 'alert') : undefined}
      {...swipe.handlers}
      onPointerEnter={() => {
        setHovered(true);
      }}
      onPointerLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={(event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      sx={[
        toastColors(severity),
        {
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.5,
          py: 1,
          pl: 2,
          pr: 1,
          borderRadius: 1,
          boxShadow: 6,
          pointerEvents: 'auto',
          // Horizontal drags are swipes, vertical ones still scroll the page.
          touchAction: 'pan-y',
          userSelect: swipe.swiping ? 'none' : undefined,
          transform: swipe.offset > 0 ? `translateX(${swipe.offset}px)` : undefined,
          opacity: 1 - Math.min(swipe.offset / (TOAST_SWIPE_THRESHOLD * 4), 0.6),
          transition: swipe.swiping ? 'none' : 'transform 150ms ease-out, opacity 150ms ease-out',
          animation: `${slideIn} 200ms ease-out`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
        },
      ]}
    >
      <Icon aria-hidden sx={{ mt: 1, flexShrink: 0 }} />
      <Box sx={{ flex: 1, py: 0.75, minWidth: 0, overflowWrap: 'anywhere' }}>
        {title && (
          <Typography component="p" sx={{ fontWeight: 700, color: 'inherit' }}>
            {title}
          </Typography>
        )}
        <Typography component="p" sx={{ color: 'inherit' }}>
          {message}
        </Typography>
      </Box>
      <IconButton
        aria-label={
          closeLabel ??
          (title
            ? intl.formatMessage({ id: 'ds.toast.closeTitled' }, { title })
            : intl.formatMessage({ id: 'ds.toast.close' }))
        }
        color="inherit"
        onClick={() => {
          onClose('closeButton');
        }}
      >
        <CloseIcon />
      </IconButton>
    </Box>
  );
}

/** One entry of a `ToastStack`. */
export interface ToastItem {
  /** Identifies the toast to `onClose`; unique within the stack. */
  id: string;
  /** Success (bottom right) or error (full width). */
  severity: ToastSeverity;
  /** A short heading, e.g. "Resend Confirmation Code Error". */
  title?: string;
  /** What happened. */
  message: string;
  /** Milliseconds before it closes itself: 5000 by default, 300000 for error boundaries. */
  duration?: number | null;
}

export interface ToastStackProps {
  /** The toasts to show, oldest first (controlled). */
  toasts: readonly ToastItem[];
  /** Called when a toast asks to close; remove it from `toasts`. */
  onClose: (id: string, reason: ToastCloseReason) => void;
  /**
   * Where error toasts go: a `ToastPlace` under the page's header (ToastProvider finds it), so
   * that they never cover the header and its navigation. Without one they sit at the window's
   * top.
   */
  errorPlace?: HTMLElement | null;
}

/** Where success toasts sit: bottom right, 390 px wide; the full width on a phone (SPEC §2). */
function successRegion(theme: Theme) {
  return {
    position: 'fixed',
    zIndex: theme.zIndex.snackbar,
    right: theme.spacing(2),
    bottom: theme.spacing(2),
    width: TOAST_SUCCESS_WIDTH,
    maxWidth: `calc(100vw - ${theme.spacing(4)})`,
    [theme.breakpoints.down('sm')]: {
      left: theme.spacing(1),
      right: theme.spacing(1),
      bottom: theme.spacing(1),
      width: 'auto',
      maxWidth: 'none',
    },
  } as const;
}

/**
 * Where error toasts sit: across the full width (SPEC §2), at the top of their place (under
 * the header, `ToastPlace`), or of the window when there is none.
 */
function errorRegion(placed: boolean) {
  return (theme: Theme) =>
    ({
      position: placed ? 'absolute' : 'fixed',
      zIndex: theme.zIndex.snackbar,
      top: placed ? 0 : theme.spacing(1),
      left: theme.spacing(1),
      right: theme.spacing(1),
    }) as const;
}

/**
 * The app's toasts, controlled: success toasts stacked bottom right, error toasts across the
 * top at full width. Each group sits in a live region that is always present, so a screen
 * reader hears every toast added: success politely (role `status`), errors at once (role
 * `alert`). Use `ToastProvider` unless the app keeps its toasts elsewhere.
 *
 * @example
 * ```tsx
 * <ToastStack toasts={toasts} onClose={(id) => setToasts((all) => all.filter((t) => t.id !== id))} />
 * ```
 */
export function ToastStack({ toasts, onClose, errorPlace }: ToastStackProps) {
  const group = (severity: ToastSeverity) =>
    toasts
      .filter((toast) => toast.severity === severity)
      .map(({ id, ...toast }) => (
        <Toast
          key={id}
          {...toast}
          announce={false}
          onClose={(reason) => {
            onClose(id, reason);
          }}
        />
      ));

  const placed = errorPlace !== undefined && errorPlace !== null;
  return (
    <>
      <Portal container={placed ? errorPlace : undefined}>
        <Box
          role="alert"
          sx={[
            errorRegion(placed),
            { display: 'flex', flexDirection: 'column', gap: 1, pointerEvents: 'none' },
          ]}
        >
          {group('error')}
        </Box>
      </Portal>
      <Portal>
        <Box
          role="status"
          sx={[
            successRegion,
            { display: 'flex', flexDirection: 'column', gap: 1, pointerEvents: 'none' },
          ]}
        >
          {group('success')}
        </Box>
      </Portal>
    </>
  );
}
