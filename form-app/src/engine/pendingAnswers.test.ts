/**
 * The unsaved answers kept in this browser's localStorage (useSaving.ts), read and written
 * as a shared computer would see them: no Social Security number, nothing older than a day,
 * nothing after an explicit logout.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { PENDING_MAX_AGE_MS, PENDING_STORAGE_KEY } from './saveState.ts';
import { clearPendingAnswers, hasPendingAnswers, readPendingAnswers } from './useSaving.ts';

const sensitive = new Set(['ssn']);
const now = Date.UTC(2026, 10, 28, 12, 0);

function keep(tab: string, entry: unknown): void {
  localStorage.setItem(`${PENDING_STORAGE_KEY}:${tab}`, JSON.stringify(entry));
}

function storedEntries(): unknown[] {
  return Object.keys(localStorage)
    .filter((key) => key.startsWith(`${PENDING_STORAGE_KEY}:`))
    .map((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown);
}

afterEach(() => {
  localStorage.clear();
});

describe('unsaved answers kept in this browser', () => {
  it("come back to their owner from another tab, without a Social Security number, and stay under this tab's entry", () => {
    keep('other', {
      username: 'ada',
      answers: { first_name: 'Ada', ssn: '123456789' },
      keptAt: now,
    });
    expect(hasPendingAnswers(now)).toBe(true);
    expect(readPendingAnswers('ada', sensitive, now)).toEqual({ first_name: 'Ada' });
    // This tab took them over: one entry, without the number, newly timed.
    expect(storedEntries()).toEqual([
      { username: 'ada', answers: { first_name: 'Ada' }, keptAt: now },
    ]);
  });

  it('expire a day after they were kept: /login no longer mentions them and they are gone', () => {
    keep('other', { username: 'ada', answers: { first_name: 'Ada' }, keptAt: now });
    expect(hasPendingAnswers(now + PENDING_MAX_AGE_MS - 1)).toBe(true);
    expect(hasPendingAnswers(now + PENDING_MAX_AGE_MS)).toBe(false);
    expect(storedEntries()).toEqual([]);
    expect(readPendingAnswers('ada', sensitive, now + PENDING_MAX_AGE_MS)).toEqual({});
  });

  it('written before they expired (no time, maybe an SSN) are dropped unread', () => {
    keep('old', { username: 'ada', answers: { first_name: 'Ada', ssn: '123456789' } });
    expect(hasPendingAnswers(now)).toBe(false);
    expect(readPendingAnswers('ada', sensitive, now)).toEqual({});
    expect(storedEntries()).toEqual([]);
  });

  it('unreadable entries are dropped instead of breaking the page', () => {
    localStorage.setItem(`${PENDING_STORAGE_KEY}:broken`, '{not json');
    expect(hasPendingAnswers(now)).toBe(false);
    expect(storedEntries()).toEqual([]);
  });

  it("stay another account's: a different login neither gets nor loses them", () => {
    keep('other', { username: 'ada', answers: { first_name: 'Ada' }, keptAt: now });
    expect(readPendingAnswers('bob', sensitive, now)).toEqual({});
    expect(readPendingAnswers('ada', sensitive, now)).toEqual({ first_name: 'Ada' });
  });

  it('are all removed by an explicit logout, every tab and account', () => {
    keep('one', { username: 'ada', answers: { first_name: 'Ada' }, keptAt: now });
    keep('two', { username: 'bob', answers: { first_name: 'Bob' }, keptAt: now });
    clearPendingAnswers();
    expect(hasPendingAnswers(now)).toBe(false);
    expect(storedEntries()).toEqual([]);
  });
});
