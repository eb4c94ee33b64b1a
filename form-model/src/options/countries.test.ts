import { describe, expect, it } from 'vitest';

import { countries, countriesNoUsa } from './countries.ts';

const collator = new Intl.Collator('en');

describe('countries', () => {
  it('covers all 249 assigned ISO 3166-1 entries plus Kosovo', () => {
    expect(countries).toHaveLength(250);
  });

  it('puts the United States first (SPEC §3)', () => {
    expect(countries[0]).toEqual({ value: 'USA', label: 'United States' });
  });

  it('lists the rest alphabetically by label', () => {
    const labels = countries.slice(1).map((country) => country.label);
    expect(labels).toEqual([...labels].sort(collator.compare));
  });

  it('uses unique three-letter uppercase codes (SPEC §3)', () => {
    const codes = countries.map((country) => country.value);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('uses unique, non-empty labels', () => {
    const labels = countries.map((country) => country.label);
    for (const label of labels) expect(label.trim()).toBe(label);
    expect(labels.every((label) => label !== '')).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each([
    { value: 'CAN', label: 'Canada' },
    { value: 'MEX', label: 'Mexico' },
    { value: 'GBR', label: 'United Kingdom' },
    { value: 'DEU', label: 'Germany' },
    { value: 'CHN', label: 'China' },
    { value: 'KOR', label: 'South Korea' },
    { value: 'PRK', label: 'North Korea' },
    { value: 'ALA', label: 'Åland Islands' },
    { value: 'XKX', label: 'Kosovo' },
  ])('has $value $label', (country) => {
    expect(countries).toContainEqual(country);
  });
});

describe('countriesNoUsa', () => {
  it('omits the United States and nothing else (SPEC §3)', () => {
    expect(countriesNoUsa.map((country) => country.value)).not.toContain('USA');
    expect(countriesNoUsa).toEqual(countries.filter((country) => country.value !== 'USA'));
  });

  it('is alphabetical by label', () => {
    const labels = countriesNoUsa.map((country) => country.label);
    expect(labels).toEqual([...labels].sort(collator.compare));
  });
});
