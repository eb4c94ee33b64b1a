/**
 * What the form page says about saving (an aria-live status), and the answers kept in this
 * browser until the server has them. Pure functions; `useSaving` wires them.
 */
import { type Answers } from '@admit/form-model';

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

export const SAVE_FAILED_TEXT = 'Not saved';
export const SAVING_TEXT = 'Saving…';

/** "2:14 PM" in the browser's language (en-US for the tests). */
export function formatSaveTime(at: number, locale?: string): string {
  return new Date(at).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** The status line: "Saving…", "Saved at 2:14 PM", "Not saved", or nothing before a save. */
export function saveStatusText(
  state: SaveState,
  formatTime: (at: number) => string = formatSaveTime,
): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'saving':
      return SAVING_TEXT;
    case 'saved':
      return `Saved at ${formatTime(state.at)}`;
    case 'failed':
      return SAVE_FAILED_TEXT;
  }
}

/**
 * Where answers not yet acknowledged by the server wait, in localStorage, one entry per tab
 * (`<this key>:<tab>`), until they are saved or the applicant logs out.
 */
export const PENDING_STORAGE_KEY = 'admit.pendingAnswers';

export interface PendingAnswers {
  /** Whose answers: another account logging in in this browser never gets them. */
  username: string;
  answers: Answers;
}

/** What to keep for `username`: nothing (remove the entry) when every answer is saved. */
export function pendingToKeep(
  username: string | undefined,
  unsaved: Answers,
): PendingAnswers | undefined {
  if (username === undefined || Object.keys(unsaved).length === 0) return undefined;
  return { username, answers: unsaved };
}

/** The kept answers that belong to `username` (read back after logging in again). */
export function pendingFor(stored: unknown, username: string | undefined): Answers {
  if (username === undefined || typeof stored !== 'object' || stored === null) return {};
  const entry = stored as Partial<PendingAnswers>;
  if (entry.username !== username || typeof entry.answers !== 'object') return {};
  return entry.answers;
}
