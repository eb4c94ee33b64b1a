import { digitsOnly } from './digits.ts';

/** An SSN has nine digits (SPEC §9: grouping 3-2-4). */
export const SSN_DIGITS = 9;

/**
 * Masks a Social Security number as typed or pasted: non-digits stripped, at most 9 digits,
 * dashes added once the next group has begun (so backspace never sticks on a dash).
 * @example formatSsn('1234') // '123-4'; formatSsn('123 45 6789') // '123-45-6789'
 */
export function formatSsn(input: string): string {
  // SPEC §3: shown as 3-2-4 digits with dashes, non-digits stripped.
  const digits = digitsOnly(input).slice(0, SSN_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/**
 * The masked form a saved SSN comes back in (`XXX-XX-1234`, print/model.ts `maskedSsn`): the
 * server keeps the number and shows only its last four digits once saved, so this stands for
 * an answered SSN that the applicant has not retyped.
 */
export function isMaskedSsn(value: unknown): boolean {
  return typeof value === 'string' && /^XXX-XX-(\d{4}|XXXX)$/.test(value);
}
