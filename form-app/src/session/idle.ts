/**
 * SPEC §4 idle timeout: active → prompted when 60 s remain → idle (logged out with a message).
 * Activity while prompted returns to active; Yes keeps the session; No logs out. Activity after
 * the whole timeout has passed since the last activity logs out (a sleeping laptop wakes).
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** SPEC §9: inactivity timeout 900000 ms, warning 60000 ms before. */
export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_WARNING_MS = 60_000;

export type IdleState = 'active' | 'prompted' | 'idle';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface IdleTimerOptions {
  enabled: boolean;
  timeoutMs?: number;
  warningMs?: number;
  /** Called once when the timeout passes (save, then log out). */
  onIdle: () => void;
}

export function useIdleTimer({
  enabled,
  timeoutMs = IDLE_TIMEOUT_MS,
  warningMs = IDLE_WARNING_MS,
  onIdle,
}: IdleTimerOptions) {
  const [state, setState] = useState<IdleState>('active');
  const [lastActivity, setLastActivity] = useState(() => Date.now());
  const [remainingSeconds, setRemainingSeconds] = useState(Math.ceil(timeoutMs / 1000));

  const fireIdle = useEffectEvent(() => {
    setState('idle');
    onIdle();
  });
  const onActivity = useEffectEvent(() => {
    if (state === 'idle') return;
    // Waking after the whole timeout: the session is over, whatever the timers say.
    if (Date.now() - lastActivity >= timeoutMs) {
      fireIdle();
      return;
    }
    setLastActivity(Date.now());
    if (state === 'prompted') setState('active');
  });
  const onTick = useEffectEvent(() => {
    if (state === 'idle') return;
    const elapsed = Date.now() - lastActivity;
    setRemainingSeconds(Math.max(0, Math.ceil((timeoutMs - elapsed) / 1000)));
    if (elapsed >= timeoutMs) fireIdle();
    else if (elapsed >= timeoutMs - warningMs && state === 'active') setState('prompted');
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const listener = () => {
      onActivity();
    };
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, listener, { passive: true });
    const tick = window.setInterval(() => {
      onTick();
    }, 1000);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, listener);
      window.clearInterval(tick);
    };
  }, [enabled]);

  const keepAlive = useCallback(() => {
    setLastActivity(Date.now());
    setState('active');
  }, []);
  const logoutNow = () => {
    setState('idle');
    onIdle();
  };

  return { state, keepAlive, logoutNow, remainingSeconds };
}
