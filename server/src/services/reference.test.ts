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

  // Every check below runs on three references: zeros, 0 and Z side by side (the pair that
  // Luhn mod 32 let through), and a random one.
  const bodies = [
    '0000000',
    'Z0Z0Z0Z',
    makeReference('GAL')
      .replace(/^GAL-|-/g, '')
      .slice(0, -1),
  ];
  const withCheck = (body: string) => body + checkCharacter(body);
  const valid = (code: string) => checkCharacter(code.slice(0, -1)) === code.slice(-1);
  const put = (code: string, index: number, characters: string) =>
    code.slice(0, index) + characters + code.slice(index + characters.length);

  it('catch every single mistyped character', () => {
    for (const code of bodies.map(withCheck)) {
      expect(valid(code), code).toBe(true);
      for (let index = 0; index < code.length; index += 1) {
        for (const other of REFERENCE_ALPHABET) {
          if (other === code[index]) continue;
          expect(valid(put(code, index, other)), put(code, index, other)).toBe(false);
        }
      }
    }
  });

  it('catch every swap of two different neighbours, the check character included', () => {
    let swaps = 0;
    const missed: string[] = [];
    for (const body of bodies) {
      for (let index = 0; index < body.length; index += 1) {
        for (const first of REFERENCE_ALPHABET) {
          for (const second of REFERENCE_ALPHABET) {
            if (first === second) continue;
            // A valid code with `first` at `index` and `second` after it. When `second` is
            // the check character, the first character is chosen to make it so: exactly
            // one choice does, as any one character changes the check character.
            const codes =
              index + 1 < body.length
                ? [withCheck(put(body, index, first + second))]
                : Array.from(REFERENCE_ALPHABET)
                    .map((lead) => withCheck(lead + put(body, index, first).slice(1)))
                    .filter((code) => code.endsWith(second));
            if (codes.length !== 1) throw new Error(`${codes.length} codes for ${body} ${index}`);
            const swapped = put(codes[0] ?? '', index, second + first);
            if (valid(swapped)) missed.push(`${codes[0] ?? ''} as ${swapped}`);
            swaps += 1;
          }
        }
      }
    }
    expect(missed).toEqual([]);
    expect(swaps).toBe(3 * 7 * 32 * 31);
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
