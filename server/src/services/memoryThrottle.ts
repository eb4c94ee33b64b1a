/**
 * A fixed-window counter per key, in memory: for high-volume public reads (lookups) where a
 * database write per request would cost more than the read it guards. Per server instance;
 * the key count is bounded, so a flood of addresses cannot grow it without limit.
 */
import { type Clock } from './clock.ts';
import { type ThrottleRule } from './throttle.ts';

export interface MemoryThrottle {
  /** Counts a hit on `key`: undefined when allowed, else the seconds until the window ends. */
  hit: (key: string) => number | undefined;
}

/** At most this many keys are counted at once; beyond it the oldest window is forgotten. */
const MAX_KEYS = 100_000;

export function createMemoryThrottle(rule: ThrottleRule, clock: Clock): MemoryThrottle {
  const windows = new Map<string, { start: number; hits: number }>();
  return {
    hit(key) {
      const now = clock().getTime();
      let window = windows.get(key);
      if (window === undefined || now - window.start >= rule.windowMs) {
        windows.delete(key);
        window = { start: now, hits: 0 };
        // Insertion order is age order: the first key is the oldest window.
        if (windows.size >= MAX_KEYS) {
          const oldest = windows.keys().next();
          if (oldest.done !== true) windows.delete(oldest.value);
        }
        windows.set(key, window);
      }
      window.hits += 1;
      if (window.hits <= rule.limit) return undefined;
      return Math.max(1, Math.ceil((window.start + rule.windowMs - now) / 1000));
    },
  };
}
