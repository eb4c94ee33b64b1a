/**
 * SPEC §4 idle timeout: active → prompted when 60 s remain → idle (logged out with a message).
 * Activity while prompted returns to active; Yes keeps the session; No logs out. Activity after
 * the whole timeout has passed since the last activity logs out (a sleeping laptop wakes).
 *
 * Issue 15: the clock is one across the applicant's tabs (activity is told to the others over a
 * BroadcastChannel, so no tab logs out another that is in use), and activity keeps the server's
 * session alive with `ping` at most about once a minute.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';

import { isActivityMessage, keepAliveDue, lastActivityAfter } from '../application/activity.ts';

/** SPEC §9: inactivity timeout 900000 ms, warning 60000 ms before. */
export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_WARNING_MS = 60_000;

export type IdleState = 'active' | 'prompted' | 'idle';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** The channel the applicant's tabs share their activity on. */
export const IDLE_CHANNEL = 'admit.idle';
/** Activity is told to the other tabs at most this often. */
const BROADCAST_EVERY_MS = 1000;

export interface IdleTimerOptions {
  enabled: boolean;
  timeoutMs?: number;
  warningMs?: number;
  /** Called once when the timeout passes (save, then log out). */
  onIdle: () => void;
  /** "No, log me out": a logout by hand, not the automatic one (issue 15 #7). */
  onLogOut: () => void;
  /** A light authenticated request: the server's idle clock restarts on any request. */
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
  const [lastActivity, setLastActivity] = useState(() => Date.now());
  const [remainingSeconds, setRemainingSeconds] = useState(Math.ceil(timeoutMs / 1000));
  const channel = useRef<BroadcastChannel | undefined>(undefined);
  const lastPing = useRef<number | undefined>(undefined);
  const lastBroadcast = useRef<number | undefined>(undefined);

  const sendPing = (now: number) => {
    if (!keepAliveDue(now, lastPing.current)) return;
    lastPing.current = now;
    ping?.();
  };
  const tellOtherTabs = (now: number) => {
    if (lastBroadcast.current !== undefined && now - lastBroadcast.current < BROADCAST_EVERY_MS)
      return;
    lastBroadcast.current = now;
    channel.current?.postMessage({ type: 'activity', at: now });
  };

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
    const now = Date.now();
    setLastActivity(now);
    if (state === 'prompted') setState('active');
    tellOtherTabs(now);
    sendPing(now);
  });
  const onOtherTab = useEffectEvent((at: number) => {
    if (state === 'idle') return;
    const now = Date.now();
    const next = lastActivityAfter(lastActivity, at, now, timeoutMs);
    if (next === lastActivity) return;
    setLastActivity(next);
    if (state === 'prompted' && now - next < timeoutMs - warningMs) setState('active');
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
    const shared =
      typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(IDLE_CHANNEL);
    channel.current = shared;
    if (shared !== undefined)
      shared.onmessage = (event: MessageEvent) => {
        if (isActivityMessage(event.data)) onOtherTab(event.data.at);
      };
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, listener);
      window.clearInterval(tick);
      shared?.close();
      channel.current = undefined;
    };
  }, [enabled]);

  const keepAlive = () => {
    const now = Date.now();
    setLastActivity(now);
    setState('active');
    tellOtherTabs(now);
    sendPing(now);
  };
  const logoutNow = () => {
    setState('idle');
    onLogOut();
  };

  return { state, keepAlive, logoutNow, remainingSeconds };
}
