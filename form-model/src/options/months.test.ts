import { describe, expect, it } from 'vitest';

import { months } from './months.ts';

describe('months', () => {
  it('stores "1".."12" as strings (SPEC §3)', () => {
    expect(months.map((month) => month.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
  });

  it.each([
    { value: '1', label: 'January' },
    { value: '2', label: 'February' },
    { value: '9', label: 'September' },
    { value: '12', label: 'December' },
  ])('labels $value as $label', (month) => {
    expect(months).toContainEqual(month);
  });
});
