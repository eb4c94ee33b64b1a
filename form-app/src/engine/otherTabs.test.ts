import { describe, expect, it } from 'vitest';

import { afterOtherTabSaved } from './useSaving.ts';

describe('afterOtherTabSaved (tabs learn of each other’s saves)', () => {
  it('takes the newer answer where this tab has no unsaved edit, and names the fields where it has one', () => {
    const saved = { first_name: 'Ada', last_name: 'Byron', city: 'London' };
    // last_name typed here and unsaved; city on its way to the server; first_name untouched.
    const current = { first_name: 'Ada', last_name: 'King', city: 'Paris', zip: '' };
    const sending = { city: 'Paris' };
    expect(
      afterOtherTabSaved(saved, current, sending, {
        first_name: 'Augusta',
        last_name: 'Lovelace',
        city: 'Bath',
        zip: '59715',
      }),
    ).toEqual({ take: { first_name: 'Augusta', zip: '59715' }, conflicts: ['last_name', 'city'] });
  });

  it('does nothing where both tabs already show the same answer', () => {
    expect(
      afterOtherTabSaved(
        {},
        { first_name: 'Ada' },
        {},
        { first_name: 'Ada', optin_sms_ind: false },
      ),
    ).toEqual({ take: {}, conflicts: [] });
  });
});
