import { Box } from '@mui/material';
import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

import { ToastStack, type ToastItem, type ToastSeverity } from '../Toast';

/** What `showToast` takes: a toast without an id (one is made), or with one to replace it. */
export type ToastRequest = Omit<ToastItem, 'id'> & {
  /** Reuse an id to replace a toast still on screen rather than stack a second copy. */
  id?: string;
};

/** What `useToast` gives: show a toast, close one early. */
export interface ToastApi {
  /** Shows a toast and returns its id. */
  showToast: (toast: ToastRequest) => string;
  /** Closes a toast before its time (e.g. when the error it reports is fixed). */
  closeToast: (id: string) => void;
  /**
   * Closes every toast of `severity` (all of them without one): an app closes its error toasts
   * when the page they were about is left, so that none outlives its page.
   */
  closeToasts: (severity?: ToastSeverity) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
/** How a `ToastPlace` tells its provider where it is (null once it has gone). */
const ToastPlaceContext = createContext<Dispatch<SetStateAction<HTMLElement | null>> | null>(null);

export interface ToastProviderProps {
  /** The app: anything inside may call `useToast`. */
  children: ReactNode;
}

/**
 * Keeps the app's toasts and shows them in a `ToastStack`: success bottom right, errors across
 * the top, each closing itself after 5000 ms (error-boundary toasts: pass
 * `TOAST_ERROR_BOUNDARY_DURATION`) or when swiped or closed.
 *
 * @example
 * ```tsx
 * <ToastProvider><App /></ToastProvider>
 * // in a card:
 * const { showToast } = useToast();
 * showToast({ severity: 'error', title: 'Login Card Error', message: error.message });
 * ```
 */
export function ToastProvider({ children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<readonly ToastItem[]>([]);
  const [errorPlace, setErrorPlace] = useState<HTMLElement | null>(null);
  const nextId = useRef(0);

  const api = useMemo<ToastApi>(
    () => ({
      showToast: (request) => {
        nextId.current += 1;
        const toast: ToastItem = { ...request, id: request.id ?? `toast-${nextId.current}` };
        setToasts((shown) => [...shown.filter(({ id }) => id !== toast.id), toast]);
        return toast.id;
      },
      closeToast: (id) => {
        setToasts((shown) => shown.filter((toast) => toast.id !== id));
      },
      closeToasts: (severity) => {
        setToasts((shown) =>
          severity === undefined ? [] : shown.filter((toast) => toast.severity !== severity),
        );
      },
    }),
    [],
  );

  return (
    <ToastContext value={api}>
      <ToastPlaceContext value={setErrorPlace}>{children}</ToastPlaceContext>
      <ToastStack toasts={toasts} onClose={api.closeToast} errorPlace={errorPlace} />
    </ToastContext>
  );
}

/**
 * Where the page's error toasts appear: put it first in the page's main content, under the
 * header and its navigation. It takes no room and keeps to the top of the window as the page
 * scrolls (sticky); the header scrolls away with the page, so the toasts, however many, cover
 * the page's content and never the header or the step navigation. Without one (or outside a
 * `ToastProvider`, where it renders an empty box) error toasts sit at the window's top.
 *
 * @example
 * ```tsx
 * <main>
 *   <ToastPlace />
 *   {page}
 * </main>
 * ```
 */
export function ToastPlace() {
  const setPlace = useContext(ToastPlaceContext);
  return (
    <Box
      ref={(place: HTMLDivElement) => {
        setPlace?.(place);
        return () => {
          // Unless a newer place (the next page's layout) has taken over already.
          setPlace?.((current) => (current === place ? null : current));
        };
      }}
      sx={(theme) => ({
        position: 'sticky',
        top: theme.spacing(1),
        height: 0,
        zIndex: theme.zIndex.snackbar,
      })}
    />
  );
}

/**
 * Shows and closes toasts from anywhere under a `ToastProvider`.
 *
 * @example
 * ```tsx
 * const { showToast } = useToast();
 * showToast({ severity: 'success', message: 'Your application was successfully submitted.' });
 * ```
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be called inside a ToastProvider.');
  return api;
}
