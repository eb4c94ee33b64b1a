import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';

import { ToastStack, type ToastItem } from '../Toast';

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
}

const ToastContext = createContext<ToastApi | null>(null);

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
    }),
    [],
  );

  return (
    <ToastContext value={api}>
      {children}
      <ToastStack toasts={toasts} onClose={api.closeToast} />
    </ToastContext>
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
