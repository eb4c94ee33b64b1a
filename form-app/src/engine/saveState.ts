/**
 * What the form page says about saving (an aria-live status), and the answers kept in this
 * browser until the server has them. Pure functions; `useSaving` wires them.
 */
import { type Answers } from '@admit/form-model';

import { pageIntl } from '../pageIntl.ts';

/** Where a save stands: nothing yet, in flight, acknowledged at a time, or failed. */
export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: number } | { kind: 'failed' };

export type SaveEvent =
  | { kind: 'start' }
  | { kind: 'success'; at: number }
  | { kind: 'failure' }
  /** A save found nothing new to send. */
  | { kind: 'nothing' };

export function nextSaveState(state: SaveState, event: SaveEvent): SaveState {
  switch (event.kind) {
    case 'start':
      return { kind: 'saving' };
    case 'success':
      return { kind: 'saved', at: event.at };
    case 'failure':
      return { kind: 'failed' };
    case 'nothing':
      // A failure stays until a save succeeds; a finished "Saving…" cannot stay on screen.
      return state.kind === 'saving' ? { kind: 'idle' } : state;
  }
}

/** "2:14 PM" in the page's language, or in `locale` (the tests fix en-US). */
export function formatSaveTime(at: number, locale?: string): string {
  return new Date(at).toLocaleTimeString(locale ?? pageIntl.locale, {
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * The status line in the page's language: "Saving…", "Saved at 2:14 PM", "Not saved", or
 * nothing before a save.
 */
export function saveStatusText(
  state: SaveState,
  formatTime: (at: number) => string = formatSaveTime,
): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'saving':
      return pageIntl.formatMessage({ id: 'app.engine.saveStatus.saving' });
    case 'saved':
      return pageIntl.formatMessage(
        { id: 'app.engine.saveStatus.saved' },
        { time: formatTime(state.at) },
      );
    case 'failed':
      return pageIntl.formatMessage({ id: 'app.engine.saveStatus.failed' });
  }
}

/**
 * Where answers not yet acknowledged by the server wait, in localStorage, one entry per tab
 * (`<this key>:<tab>`), until they are saved or the applicant logs out. On a shared computer
 * the next person could read them: the sensitive ones (the Social Security number, see
 * form-model's `sensitiveKeys`) are never kept, and the rest expire after `PENDING_MAX_AGE_MS`.
 */
export const PENDING_STORAGE_KEY = 'admit.pendingAnswers';

/** A day: long enough to come back after a lost connection, short enough for a library PC. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PendingAnswers {
  /** Whose answers: another account logging in in this browser never gets them. */
  username: string;
  answers: Answers;
  /** When they were last written (ms since the epoch): they expire a day later. */
  keptAt: number;
}

/**
 * What to keep for `username` at `now`: the unsaved answers but the sensitive ones, or nothing
 * (remove the entry) when none is left.
 */
export function pendingToKeep(
  username: string | undefined,
  unsaved: Answers,
  { now, sensitive }: { now: number; sensitive: ReadonlySet<string> },
): PendingAnswers | undefined {
  if (username === undefined) return undefined;
  const answers = Object.fromEntries(
    Object.entries(unsaved).filter(([key]) => !sensitive.has(key)),
  );
  if (Object.keys(answers).length === 0) return undefined;
  return { username, answers, keptAt: now };
}

/**
 * Whether a stored entry still counts at `now`: someone's answers, written less than
 * `PENDING_MAX_AGE_MS` ago. An entry without a time (written before they expired, when the
 * SSN could be among them) or from the future (a clock turned back) does not.
 */
export function isPendingFresh(stored: unknown, now: number): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  // Read from storage: any shape at all, hence each field checked as unknown.
  const entry = stored as Record<keyof PendingAnswers, unknown>;
  return (
    typeof entry.username === 'string' &&
    typeof entry.answers === 'object' &&
    entry.answers !== null &&
    typeof entry.keptAt === 'number' &&
    entry.keptAt <= now &&
    now - entry.keptAt < PENDING_MAX_AGE_MS
  );
}

/**
 * The kept answers that belong to `username` (read back after logging in again), unless they
 * have expired; a sensitive answer is left out even if an entry holds one.
 */
export function pendingFor(
  stored: unknown,
  username: string | undefined,
  { now, sensitive }: { now: number; sensitive: ReadonlySet<string> },
): Answers {
  if (username === undefined || !isPendingFresh(stored, now)) return {};
  const entry = stored as PendingAnswers;
  if (entry.username !== username) return {};
  return Object.fromEntries(Object.entries(entry.answers).filter(([key]) => !sensitive.has(key)));
}
