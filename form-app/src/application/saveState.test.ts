import { describe, expect, it } from 'vitest';

import {
  formatSaveTime,
  nextSaveState,
  pendingFor,
  pendingToKeep,
  type SaveEvent,
  type SaveState,
  saveStatusText,
} from './saveState.ts';

const AT = new Date(2026, 10, 26, 14, 14).getTime();

describe('nextSaveState (issue 15)', () => {
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

describe('saveStatusText (issue 15)', () => {
  it.each<[SaveState, string]>([
    [{ kind: 'idle' }, ''],
    [{ kind: 'saving' }, 'Saving…'],
    [{ kind: 'saved', at: AT }, 'Saved at 2:14 PM'],
    [{ kind: 'failed' }, 'Not saved'],
  ])('%o → "%s"', (state, expected) => {
    expect(saveStatusText(state, (at) => formatSaveTime(at, 'en-US'))).toBe(expected);
  });
});

describe('pending answers (issue 15)', () => {
  it.each([
    [
      'unsaved answers are kept for their owner',
      'ada',
      { a: '1' },
      { username: 'ada', answers: { a: '1' } },
    ],
    ['nothing unsaved: nothing kept', 'ada', {}, undefined],
    ['no known owner: nothing kept', undefined, { a: '1' }, undefined],
  ])('%s', (_name, username, unsaved, expected) => {
    expect(pendingToKeep(username, unsaved)).toEqual(expected);
  });

  it.each([
    ['the owner gets them back', { username: 'ada', answers: { a: '1' } }, 'ada', { a: '1' }],
    ['another account does not', { username: 'ada', answers: { a: '1' } }, 'bob', {}],
    ['nobody logged in', { username: 'ada', answers: { a: '1' } }, undefined, {}],
    ['nothing stored', null, 'ada', {}],
    ['something else stored', 'junk', 'ada', {}],
  ])('%s', (_name, stored, username, expected) => {
    expect(pendingFor(stored, username)).toEqual(expected);
  });
});
