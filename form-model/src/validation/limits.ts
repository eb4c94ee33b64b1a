/** Business constants of SPEC §9, named once. */
export const TEXT_MAX_LENGTH = 45;
export const TEXTAREA_MAX_LENGTH = 1500;
/** The most a tenant may raise a textarea to; also the server's cap on any stored value. */
export const TENANT_TEXTAREA_MAX_LENGTH = 7000;
/** (ours) e-mail addresses and lookup names run longer than SPEC's 45 for plain text. */
export const EMAIL_MAX_LENGTH = 100;
export const LOOKUP_MAX_LENGTH = 100;
/** (ours) a stored choice: an option's code, a year, a month. */
export const CHOICE_MAX_LENGTH = 100;
/** (ours) a stored `{key}_desc`: the chosen option's label. */
export const DESC_MAX_LENGTH = 300;
/** (ours) a phone as stored: "(406) 555-0123", or an international number of at most 20. */
export const PHONE_MAX_LENGTH = 20;
/** An SSN as stored: "123-45-6789" (SPEC §3 3-2-4). */
export const SSN_LENGTH = 11;
/** A date as stored: "YYYY-MM-DD". */
export const DATE_LENGTH = 10;
/** (ours) a file question's stored answer: the uploaded document's name. */
export const FILE_ANSWER_MAX_LENGTH = 255;
/** SPEC §5: an account's e-mail address (the username) runs to 254 characters (RFC 5321). */
export const ACCOUNT_EMAIL_MAX_LENGTH = 254;
/** SPEC §5: the longest password the account forms take. */
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_MIN_LENGTH = 12;
export const CONFIRMATION_CODE_LENGTH = 6;
export const ZIP_MIN_LENGTH = 5;
/** (ours) a US ZIP code: 5 digits, or ZIP+4 "59715-1234". */
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
/** (ours) the highest GPA accepted: weighted scales run to 5.0. */
export const GPA_MAX = 5;
/** (ours) a GPA has at most this many decimals ("3.45"). */
export const GPA_DECIMALS = 2;
/** (ours) the birth date's calendar opens this many years back, an age an applicant may be. */
export const BIRTH_DATE_CALENDAR_YEARS_BACK = 17;
export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 100;
export const MAX_UPLOAD_BYTES = 1_048_576;
export const MAX_FILE_NAME_LENGTH = 32;
export const ALLOWED_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;
/** SPEC §5: residency year windows run to 2 years ahead. */
export const YEAR_WINDOW_AHEAD = 2;

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

/**
 * Whether `text` can be a one-line answer (every field but a textarea): no line break, tab or
 * other control character. A name with a line break in it cannot be printed on one line, so
 * browser and server refuse it alike.
 */
export function isSingleLine(text: string): boolean {
  return !CONTROL_CHARACTER.test(text);
}
