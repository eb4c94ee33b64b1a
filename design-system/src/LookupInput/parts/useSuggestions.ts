import { useEffect, useRef, useState } from 'react';

import { debounce, type Debounced, type DebounceTiming } from './debounce';

/** Suggestions as the lookup returns them (the widget's `LookupSuggestion`). */
interface Suggestion {
  text: string;
  id: string;
  sub_text?: string;
}

/** The lookup state of a `LookupInput`, and the handlers that drive it. */
interface Suggestions<S extends Suggestion> {
  /** The latest lookup's suggestions ([] before any, and after a failure). */
  suggestions: S[];
  /** True while a lookup runs. */
  loading: boolean;
  /** Looks `text` up once typing pauses (debounced with a maximum wait). */
  lookUp: (text: string) => void;
  /** Drops a scheduled or running lookup and forgets the suggestions. */
  clear: () => void;
  /** Drops a scheduled or running lookup, keeping the suggestions. */
  stop: () => void;
}

/**
 * Debounced lookups for a `LookupInput`: one lookup at a time (a newer text aborts the older
 * request), and a failed lookup gives an empty list rather than an error (SPEC §7, §8).
 */
export function useSuggestions<S extends Suggestion>(
  fetchSuggestions: (text: string, signal: AbortSignal) => Promise<S[]>,
  timing: DebounceTiming,
): Suggestions<S> {
  const [suggestions, setSuggestions] = useState<S[]>([]);
  const [loading, setLoading] = useState(false);
  // The latest fetch prop, read when a lookup fires (not when it was scheduled).
  const fetchRef = useRef(fetchSuggestions);
  const pendingRef = useRef<AbortController | null>(null);
  const debouncedRef = useRef<Debounced<[string]> | null>(null);

  useEffect(() => {
    fetchRef.current = fetchSuggestions;
  }, [fetchSuggestions]);

  useEffect(
    () => () => {
      debouncedRef.current?.cancel();
      pendingRef.current?.abort();
    },
    [],
  );

  function fetchNow(text: string) {
    pendingRef.current?.abort();
    const controller = new AbortController();
    pendingRef.current = controller;
    setLoading(true);
    fetchRef.current(text, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setSuggestions(found);
        setLoading(false);
      },
      () => {
        // SPEC §8: a failed lookup offers no suggestions; it never shows an error.
        if (controller.signal.aborted) return;
        setSuggestions([]);
        setLoading(false);
      },
    );
  }

  function stop() {
    debouncedRef.current?.cancel();
    pendingRef.current?.abort();
    pendingRef.current = null;
    setLoading(false);
  }

  return {
    suggestions,
    loading,
    lookUp: (text) => {
      debouncedRef.current ??= debounce(fetchNow, timing);
      debouncedRef.current(text);
    },
    stop,
    clear: () => {
      stop();
      setSuggestions([]);
    },
  };
}
