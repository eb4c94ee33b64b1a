import { describe, expect, it } from 'vitest';

import { type DerivedWebStatus, deriveWebStatus } from './webStatus.ts';

describe('deriveWebStatus (SPEC §4)', () => {
  it.each<[string[], DerivedWebStatus]>([
    [[], 'none'],
    [['started'], 'started'],
    [['started', 'started'], 'started'],
    [['started', 'validating'], 'validating'],
    [['validating', 'started'], 'validating'],
    [['started', 'validating', 'submitted'], 'submitted'],
    [['started', 'validating', 'validating', 'submitted', 'submitted'], 'submitted'],
    [['unknown'], 'none'],
    [['started', 'unknown', 'other'], 'started'],
    [['STARTED'], 'none'],
  ])('%j → %s', (statuses, derived) => {
    expect(deriveWebStatus(statuses.map((web_status) => ({ web_status })))).toBe(derived);
  });
});
