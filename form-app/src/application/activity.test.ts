import { describe, expect, it } from 'vitest';

import { isActivityMessage, keepAliveDue, lastActivityAfter } from './activity.ts';

describe('keepAliveDue (issue 15: at most about once a minute)', () => {
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

describe('lastActivityAfter (one idle clock across tabs)', () => {
  const TIMEOUT = 900_000;
  it.each([
    ['another tab was used later', 1_000, 500_000, 600_000, 500_000],
    ['this tab was used later', 500_000, 1_000, 600_000, 500_000],
    ['this tab already timed out: no revival', 0, 950_000, 950_000, 0],
  ])('%s', (_name, local, reported, now, expected) => {
    expect(lastActivityAfter(local, reported, now, TIMEOUT)).toBe(expected);
  });
});

describe('isActivityMessage', () => {
  it.each([
    [{ type: 'activity', at: 5 }, true],
    [{ type: 'activity', at: '5' }, false],
    [{ type: 'logout' }, false],
    [null, false],
    ['activity', false],
  ])('%o → %s', (data, expected) => {
    expect(isActivityMessage(data)).toBe(expected);
  });
});
