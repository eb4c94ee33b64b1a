/**
 * Reference numbers of submitted applications: "GAL-7K3M-9QXD". The college's
 * prefix (the first three letters of its short name), then seven random characters and one
 * check character in two groups of four. The characters are Crockford's base 32 (digits and
 * capitals without I, L, O and U), so nothing reads as another character; the check
 * character catches any one mistyped character and any two neighbours swapped (see
 * checkCharacter).
 * 32^7 (34 billion) numbers per college, drawn at random: a reference says nothing about how
 * many applied or when. Unique by the database's index (migration 008).
 */
import { randomInt } from 'node:crypto';

export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = REFERENCE_ALPHABET.length;
/** Random characters in a reference, before its check character. */
export const REFERENCE_RANDOM_LENGTH = 7;

/** The field element x times `value` in GF(32), modulo the primitive x^5 + x^2 + 1. */
function timesX(value: number): number {
  const shifted = value << 1;
  return shifted & BASE ? shifted ^ 0b100101 : shifted;
}

/**
 * The character that makes `body` and it check to 0: each character's value times x^k summed
 * in GF(32), k counting from the check character (Damm's scheme over the quasigroup
 * a * b = x·a + b). A wrong character changes the sum by x^k·d, and two neighbours swapped
 * change it by x^k·(x + 1)·d, d being the two values' difference: neither is ever 0, as
 * x and x + 1 are not 0 in a field. (Luhn mod 32, used before, misses 0 and Z swapped.)
 */
export function checkCharacter(body: string): string {
  let sum = 0;
  for (const character of body) {
    const value = REFERENCE_ALPHABET.indexOf(character);
    if (value < 0) throw new Error(`"${character}" is not a reference character`);
    sum = timesX(sum) ^ value;
  }
  return REFERENCE_ALPHABET.charAt(timesX(sum));
}

/** The college's prefix: the first three ASCII letters of its short name, in capitals. */
export function referencePrefix(shortName: string): string {
  const letters = shortName
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.slice(0, 3).padEnd(3, 'X');
}

/** A new reference with `prefix`; `random` draws each character (tests pass their own). */
export function makeReference(prefix: string, random: (max: number) => number = randomInt): string {
  let body = '';
  for (let index = 0; index < REFERENCE_RANDOM_LENGTH; index += 1)
    body += REFERENCE_ALPHABET.charAt(random(BASE));
  const code = body + checkCharacter(body);
  return `${prefix}-${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A reference as a person typed it, read the way it was meant (lower case, O for 0, I or L
 * for 1, spaces or no dashes), or undefined when it is not one: wrong length, a character
 * that is none of ours, or a check character that does not match.
 */
export function normalizeReference(typed: string): string | undefined {
  const match = /^\s*([A-Za-z]{3})[\s-]*([0-9A-Za-z]{4})[\s-]*([0-9A-Za-z]{4})\s*$/.exec(typed);
  if (match === null) return undefined;
  const [, prefix = '', first = '', second = ''] = match;
  const code = (first + second).toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  // ASCII only (the pattern above), so one UTF-16 unit is one character.
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(code)) return undefined;
  if (checkCharacter(code.slice(0, -1)) !== code.slice(-1)) return undefined;
  return `${prefix.toUpperCase()}-${code.slice(0, 4)}-${code.slice(4)}`;
}
