/**
 * "One keystroke, one save" (ARCHITECTURE): a save sends only the keys changed since the last
 * successful save, by SPEC's flat keys (the form's answers made flat at the edge, answersEdge.ts). Logged-in applicants also autosave a few seconds after they stop typing,
 * and what the server has not acknowledged waits in this browser's localStorage; a visitor's
 * answers are kept in this tab's sessionStorage so a reload loses nothing.
 */
import { type Answers, ERROR_CODES } from '@admit/form-model';
import { type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { api } from '../api/endpoints.ts';
import { ServerError, UnauthorizedError } from '../api/errors.ts';
import { queryKeys } from '../api/queryClient.ts';
import { type Profile } from '../api/types.ts';
import { pageIntl } from '../pageIntl.ts';
import {
  isPendingFresh,
  nextSaveState,
  PENDING_STORAGE_KEY,
  pendingFor,
  pendingToKeep,
  type SaveEvent,
  type SaveState,
} from './saveState.ts';
import { fieldOfKey, flatAnswersOf } from './answersEdge.ts';
import { type AnswersForm, changeAnswers } from './createAnswersForm.ts';

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

/**
 * Unsaved answers wait in this browser's localStorage, so that a tab closed, or a login in
 * another tab, finds them. Each tab keeps its own entry (`admit.pendingAnswers:<tab>`) and
 * rewrites only that one, so one tab's save never drops another tab's unsaved answers.
 */
const TAB_ID_KEY = 'admit.tabId';

function thisTab(): string {
  try {
    let id = sessionStorage.getItem(TAB_ID_KEY);
    if (id === null) {
      id = crypto.randomUUID();
      sessionStorage.setItem(TAB_ID_KEY, id);
    }
    return id;
  } catch {
    return 'tab';
  }
}

function pendingKeys(): string[] {
  const keys: string[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (key?.startsWith(`${PENDING_STORAGE_KEY}:`) === true) keys.push(key);
  }
  return keys;
}

function readEntry(key: string): unknown {
  const raw = localStorage.getItem(key);
  try {
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Removes the entries that no longer count (expired, or unreadable) and names the rest. */
function freshPendingKeys(now: number): string[] {
  return pendingKeys().filter((key) => {
    if (isPendingFresh(readEntry(key), now)) return true;
    localStorage.removeItem(key);
    return false;
  });
}

/**
 * The answers kept in this browser for `username` because the server never acknowledged them,
 * from every tab (this tab's last, so its own typing wins). This tab takes them over: the
 * other entries go, and what they held is kept under this tab until it is saved.
 */
export function readPendingAnswers(
  username: string | undefined,
  sensitive: ReadonlySet<string>,
  now: number = Date.now(),
): Answers {
  try {
    const own = `${PENDING_STORAGE_KEY}:${thisTab()}`;
    let merged: Answers = {};
    const keys = freshPendingKeys(now).sort((x, y) => Number(x === own) - Number(y === own));
    for (const key of keys) {
      const answers = pendingFor(readEntry(key), username, { now, sensitive });
      if (Object.keys(answers).length === 0) continue;
      merged = { ...merged, ...answers };
      if (key !== own) localStorage.removeItem(key);
    }
    writePendingAnswers(username, merged, sensitive, now);
    return merged;
  } catch {
    return {};
  }
}

/** Whether answers typed in this browser wait to be saved (whoever typed them, within a day). */
export function hasPendingAnswers(now: number = Date.now()): boolean {
  try {
    return freshPendingKeys(now).length > 0;
  } catch {
    return false;
  }
}

function writePendingAnswers(
  username: string | undefined,
  unsaved: Answers,
  sensitive: ReadonlySet<string>,
  now: number = Date.now(),
): void {
  try {
    const key = `${PENDING_STORAGE_KEY}:${thisTab()}`;
    const keep = pendingToKeep(username, unsaved, { now, sensitive });
    if (keep === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(keep));
  } catch {
    // Storage full or blocked: the answers still live in the page.
  }
}

/** On an explicit logout: the next person at this computer must not read them. */
export function clearPendingAnswers(): void {
  try {
    for (const key of pendingKeys()) localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** The answers the server refused: key → its sentences, to show at that field. */
export type Refusals = Readonly<Record<string, readonly string[]>>;

/** What a field is told that is no error: key → a sentence (another tab saved it). */
export type Notices = Readonly<Record<string, string>>;

/**
 * The save state as a tiny store, so that only the status line re-renders when it changes,
 * the answers the server refused, and the notices of other tabs' saves, which only their own
 * fields read.
 */
export interface SaveStatusStore {
  get: () => SaveState;
  refused: () => Refusals;
  notices: () => Notices;
  subscribe: (listener: () => void) => () => void;
}

function createSaveStatusStore() {
  let state: SaveState = { kind: 'idle' };
  let refused: Refusals = {};
  let notices: Notices = {};
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const store: SaveStatusStore & {
    dispatch: (event: SaveEvent) => void;
    setRefused: (next: Refusals) => void;
    setNotices: (next: Notices) => void;
  } = {
    get: () => state,
    refused: () => refused,
    notices: () => notices,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch: (event) => {
      const next = nextSaveState(state, event);
      if (next === state) return;
      state = next;
      notify();
    },
    setRefused: (next) => {
      refused = next;
      notify();
    },
    setNotices: (next) => {
      notices = next;
      notify();
    },
  };
  return store;
}

/**
 * After a save: the refusals still standing. Keys the save carried and the server did not
 * refuse leave; the keys it refused come in with their sentences.
 */
export function refusalsAfter(before: Refusals, sent: Answers, refusedNow: Refusals): Refusals {
  const next: Record<string, readonly string[]> = {};
  for (const [key, sentences] of Object.entries(before)) if (!(key in sent)) next[key] = sentences;
  return { ...next, ...refusedNow };
}

/** The notices still standing once this tab stored `stored`: its answer replaced the other's. */
export function noticesAfter(before: Notices, stored: Answers): Notices {
  return Object.fromEntries(Object.entries(before).filter(([key]) => !(key in stored)));
}

/**
 * What this tab tells the others it saved: the answers but the sensitive ones (form-model's
 * `sensitiveKeys`, the SSN), which never leave the page they were typed in, as they never
 * enter this browser's storage. Another tab keeps its own copy of such an answer.
 */
export function sharedAnswers(answers: Answers, sensitive: ReadonlySet<string>): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !sensitive.has(key)));
}

/** The patch without the answers the server refused, as long as they are unchanged. */
export function withoutRefused(patch: Answers, refusedValues: Answers): Answers {
  return Object.fromEntries(
    Object.entries(patch).filter(
      ([key, value]) => !(key in refusedValues) || refusedValues[key] !== value,
    ),
  );
}

/** The keys whose values differ between two answer sets (a missing key counts as ""). */
export function changedAnswers(saved: Answers, current: Answers): Answers {
  const patch: Answers = {};
  for (const [key, value] of Object.entries(current))
    if ((saved[key] ?? '') !== value) patch[key] = value;
  for (const key of Object.keys(saved)) if (!(key in current) && saved[key] !== '') patch[key] = '';
  return patch;
}

/** Where the tabs of this browser tell each other what they saved (same origin only). */
export const SAVES_CHANNEL = 'admit.saves';

/** What a tab tells the others once the server stored answers of its applicant. */
interface SavedMessage {
  username: string;
  answers: Answers;
}

/**
 * What a field says when another tab saved a different answer while this one's was unsaved:
 * a notice beside its hint, not an error (nothing is wrong with the answer).
 */
export const OTHER_TAB_SAVED_MESSAGE = pageIntl.formatMessage({ id: 'app.engine.otherTabSaved' });

/**
 * What this tab does with answers another tab saved: an answer it shows unchanged since its
 * own last save takes the newer value; one with an unsaved edit here (typed, or on its way)
 * keeps it, and its field says so. `saved` is what this tab last knew the server had.
 */
export function afterOtherTabSaved(
  saved: Answers,
  current: Answers,
  sending: Answers,
  theirs: Answers,
): { take: Answers; conflicts: string[] } {
  const take: Answers = {};
  const conflicts: string[] = [];
  // No answer, an empty one and an unticked box are the same answer.
  const same = (a: Answers[string] | undefined, b: Answers[string] | undefined) =>
    (a === undefined || a === '' || a === false ? '' : a) ===
    (b === undefined || b === '' || b === false ? '' : b);
  for (const [key, value] of Object.entries(theirs)) {
    if (same(current[key], value)) continue;
    const edited = key in sending || !same(current[key], saved[key]);
    if (edited) conflicts.push(key);
    else take[key] = value;
  }
  return { take, conflicts };
}

export function useSaving(
  form: AnswersForm,
  options: {
    loggedIn: boolean;
    queryClient: QueryClient;
    initial: Answers;
    /** Whose answers these are: unsaved ones are kept in this browser under that name. */
    username?: string;
    /** A failed autosave that ended the session (401) goes here; others only show in the status. */
    onSessionEnded?: () => void;
    /** Answer keys never kept in this browser's storage (form-model's `sensitiveKeys`). */
    sensitive: ReadonlySet<string>;
  },
) {
  const { loggedIn, queryClient, username, onSessionEnded, sensitive } = options;
  const saved = useRef<Answers>(options.initial);
  /** The saves under way, each with its patch: a flush as the page goes sends only what they lack. */
  const inFlight = useRef(new Map<Promise<void>, Answers>());
  /** The values the server refused, by key: not sent again until they change. */
  const refusedValues = useRef<Answers>({});
  /** Each send's number, in the order they left, and the number of the latest that failed. */
  const sends = useRef({ sent: 0, lastFailed: 0 });
  const [status] = useState(createSaveStatusStore);
  /** This tab's end of SAVES_CHANNEL, while an applicant is logged in. */
  const channel = useRef<BroadcastChannel | undefined>(undefined);

  /**
   * Sends one patch and keeps the books on its answer, whichever save sent it (the autosave,
   * Retry, or a flush as the page goes): what the server stored is no longer pending and is
   * never sent again; what it refused is shown at its field and held back until it changes.
   */
  const send = useCallback(
    (patch: Answers): Promise<void> => {
      const stored = (answers: Answers) => {
        saved.current = { ...saved.current, ...answers };
        queryClient.setQueryData<Profile>(queryKeys.profile, (profile) =>
          profile === undefined
            ? profile
            : { ...profile, answer: { ...profile.answer, ...answers } },
        );
        // What the server now has leaves this browser's keeping; what was typed meanwhile stays.
        writePendingAnswers(
          username,
          changedAnswers(saved.current, flatAnswersOf(form)),
          sensitive,
        );
        if (Object.keys(status.notices()).length > 0)
          status.setNotices(noticesAfter(status.notices(), answers));
        // The other tabs of this applicant learn of it (memory only, this origin's tabs).
        const shared = sharedAnswers(answers, sensitive);
        if (username !== undefined && Object.keys(shared).length > 0)
          channel.current?.postMessage({ username, answers: shared } satisfies SavedMessage);
      };
      sends.current.sent += 1;
      const number = sends.current.sent;
      const request = api.saveAnswers(patch).then(
        () => {
          stored(patch);
          status.setRefused(refusalsAfter(status.refused(), patch, {}));
        },
        (error: unknown) => {
          // Some answers refused: the server stored every other answer of the patch.
          if (error instanceof ServerError && error.code === ERROR_CODES.answersRefused) {
            const refused = Object.fromEntries(
              Object.entries(patch).filter(([key]) => key in error.errors),
            );
            stored(Object.fromEntries(Object.entries(patch).filter(([key]) => !(key in refused))));
            refusedValues.current = { ...refusedValues.current, ...refused };
            status.setRefused(refusalsAfter(status.refused(), patch, error.errors));
          }
          // Whichever save it was (the autosave, Retry, the flush as the page goes), its
          // answers are not stored: the page says so until a later save has them.
          sends.current.lastFailed = Math.max(sends.current.lastFailed, number);
          status.dispatch({ kind: 'failure' });
          throw error;
        },
      );
      inFlight.current.set(request, patch);
      const done = () => {
        inFlight.current.delete(request);
      };
      request.then(done, done);
      return request;
    },
    [form, queryClient, sensitive, status, username],
  );

  /** What to send now: the changes the server has not got, nor been sent, nor refused as they are. */
  const unsent = useCallback((): Answers => {
    const sending = Object.assign({}, ...inFlight.current.values()) as Answers;
    return withoutRefused(
      changedAnswers({ ...saved.current, ...sending }, flatAnswersOf(form)),
      refusedValues.current,
    );
  }, [form]);

  const save = useCallback(async (): Promise<void> => {
    if (!loggedIn) return;
    // One save at a time: a save waits for those in flight, then sends what is still new.
    while (inFlight.current.size > 0) await Promise.allSettled(inFlight.current.keys());
    // An answer the server refused is not sent again until it changes: it would only be
    // refused again.
    const patch = unsent();
    if (Object.keys(patch).length === 0) {
      status.dispatch({ kind: 'nothing' });
      return;
    }
    status.dispatch({ kind: 'start' });
    const number = sends.current.sent + 1;
    await send(patch);
    // A send that left after this one and failed (a flush as the page was hidden) holds
    // answers this one did not carry: they are not saved, and the page keeps saying so.
    if (sends.current.lastFailed > number) status.dispatch({ kind: 'failure' });
    else status.dispatch({ kind: 'success', at: Date.now() });
  }, [loggedIn, send, status, unsent]);

  const onAutosaveError = useCallback(
    (error: unknown) => {
      // The status line says "Not saved" with Retry; an ended session goes to /login, and the
      // answers wait in this browser for the next login.
      if (error instanceof UnauthorizedError) onSessionEnded?.();
    },
    [onSessionEnded],
  );

  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = form.subscribe(
      ({ values: formValues }) => {
        const values = flatAnswersOf(form, formValues);
        // Kept in this browser at once, until the server acknowledges them.
        if (loggedIn) {
          writePendingAnswers(username, changedAnswers(saved.current, values), sensitive);
        }
        window.clearTimeout(timer);
        timer = window.setTimeout(
          () => {
            if (loggedIn) save().catch(onAutosaveError);
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
  }, [form, loggedIn, onAutosaveError, save, sensitive, username]);

  // A tab closed (or hidden, which on a phone often means closed) within the autosave delay
  // sends its answers at once. The save is a keepalive request, so it arrives after the page
  // is gone, as long as it fits the page's keepalive quota beside the saves in flight (api/
  // client.ts `fitsKeepalive`); with a save in flight, only what that one lacks goes alongside,
  // and its answer is booked like any save's, so a later save does not send the same again.
  useEffect(() => {
    if (!loggedIn) return undefined;
    const flush = () => {
      if (inFlight.current.size === 0) {
        save().catch(onAutosaveError);
        return;
      }
      const patch = unsent();
      if (Object.keys(patch).length > 0) send(patch).catch(onAutosaveError);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // While a save has failed, leaving would lose answers the server never got: the browser
    // asks first (it shows its own words; a page cannot choose them).
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (status.get().kind === 'failed') event.preventDefault();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [loggedIn, onAutosaveError, save, send, status, unsent]);

  // Two tabs editing the same answer must not diverge silently: each learns what the others
  // saved (what the server now holds), takes it where it has no unsaved edit, and otherwise
  // says at the field that another tab saved something else.
  useEffect(() => {
    if (!loggedIn || username === undefined || typeof BroadcastChannel === 'undefined')
      return undefined;
    const opened = new BroadcastChannel(SAVES_CHANNEL);
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<SavedMessage>) => {
      if (event.data.username !== username) return;
      const theirs = event.data.answers;
      const sending = Object.assign({}, ...inFlight.current.values()) as Answers;
      const { take, conflicts } = afterOtherTabSaved(
        saved.current,
        flatAnswersOf(form),
        sending,
        theirs,
      );
      saved.current = { ...saved.current, ...theirs };
      if (Object.keys(take).length > 0)
        changeAnswers(
          form,
          Object.fromEntries(
            Object.entries(take).map(([key, value]) => [fieldOfKey(form, key), value]),
          ),
        );
      if (conflicts.length > 0)
        status.setNotices({
          ...status.notices(),
          ...Object.fromEntries(conflicts.map((key) => [key, OTHER_TAB_SAVED_MESSAGE])),
        });
    };
    return () => {
      opened.close();
      if (channel.current === opened) channel.current = undefined;
    };
  }, [form, loggedIn, status, username]);

  /** Whether anything differs from what the server has (or, for a visitor, anything typed). */
  const hasAnswers = useCallback(
    () => Object.values(flatAnswersOf(form)).some((value) => value !== '' && value !== false),
    [form],
  );

  return { save, hasAnswers, status: status as SaveStatusStore };
}
