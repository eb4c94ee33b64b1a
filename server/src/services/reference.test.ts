import { describe, expect, it } from 'vitest';

import {
  checkCharacter,
  makeReference,
  normalizeReference,
  REFERENCE_ALPHABET,
  referencePrefix,
} from './reference.ts';

describe('reference numbers', () => {
  it('are the college prefix, then seven random characters and a check character in two groups', () => {
    const reference = makeReference('GAL');
    expect(reference).toMatch(/^GAL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(normalizeReference(reference)).toBe(reference);
    // A known value: seven zeros check to a zero.
    expect(makeReference('GAL', () => 0)).toBe('GAL-0000-0000');
  });

  it('use no character that reads as another (no I, L, O or U)', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('take their prefix from the short name', () => {
    expect(referencePrefix('Gallatin')).toBe('GAL');
    expect(referencePrefix('Riverbend')).toBe('RIV');
    expect(referencePrefix('Ñu')).toBe('NUX');
  });

  it('catch every single mistyped character and every swap of two neighbours', () => {
    const reference = makeReference('GAL');
    const code = reference.replace(/^GAL-|-/g, '');
    for (let index = 0; index < code.length; index += 1) {
      for (const other of REFERENCE_ALPHABET) {
        if (other === code[index]) continue;
        const typo = code.slice(0, index) + other + code.slice(index + 1);
        expect(checkCharacter(typo.slice(0, -1)) === typo.slice(-1), typo).toBe(false);
      }
    }
    for (let index = 0; index + 1 < code.length; index += 1) {
      if (code[index] === code[index + 1]) continue;
      const swapped =
        code.slice(0, index) +
        (code[index + 1] ?? '') +
        (code[index] ?? '') +
        code.slice(index + 2);
      expect(checkCharacter(swapped.slice(0, -1)) === swapped.slice(-1), swapped).toBe(false);
    }
  });

  it('are read back as a person may type them', () => {
    const reference = makeReference('GAL', () => 24); // "S" everywhere but the check
    const typed = reference.toLowerCase().replace(/-/g, ' ');
    expect(normalizeReference(typed)).toBe(reference);
    expect(normalizeReference('gal-0000-000o')).toBe(normalizeReference('GAL-0000-0000'));
    expect(normalizeReference('GAL-0000-0001')).toBeUndefined();
    expect(normalizeReference('GAL-0000')).toBeUndefined();
  });
});
