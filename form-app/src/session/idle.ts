/**
 * SPEC §4 idle timeout: active → prompted when 60 s remain → idle (logged out with a message).
 * The clock is the server's: every answer says how long the session lives (api/client.ts's
 * `onSessionEnd`), so "Yes, keep me logged in" never meets a session the server already ended.
 * Activity sends a light request (`ping`) at most about once a minute, and its answer moves
 * the end on; "Yes" always sends one, and the prompt closes when the answer comes (a 401 there
 * goes to /login). The end is one across the applicant's tabs (told over a BroadcastChannel,
 * so no tab logs out another that is in use). Activity after the end logs out (a sleeping
 * laptop wakes).
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';

import { lastKnownSessionEnd, onSessionEnd } from '../api/client.ts';
import { idleStateAt, isSessionEndMessage, keepAliveDue, sessionEndAfter } from './activity.ts';

/** SPEC §9: inactivity timeout 900000 ms, warning 60000 ms before. */
export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_WARNING_MS = 60_000;

export type IdleState = 'active' | 'prompted' | 'idle';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** The channel the applicant's tabs share the session's end on. */
export const IDLE_CHANNEL = 'admit.idle';

export interface IdleTimerOptions {
  enabled: boolean;
  /** Until an answer reports the session's end: this long from when the timer starts. */
  timeoutMs?: number;
  warningMs?: number;
  /** Called once when the session ends (save, then log out). */
  onIdle: () => void;
  /** "No, log me out": a logout by hand, not the automatic one. */
  onLogOut: () => void;
  /** A light authenticated request: its answer reports the session's new end. */
  ping?: () => void;
}

export function useIdleTimer({
  enabled,
  timeoutMs = IDLE_TIMEOUT_MS,
  warningMs = IDLE_WARNING_MS,
  onIdle,
  onLogOut,
  ping,
}: IdleTimerOptions) {
  const [state, setState] = useState<IdleState>('active');
  const [endsAt, setEndsAt] = useState(() => {
    // An end already past belongs to an earlier session of this page (logged in again).
    const known = lastKnownSessionEnd();
    const now = Date.now();
    return known !== undefined && known > now ? known : now + timeoutMs;
  });
  const [remainingSeconds, setRemainingSeconds] = useState(Math.ceil(timeoutMs / 1000));
  const channel = useRef<BroadcastChannel | undefined>(undefined);
  const lastPing = useRef<number | undefined>(undefined);

  const sendPing = (now: number, force = false) => {
    if (!force && !keepAliveDue(now, lastPing.current)) return;
    lastPing.current = now;
    ping?.();
  };

  const fireIdle = useEffectEvent(() => {
    setState('idle');
    onIdle();
  });
  /** Moves the clock to the state the end implies (a renewed session closes the prompt). */
  const settle = useEffectEvent((end: number) => {
    if (state === 'idle') return;
    const now = Date.now();
    const next = idleStateAt(end, now, warningMs);
    setRemainingSeconds(Math.max(0, Math.ceil((end - now) / 1000)));
    if (next === 'idle') fireIdle();
    else if (next !== state) setState(next);
  });
  const onActivity = useEffectEvent(() => {
    if (state === 'idle') return;
    const now = Date.now();
    // Waking after the end: the session is over, whatever the timers say.
    if (now >= endsAt) {
      fireIdle();
      return;
    }
    sendPing(now);
  });
  const onReported = useEffectEvent((reported: number, tell: boolean) => {
    if (state === 'idle') return;
    const next = sessionEndAfter(endsAt, reported, Date.now());
    if (next === endsAt) return;
    setEndsAt(next);
    if (tell) channel.current?.postMessage({ type: 'session-end', endsAt: next });
    settle(next);
  });
  const onTick = useEffectEvent(() => {
    settle(endsAt);
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
    const unsubscribe = onSessionEnd((reported) => {
      onReported(reported, true);
    });
    const shared =
      typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(IDLE_CHANNEL);
    channel.current = shared;
    if (shared !== undefined)
      shared.onmessage = (event: MessageEvent) => {
        if (isSessionEndMessage(event.data)) onReported(event.data.endsAt, false);
      };
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, listener);
      window.clearInterval(tick);
      unsubscribe();
      shared?.close();
      channel.current = undefined;
    };
  }, [enabled]);

  /**
   * "Yes": asks the server at once; the prompt closes when its answer moves the end on. After
   * a logout the server refused, the clock runs again.
   */
  const keepAlive = () => {
    if (state === 'idle') setState('active');
    sendPing(Date.now(), true);
  };
  const logoutNow = () => {
    setState('idle');
    onLogOut();
  };

  return { state, keepAlive, logoutNow, remainingSeconds };
}
