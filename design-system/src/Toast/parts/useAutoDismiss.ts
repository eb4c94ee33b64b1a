import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `onTimeout` once `duration` ms have passed while not `paused`. Pausing keeps the time
 * already spent, so a toast read with the pointer over it (or focus in it) is not lost.
 * A `null` duration never times out.
 */
export function useAutoDismiss(
  duration: number | null,
  paused: boolean,
  onTimeout: () => void,
): void {
  const remaining = useRef<number | null>(null);
  const timeout = useEffectEvent(onTimeout);

  useEffect(() => {
    if (duration === null || paused) return;
    const left = remaining.current ?? duration;
    const startedAt = Date.now();
    const timer = setTimeout(() => {
      timeout();
    }, left);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, left - (Date.now() - startedAt));
    };
  }, [duration, paused]);
}
