import { describe, expect, it } from 'vitest';

import { idleStateAt, isSessionEndMessage, keepAliveDue, sessionEndAfter } from './activity.ts';

describe('keepAliveDue (at most about once a minute)', () => {
  it.each([
    ['never sent', 1_000, undefined, true],
    ['sent 30 s ago', 100_000, 70_000, false],
    ['sent 59.9 s ago', 100_000, 40_100, false],
    ['sent 60 s ago', 100_000, 40_000, true],
    ['sent 5 min ago', 400_000, 100_000, true],
  ])('%s → %s', (_name, now, last, expected) => {
    expect(keepAliveDue(now, last)).toBe(expected);
  });
});

describe('sessionEndAfter (one server clock across tabs)', () => {
  it.each([
    ['another tab renewed the session', 900_000, 1_500_000, 600_000, 1_500_000],
    ['an older report changes nothing', 1_500_000, 900_000, 600_000, 1_500_000],
    ['this tab saw the end pass: no revival', 900_000, 1_800_000, 950_000, 900_000],
  ])('%s', (_name, local, reported, now, expected) => {
    expect(sessionEndAfter(local, reported, now)).toBe(expected);
  });
});

describe('idleStateAt (SPEC §4: the prompt in the last 60 s of the server session)', () => {
  it.each([
    ['14 min left', 900_000, 60_000, 'active'],
    ['61 s left', 900_000, 839_000, 'active'],
    ['60 s left', 900_000, 840_000, 'prompted'],
    ['1 s left', 900_000, 899_000, 'prompted'],
    ['ended', 900_000, 900_000, 'idle'],
  ] as const)('%s → %s', (_name, endsAt, now, expected) => {
    expect(idleStateAt(endsAt, now, 60_000)).toBe(expected);
  });
});

describe('isSessionEndMessage', () => {
  it.each([
    [{ type: 'session-end', endsAt: 5 }, true],
    [{ type: 'session-end', endsAt: '5' }, false],
    [{ type: 'activity', at: 5 }, false],
    [null, false],
    ['session-end', false],
  ])('%o → %s', (data, expected) => {
    expect(isSessionEndMessage(data)).toBe(expected);
  });
});
