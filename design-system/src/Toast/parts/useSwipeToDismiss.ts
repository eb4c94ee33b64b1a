import { type PointerEvent, useRef, useState } from 'react';

interface SwipeToDismiss {
  /** How far right the toast has been dragged, in px (0 when at rest). */
  offset: number;
  /** Whether a swipe is under way. */
  swiping: boolean;
  /** Pointer handlers for the toast's root element. */
  handlers: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
  };
}

/**
 * Follows a pointer dragging the toast to the right and calls `onDismiss` when it is let go
 * more than `threshold` px to the right of where it started; a shorter drag springs back.
 */
export function useSwipeToDismiss(threshold: number, onDismiss: () => void): SwipeToDismiss {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [swiping, setSwiping] = useState(false);

  const reset = () => {
    startX.current = null;
    setOffset(0);
    setSwiping(false);
  };

  return {
    offset,
    swiping,
    handlers: {
      onPointerDown: (event) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        startX.current = event.clientX;
        setSwiping(true);
        // Keep receiving moves when the pointer runs ahead of the toast; not from the close
        // button, whose click would otherwise go to the toast.
        const target = event.target as Element;
        if (!target.closest('button, a')) {
          try {
            event.currentTarget.setPointerCapture(event.pointerId);
          } catch {
            // A synthetic or already-released pointer cannot be captured; moves still arrive.
          }
        }
      },
      onPointerMove: (event) => {
        if (startX.current === null) return;
        setOffset(Math.max(0, event.clientX - startX.current));
      },
      onPointerUp: (event) => {
        if (startX.current === null) return;
        const distance = event.clientX - startX.current;
        reset();
        if (distance > threshold) onDismiss();
      },
      onPointerCancel: reset,
    },
  };
}
