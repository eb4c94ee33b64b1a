import { describe, expect, it } from 'vitest';

import { armedForces, canadianProvinces, states, usStates, usTerritories } from './states.ts';

const collator = new Intl.Collator('en');

describe('states', () => {
  it('has 50 states and DC, 5 territories, 3 Armed Forces codes and 13 provinces', () => {
    expect(usStates).toHaveLength(51);
    expect(usTerritories).toHaveLength(5);
    expect(armedForces).toHaveLength(3);
    expect(canadianProvinces).toHaveLength(13);
    expect(states).toHaveLength(51 + 5 + 3 + 13);
  });

  it('orders US states, then territories, Armed Forces, then Canada', () => {
    expect(states).toEqual([...usStates, ...usTerritories, ...armedForces, ...canadianProvinces]);
  });

  it.each([
    { name: 'usStates', list: usStates },
    { name: 'usTerritories', list: usTerritories },
    { name: 'canadianProvinces', list: canadianProvinces },
  ])('$name is alphabetical by label', ({ list }) => {
    const labels = list.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(collator.compare));
  });

  it('uses unique two-letter uppercase postal codes across the whole list', () => {
    const codes = states.map((option) => option.value);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('uses unique labels', () => {
    const labels = states.map((option) => option.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each([
    // SPEC §3: Armed Forces Americas, Europe and Pacific.
    { value: 'AA', label: 'Armed Forces Americas' },
    { value: 'AE', label: 'Armed Forces Europe' },
    { value: 'AP', label: 'Armed Forces Pacific' },
    { value: 'MT', label: 'Montana' },
    { value: 'DC', label: 'District of Columbia' },
    { value: 'PR', label: 'Puerto Rico' },
    { value: 'GU', label: 'Guam' },
    { value: 'QC', label: 'Quebec' },
    { value: 'YT', label: 'Yukon' },
  ])('has $value $label', (option) => {
    expect(states).toContainEqual(option);
  });

  it('has every Canadian province and territory code', () => {
    expect(canadianProvinces.map((option) => option.value).sort()).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NS',
      'NT',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
  });
});
