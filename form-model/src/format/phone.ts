import { PHONE_MAX_LENGTH } from '../validation/limits.ts';
import { digitsOnly } from './digits.ts';

export { digitsOnly } from './digits.ts';

/** A US number without its country code: area code, exchange, line (NNN NNN NNNN). */
export const US_PHONE_DIGITS = 10;

/** Longest international number the field keeps, "+" and spaces included. */
export const MAX_INTERNATIONAL_PHONE_LENGTH = PHONE_MAX_LENGTH;

/** E.164 allows at most 15 digits; fewer than 8 is no complete international number. */
const MIN_INTERNATIONAL_DIGITS = 8;
const MAX_INTERNATIONAL_DIGITS = 15;

// SPEC §5: (NNN) NNN-NNNN, area code and exchange each starting 2 to 9.
const US_PHONE_PATTERN = /^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$/;

/**
 * Applies the US mask "(NNN) NNN-NNNN" as typed or pasted (SPEC §5: phone entry is
 * auto-masked). Literals appear only once a following digit exists, so backspace works; a
 * leading country code 1 on a pasted 11-digit number is dropped; at most 10 digits are kept.
 * @example formatUsPhone('4065') // '(406) 5'; formatUsPhone('+1 406-555-0123') // '(406) 555-0123'
 */
export function formatUsPhone(input: string): string {
  let digits = digitsOnly(input);
  // A US area code never starts with 1, so a leading 1 beyond ten digits is the country code.
  if (digits.length > US_PHONE_DIGITS && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, US_PHONE_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** True for a complete US number "(NNN) NNN-NNNN" whose area code and exchange start 2–9 (SPEC §5). */
export function isValidUsPhone(value: string): boolean {
  return US_PHONE_PATTERN.test(value);
}

/**
 * Cleans an international number as typed or pasted: keeps a leading "+", digits and single
 * spaces (any other separator becomes a space), at most 20 characters.
 * @example formatInternationalPhone('+44 (20) 7946-0958') // '+44 20 7946 0958'
 */
export function formatInternationalPhone(input: string): string {
  const trimmed = input.trimStart();
  const plus = trimmed.startsWith('+') ? '+' : '';
  const body = trimmed.slice(plus.length).replace(/\D+/g, ' ').replace(/^ /, '');
  return `${plus}${body}`.slice(0, MAX_INTERNATIONAL_PHONE_LENGTH);
}

/** True for "+" then 8–15 digits, spaces ignored, the country code not starting with 0 (E.164). */
export function isValidInternationalPhone(value: string): boolean {
  if (!/^\+[\d ]+$/.test(value)) return false;
  const digits = digitsOnly(value);
  return (
    !digits.startsWith('0') &&
    digits.length >= MIN_INTERNATIONAL_DIGITS &&
    digits.length <= MAX_INTERNATIONAL_DIGITS
  );
}
