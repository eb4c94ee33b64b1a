/**
 * Something fetched once and kept (a page's code, a field's chunk, the college's other pages):
 * every call gets the same promise, so React's `use` can wait on it; a failed fetch is
 * forgotten, so the next call tries again; what arrived is at hand synchronously afterwards,
 * and those who subscribed are told when it arrives.
 */
export interface LoadOnce<T> {
  /** Fetches it (once), or gives the fetch under way, or what arrived. */
  load: () => Promise<T>;
  /** What arrived, if it has. */
  current: () => T | undefined;
  /** Told once it arrives; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

export function loadOnce<T>(fetch: () => Promise<T>): LoadOnce<T> {
  let request: Promise<T> | undefined;
  let arrived: { value: T } | undefined;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (request ??= fetch().then(
        (value) => {
          arrived = { value };
          for (const listener of [...listeners]) listener();
          return value;
        },
        (error: unknown) => {
          request = undefined;
          throw error;
        },
      )),
    current: () => arrived?.value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
