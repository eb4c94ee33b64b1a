import { describe, expect, it } from 'vitest';

import { type OptionListName } from '../config/types.ts';
import {
  canadianProvinces,
  countries,
  countriesNoUsa,
  months,
  optionLabel,
  optionList,
  states,
  usStates,
  yesNo,
} from './index.ts';

describe('optionList', () => {
  it.each<{ name: OptionListName; expected: readonly unknown[] }>([
    { name: 'countries', expected: countries },
    { name: 'countriesNoUsa', expected: countriesNoUsa },
    { name: 'states', expected: states },
    { name: 'usStates', expected: usStates },
    { name: 'canadianProvinces', expected: canadianProvinces },
    { name: 'months', expected: months },
    { name: 'yesNo', expected: yesNo },
  ])('names $name', ({ name, expected }) => {
    expect(optionList(name)).toBe(expected);
  });
});

describe('yesNo', () => {
  it('stores Y and N', () => {
    expect(yesNo).toEqual([
      { value: 'Y', label: 'Yes' },
      { value: 'N', label: 'No' },
    ]);
  });
});

describe('optionLabel', () => {
  it.each([
    { list: 'countries' as const, value: 'USA', label: 'United States' },
    { list: 'countries' as const, value: 'CAN', label: 'Canada' },
    { list: 'states' as const, value: 'AE', label: 'Armed Forces Europe' },
    { list: 'months' as const, value: '10', label: 'October' },
    { list: 'yesNo' as const, value: 'N', label: 'No' },
    // Unknown and empty values have no label, so `_desc` stays empty.
    { list: 'months' as const, value: '13', label: undefined },
    { list: 'months' as const, value: '01', label: undefined },
    { list: 'countriesNoUsa' as const, value: 'USA', label: undefined },
    { list: 'yesNo' as const, value: '', label: undefined },
  ])('$list: "$value" → $label', ({ list, value, label }) => {
    expect(optionLabel(optionList(list), value)).toBe(label);
  });
});
