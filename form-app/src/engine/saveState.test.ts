import { describe, expect, it } from 'vitest';

import {
  formatSaveTime,
  isPendingFresh,
  nextSaveState,
  PENDING_MAX_AGE_MS,
  pendingFor,
  pendingToKeep,
  type SaveEvent,
  type SaveState,
  saveStatusText,
} from './saveState.ts';

const AT = new Date(2026, 10, 26, 14, 14).getTime();

describe('nextSaveState', () => {
  it.each<[string, SaveState, SaveEvent, SaveState]>([
    ['a save starts', { kind: 'idle' }, { kind: 'start' }, { kind: 'saving' }],
    ['a retry starts after a failure', { kind: 'failed' }, { kind: 'start' }, { kind: 'saving' }],
    [
      'the server acknowledges',
      { kind: 'saving' },
      { kind: 'success', at: AT },
      { kind: 'saved', at: AT },
    ],
    ['the server fails', { kind: 'saving' }, { kind: 'failure' }, { kind: 'failed' }],
    [
      'nothing new to send after a save',
      { kind: 'saved', at: AT },
      { kind: 'nothing' },
      { kind: 'saved', at: AT },
    ],
    [
      'nothing new to send keeps a failure',
      { kind: 'failed' },
      { kind: 'nothing' },
      { kind: 'failed' },
    ],
    [
      'nothing new to send ends "Saving…"',
      { kind: 'saving' },
      { kind: 'nothing' },
      { kind: 'idle' },
    ],
  ])('%s', (_name, state, event, expected) => {
    expect(nextSaveState(state, event)).toEqual(expected);
  });
});

describe('saveStatusText', () => {
  it.each<[SaveState, string]>([
    [{ kind: 'idle' }, ''],
    [{ kind: 'saving' }, 'Saving…'],
    [{ kind: 'saved', at: AT }, 'Saved at 2:14 PM'],
    [{ kind: 'failed' }, 'Not saved'],
  ])('%o → "%s"', (state, expected) => {
    expect(saveStatusText(state, (at) => formatSaveTime(at, 'en-US'))).toBe(expected);
  });
});

describe('pending answers', () => {
  const now = Date.UTC(2026, 10, 28, 12, 0);
  const sensitive = new Set(['ssn']);
  const at = { now, sensitive };

  it.each([
    [
      'unsaved answers are kept for their owner, with the time',
      'ada',
      { a: '1' },
      { username: 'ada', answers: { a: '1' }, keptAt: now },
    ],
    [
      'the Social Security number is never kept',
      'ada',
      { a: '1', ssn: '123456789' },
      { username: 'ada', answers: { a: '1' }, keptAt: now },
    ],
    [
      'only the Social Security number unsaved: nothing kept',
      'ada',
      { ssn: '123456789' },
      undefined,
    ],
    ['nothing unsaved: nothing kept', 'ada', {}, undefined],
    ['no known owner: nothing kept', undefined, { a: '1' }, undefined],
  ])('%s', (_name, username, unsaved, expected) => {
    expect(pendingToKeep(username, unsaved, at)).toEqual(expected);
  });

  const kept = (keptAt: number, answers: Record<string, string> = { a: '1' }) => ({
    username: 'ada',
    answers,
    keptAt,
  });
  const hours = (count: number) => count * 60 * 60 * 1000;

  it.each([
    ['the owner gets them back', kept(now), 'ada', { a: '1' }],
    ['an hour later, still', kept(now - hours(1)), 'ada', { a: '1' }],
    ['just under a day later, still', kept(now - PENDING_MAX_AGE_MS + 1), 'ada', { a: '1' }],
    ['a day later, they have expired', kept(now - PENDING_MAX_AGE_MS), 'ada', {}],
    ['a week later, too', kept(now - hours(24 * 7)), 'ada', {}],
    ['kept "in the future" (a clock turned back): not trusted', kept(now + hours(1)), 'ada', {}],
    [
      'kept without a time (an older build, which kept the SSN too): dropped',
      { username: 'ada', answers: { a: '1', ssn: '123456789' } },
      'ada',
      {},
    ],
    [
      'a Social Security number found in an entry is left out',
      kept(now, { a: '1', ssn: '123456789' }),
      'ada',
      { a: '1' },
    ],
    ['another account does not', kept(now), 'bob', {}],
    ['nobody logged in', kept(now), undefined, {}],
    ['nothing stored', null, 'ada', {}],
    ['something else stored', 'junk', 'ada', {}],
  ])('%s', (_name, stored, username, expected) => {
    expect(pendingFor(stored, username, at)).toEqual(expected);
  });

  it.each([
    ['fresh', kept(now), true],
    ['expired', kept(now - PENDING_MAX_AGE_MS), false],
    ['without a time', { username: 'ada', answers: { a: '1' } }, false],
    ['without an owner', { answers: { a: '1' }, keptAt: now }, false],
    ['not an entry', 'junk', false],
  ])('an entry %s counts: %s', (_name, stored, expected) => {
    expect(isPendingFresh(stored, now)).toBe(expected);
  });
});
