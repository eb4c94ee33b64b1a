import { describe, expect, it } from 'vitest';

import { refusalsAfter, withoutRefused } from './useSaving.ts';

describe('refusalsAfter (what the server refused, shown at the fields)', () => {
  it('adds the keys a save had refused, and drops the keys a save carried and had stored', () => {
    const before = { first_name: ['Keep this answer on one line.'], city: ['Too long.'] };
    expect(
      refusalsAfter(before, { first_name: 'Ada', zip: '59715' }, { zip: ['Too long.'] }),
    ).toEqual({ city: ['Too long.'], zip: ['Too long.'] });
  });
});

describe('withoutRefused (a refused answer does not ride along with every later save)', () => {
  it('leaves a refused answer out while it is unchanged, and sends it once it changes', () => {
    const refused = { college_name: 'c'.repeat(101) };
    expect(
      withoutRefused({ college_name: 'c'.repeat(101), college_ceeb: '4488' }, refused),
    ).toEqual({ college_ceeb: '4488' });
    expect(withoutRefused({ college_name: 'Montana State University' }, refused)).toEqual({
      college_name: 'Montana State University',
    });
  });
});
