import { type Option, type YearRange } from '../config/types.ts';

/** The "--" choice that stands for "not answered"; its value is the empty answer "" (SPEC §3). */
export const emptyOption: Option = { value: '', label: '--' };

/**
 * The years a month/year question offers, newest first for the past and oldest first for the
 * future, so the start year is always at the top. `now` is passed in to keep this pure.
 * @example yearOptions({ count: 3, direction: 'past' }, new Date('2026-11-21')) // 2026, 2025, 2024
 */
export function yearOptions(range: YearRange, now: Date): Option[] {
  // SPEC §5: the list starts at a given year or the current year.
  const start = range.start ?? now.getFullYear() + (range.offset ?? 0);
  // SPEC §5: it runs a configurable number of years into the past or the future.
  const step = range.direction === 'past' ? -1 : 1;
  const count = Math.max(0, Math.trunc(range.count));
  return Array.from({ length: count }, (_, i) => {
    const year = String(start + step * i);
    return { value: year, label: year };
  });
}

/** The options with the empty "--" choice first; SPEC §5: month and year lists (and selects) begin with it. */
export function withEmptyOption(options: readonly Option[]): Option[] {
  return [emptyOption, ...options];
}
