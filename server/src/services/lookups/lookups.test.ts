import { describe, expect, it } from 'vitest';

import { createMemoryThrottle } from '../memoryThrottle.ts';
import { createZipAddressProvider, parseAddressQuery, type ZipPlace } from './address.ts';
import { displayCase, padCeeb, searchKey, zipCode } from './normalize.ts';
import { subText } from './search.ts';
import { createWordIndex } from './words.ts';

describe('normalize', () => {
  it('folds names for search: case, accents, "&", apostrophes and punctuation', () => {
    expect(searchKey("St. Mary's Academy & Prep")).toBe('st marys academy and prep');
    expect(searchKey('LUIS MUÑOZ-MARÍN')).toBe('luis munoz marin');
    expect(searchKey('  O’Dea   High  ')).toBe('odea high');
    expect(searchKey(' .,- ')).toBe('');
  });

  it('title-cases names published in one case, and keeps mixed case as published', () => {
    expect(displayCase('BOZEMAN')).toBe('Bozeman');
    expect(displayCase('st vrain online global acad')).toBe('St Vrain Online Global Acad');
    expect(displayCase('SCHOOL OF THE ARTS')).toBe('School of the Arts');
    expect(displayCase("O'FALLON TWP. HIGH-SCHOOL")).toBe("O'Fallon Twp. High-School");
    expect(displayCase('University of Alabama at Birmingham')).toBe(
      'University of Alabama at Birmingham',
    );
  });

  it('zero-pads CEEB codes (6 digits for schools, 4 for colleges) and drops what is not one', () => {
    expect(padCeeb('70100', 6)).toBe('070100');
    expect(padCeeb('270100', 6)).toBe('270100');
    expect(padCeeb('548', 4)).toBe('0548');
    expect(padCeeb('', 4)).toBeUndefined();
    expect(padCeeb('-1', 4)).toBeUndefined();
    expect(padCeeb('12345', 4)).toBeUndefined();
    expect(padCeeb('A123', 4)).toBeUndefined();
  });

  it('keeps 5-digit ZIPs and ZIP+4, and drops anything else', () => {
    expect(zipCode('59715')).toBe('59715');
    expect(zipCode('59101-0298')).toBe('59101-0298');
    expect(zipCode('591010298')).toBe('59101-0298');
    expect(zipCode('178121')).toBe('');
    expect(zipCode(undefined)).toBe('');
  });

  it('writes the second line of a suggestion from place and code', () => {
    expect(subText({ city: 'Bozeman', state: 'MT', ceeb: '270100' })).toBe(
      'Bozeman, MT · CEEB 270100',
    );
    expect(subText({ city: '', state: 'MT', ceeb: null })).toBe('MT');
  });
});

describe('the word index', () => {
  const index = createWordIndex([
    'bozeman high school bozeman mt',
    'bowman high school bowman nd',
    'lincoln high school portland or',
    'hightower high school missouri city tx',
  ]);

  it('counts the names holding a word that starts with a prefix', () => {
    expect(index.prefixFrequency('high')).toBe(5);
    expect(index.prefixFrequency('boz')).toBe(2);
    expect(index.prefixFrequency('zz')).toBe(0);
  });

  it('reads a mistyped word as the real words one edit away, a left-out letter first', () => {
    expect(index.corrections('bozman')[0]).toBe('bozeman');
    expect(index.corrections('bozman')).toContain('bowman');
    expect(index.corrections('hihg')).toContain('high');
    expect(index.corrections('linclon')).toContain('lincoln');
    expect(index.corrections('qqqq')).toEqual([]);
  });
});

describe('address suggestions', () => {
  const states = new Set(['MT', 'MA', 'NY']);

  it('reads a ZIP, a city (and state), or a street then a place', () => {
    expect(parseAddressQuery('59715', states)).toEqual({ street: '', zip: '59715' });
    expect(parseAddressQuery('Bozeman', states)).toEqual({ street: '', city: 'bozeman' });
    expect(parseAddressQuery('Bozeman, MT', states)).toEqual({
      street: '',
      city: 'bozeman',
      state: 'MT',
    });
    expect(parseAddressQuery('bozeman mt 59715', states)).toEqual({
      street: '',
      city: 'bozeman',
      state: 'MT',
      zip: '59715',
    });
    expect(parseAddressQuery('101 Main St, Bozeman, MT', states)).toEqual({
      street: '101 Main St',
      city: 'bozeman',
      state: 'MT',
    });
    expect(parseAddressQuery('101 Main St 59715', states)).toEqual({
      street: '101 Main St',
      zip: '59715',
    });
    expect(parseAddressQuery('101 Main St', states)).toEqual({ street: '101 Main St' });
  });

  it('uses any provider of places (here a list of three), exact cities first', async () => {
    const places: ZipPlace[] = [
      { zip: '59715', city: 'Bozeman', state: 'MT', county: 'Gallatin' },
      { zip: '59718', city: 'Bozeman', state: 'MT', county: 'Gallatin' },
      { zip: '59999', city: 'Bozeman Hot Springs', state: 'MT', county: 'Gallatin' },
    ];
    const provider = createZipAddressProvider(() => Promise.resolve(places));
    const found = await provider.suggest('boze', 5);
    expect(found.map((s) => s.id)).toEqual(['59715', '59718', '59999']);
    const exact = await provider.suggest('Bozeman Hot', 5);
    expect(exact.map((s) => s.id)).toEqual(['59999']);
    expect(await provider.detail('59718|12 Oak Ave')).toEqual({
      address_line_1: '12 Oak Ave',
      city: 'Bozeman',
      state: 'MT',
      zip: '59718',
      county: 'Gallatin',
      country: 'USA',
    });
    expect(await provider.detail('12345')).toBeUndefined();
  });

  it('retries a failed load at the next lookup instead of failing for ever', async () => {
    let calls = 0;
    const provider = createZipAddressProvider(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('not yet'))
        : Promise.resolve([{ zip: '59715', city: 'Bozeman', state: 'MT', county: 'Gallatin' }]);
    });
    await expect(provider.suggest('59715', 5)).rejects.toThrow('not yet');
    expect(await provider.suggest('59715', 5)).toHaveLength(1);
  });
});

describe('the in-memory throttle', () => {
  it('allows `limit` hits per window and key, then says how long to wait', () => {
    let now = 0;
    const throttle = createMemoryThrottle({ limit: 2, windowMs: 10_000 }, () => new Date(now));
    expect(throttle.hit('a')).toBeUndefined();
    expect(throttle.hit('a')).toBeUndefined();
    expect(throttle.hit('b')).toBeUndefined();
    now = 4_000;
    expect(throttle.hit('a')).toBe(6);
    now = 10_000;
    expect(throttle.hit('a')).toBeUndefined();
  });
});
