/**
 * "One keystroke, one save" (ARCHITECTURE): a save sends only the keys changed since the last
 * successful save. Logged-in applicants also autosave a few seconds after they stop typing;
 * a visitor's answers are kept in this tab's sessionStorage so a reload loses nothing.
 */
import { type Answers } from '@admit/form-model';
import { type QueryClient } from '@tanstack/react-query';
import { type FormApi } from 'final-form';
import { useCallback, useEffect, useRef } from 'react';

import { api } from '../api/endpoints.ts';
import { queryKeys } from '../api/queryClient.ts';
import { type Profile } from '../api/types.ts';

/** How long after the last change an autosave starts. */
export const AUTOSAVE_DELAY_MS = 3000;
/** Where a visitor's answers wait (cleared when the tab closes). */
export const VISITOR_STORAGE_KEY = 'admit.visitorAnswers';

export function readVisitorAnswers(): Answers {
  try {
    const raw = sessionStorage.getItem(VISITOR_STORAGE_KEY);
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Answers) : {};
  } catch {
    return {};
  }
}

export function writeVisitorAnswers(answers: Answers): void {
  try {
    sessionStorage.setItem(VISITOR_STORAGE_KEY, JSON.stringify(answers));
  } catch {
    // Storage full or blocked: the answers still live in the page.
  }
}

export function clearVisitorAnswers(): void {
  try {
    sessionStorage.removeItem(VISITOR_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The keys whose values differ between two answer sets (a removed key counts as ""). */
export function changedAnswers(saved: Answers, current: Answers): Answers {
  const patch: Answers = {};
  for (const [key, value] of Object.entries(current)) if (saved[key] !== value) patch[key] = value;
  for (const key of Object.keys(saved)) if (!(key in current) && saved[key] !== '') patch[key] = '';
  return patch;
}

export function useSaving(
  form: FormApi<Answers>,
  options: { loggedIn: boolean; queryClient: QueryClient; initial: Answers },
) {
  const { loggedIn, queryClient } = options;
  const saved = useRef<Answers>(options.initial);
  const inFlight = useRef<Promise<void> | undefined>(undefined);

  const save = useCallback(async (): Promise<void> => {
    if (!loggedIn) return;
    // One save at a time: a save waits for the one in flight, then sends what is still new.
    while (inFlight.current !== undefined) await inFlight.current.catch(() => undefined);
    const current = form.getState().values;
    const patch = changedAnswers(saved.current, current);
    if (Object.keys(patch).length === 0) return;
    const request = api.saveAnswers(patch).then(() => {
      saved.current = { ...saved.current, ...patch };
      queryClient.setQueryData<Profile>(queryKeys.profile, (profile) =>
        profile === undefined ? profile : { ...profile, answer: { ...profile.answer, ...patch } },
      );
    });
    inFlight.current = request;
    try {
      await request;
    } finally {
      inFlight.current = undefined;
    }
  }, [form, loggedIn, queryClient]);

  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = form.subscribe(
      ({ values }) => {
        window.clearTimeout(timer);
        timer = window.setTimeout(
          () => {
            if (loggedIn) void save().catch(() => undefined);
            else writeVisitorAnswers(values);
          },
          loggedIn ? AUTOSAVE_DELAY_MS : 300,
        );
      },
      { values: true },
    );
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [form, loggedIn, save]);

  /** Whether anything differs from what the server has (or, for a visitor, anything typed). */
  const hasAnswers = useCallback(
    () => Object.values(form.getState().values).some((value) => value !== '' && value !== false),
    [form],
  );

  return { save, hasAnswers };
}
