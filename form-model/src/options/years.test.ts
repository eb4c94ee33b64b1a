import { describe, expect, it } from 'vitest';

import { type YearRange } from '../config/types.ts';
import { emptyOption, withEmptyOption, yearOptions } from './years.ts';

/** A fixed clock: every year list below is computed on this day. */
const now = new Date(2026, 10, 21);

function yearValues(range: YearRange): string[] {
  return yearOptions(range, now).map((option) => option.value);
}

describe('yearOptions', () => {
  it.each<{ range: YearRange; expected: string[] }>([
    // SPEC §5: starts at the current year when no start is given.
    { range: { count: 3, direction: 'past' }, expected: ['2026', '2025', '2024'] },
    { range: { count: 3, direction: 'future' }, expected: ['2026', '2027', '2028'] },
    // SPEC §5: or at a given year.
    {
      range: { start: 2000, count: 4, direction: 'past' },
      expected: ['2000', '1999', '1998', '1997'],
    },
    { range: { start: 2030, count: 2, direction: 'future' }, expected: ['2030', '2031'] },
    { range: { count: 1, direction: 'past' }, expected: ['2026'] },
    { range: { count: 0, direction: 'future' }, expected: [] },
    { range: { count: -5, direction: 'past' }, expected: [] },
  ])('$range.direction from $range.start over $range.count years', ({ range, expected }) => {
    expect(yearValues(range)).toEqual(expected);
  });

  it('runs 100 years back for a birth year, oldest last', () => {
    const years = yearValues({ count: 101, direction: 'past' });
    expect(years).toHaveLength(101);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1926');
  });

  it('labels each year with the year itself', () => {
    expect(yearOptions({ count: 2, direction: 'past' }, now)).toEqual([
      { value: '2026', label: '2026' },
      { value: '2025', label: '2025' },
    ]);
  });

  it('follows the clock into a new year', () => {
    const range: YearRange = { count: 2, direction: 'future' };
    expect(yearOptions(range, new Date(2026, 11, 31))[0]?.value).toBe('2026');
    expect(yearOptions(range, new Date(2027, 0, 1))[0]?.value).toBe('2027');
  });
});

describe('withEmptyOption', () => {
  it('puts "--" with the empty answer first (SPEC §5)', () => {
    const options = withEmptyOption(yearOptions({ count: 2, direction: 'past' }, now));
    expect(options).toEqual([
      { value: '', label: '--' },
      { value: '2026', label: '2026' },
      { value: '2025', label: '2025' },
    ]);
    expect(options[0]).toBe(emptyOption);
  });

  it('gives just "--" for an empty list and leaves its input alone', () => {
    const input = [{ value: 'Y', label: 'Yes' }];
    expect(withEmptyOption([])).toEqual([emptyOption]);
    expect(withEmptyOption(input)).toHaveLength(2);
    expect(input).toHaveLength(1);
  });
});
