/** A debounced function: call it as often as you like; `cancel` drops a pending call. */
export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  /** Forgets the pending call, if any (e.g. on unmount). */
  cancel: () => void;
}

/** How long to wait: `wait` ms of quiet, but never more than `maxWait` ms after the first call. */
export interface DebounceTiming {
  /** Quiet time after the last call before `run` fires. */
  wait: number;
  /** Longest time a call may be held back while calls keep coming. */
  maxWait: number;
}

/**
 * Runs `run` with the latest arguments once calls stop for `wait` ms, or `maxWait` ms after
 * the first held-back call, whichever comes first (lodash's trailing debounce with `maxWait`).
 * So a person typing without pause still gets suggestions every `maxWait` ms.
 *
 * @example
 * ```ts
 * const lookUp = debounce((text: string) => void fetchSuggestions(text), { wait: 200, maxWait: 500 });
 * ```
 */
export function debounce<Args extends unknown[]>(
  run: (...args: Args) => void,
  { wait, maxWait }: DebounceTiming,
): Debounced<Args> {
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let latestArgs: Args | undefined;

  function clearTimers() {
    clearTimeout(quietTimer);
    clearTimeout(maxTimer);
    quietTimer = undefined;
    maxTimer = undefined;
  }

  function fire() {
    const args = latestArgs;
    clearTimers();
    latestArgs = undefined;
    if (args) run(...args);
  }

  const debounced = (...args: Args) => {
    latestArgs = args;
    clearTimeout(quietTimer);
    quietTimer = setTimeout(fire, wait);
    maxTimer ??= setTimeout(fire, maxWait);
  };
  debounced.cancel = () => {
    clearTimers();
    latestArgs = undefined;
  };
  return debounced;
}
