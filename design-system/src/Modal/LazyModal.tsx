import { lazy, Suspense, useState } from 'react';

import type { ModalProps } from './Modal';

const LoadedModal = lazy(async () => ({ default: (await import('./Modal')).Modal }));

/**
 * A Modal whose code (MUI's Dialog, focus trap and transitions) is fetched the first time it
 * opens: for dialogs a page shows only on request (help, privacy notice, the inactivity
 * prompt), which then stay out of the page's first download. It shows a moment later than
 * Modal on first opening; once opened it stays mounted, so closing fades out and gives focus
 * back to the trigger as Modal does. Same props as Modal.
 *
 * @example
 * ```tsx
 * <LazyModal open={helpOpen} onClose={() => setHelpOpen(false)} title="Help">…</LazyModal>
 * ```
 */
export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal {...props} />
    </Suspense>
  );
}
