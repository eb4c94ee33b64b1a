/**
 * How names are folded for search and tidied for display. The importer folds stored names
 * and the lookup folds what the applicant types with the same `searchKey`, so "St. Mary's",
 * "st marys" and "ST MARY’S" meet.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const APOSTROPHES = /['’`´]/g;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * The search form of a name: lower case, accents removed, "&" as "and", apostrophes dropped,
 * every other run of punctuation or space as one space.
 * @example searchKey("St. Mary's Academy & Prep") === 'st marys academy and prep'
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(APOSTROPHES, '')
    .replace(NOT_LETTER_OR_DIGIT, ' ')
    .trim();
}

/** Spaces tidied: no-break spaces as spaces, runs collapsed, ends trimmed. */
export function tidy(text: string | undefined): string {
  return (text ?? '').replace(/[\s\u00a0]+/g, ' ').trim();
}

const SMALL_WORDS = new Set(['of', 'the', 'and', 'at', 'for', 'in', 'on', 'de', 'la', 'del']);

/**
 * Title case for names published in one case only ("BOZEMAN", "st vrain online global acad");
 * a name already in mixed case is kept as published.
 * @example displayCase('GREAT FALLS') === 'Great Falls'
 */
export function displayCase(text: string): string {
  const tidied = tidy(text);
  if (tidied !== tidied.toUpperCase() && tidied !== tidied.toLowerCase()) return tidied;
  return tidied
    .toLowerCase()
    .split(' ')
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word)
        ? word
        : word.replace(
            /(^|[-/(.'])(\p{L})/gu,
            (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
          ),
    )
    .join(' ');
}

/**
 * A CEEB code zero-padded to its length (6 digits for high schools, 4 for colleges), or
 * undefined when there is none ("", "-1", letters, too long).
 * @example padCeeb('4488', 4) === '4488'; padCeeb('70100', 6) === '070100'
 */
export function padCeeb(code: string | undefined, digits: 4 | 6): string | undefined {
  const trimmed = tidy(code);
  if (!/^\d+$/.test(trimmed)) return undefined;
  const number = Number(trimmed);
  if (number <= 0) return undefined;
  const padded = trimmed.replace(/^0+/, '').padStart(digits, '0');
  return padded.length === digits ? padded : undefined;
}

/** A US ZIP as published: five digits, or ZIP+4 ("59101-0298"); anything else is dropped. */
export function zipCode(text: string | undefined): string {
  const trimmed = tidy(text);
  const match = /^(\d{5})(?:-?(\d{4}))?$/.exec(trimmed);
  if (match === null) return '';
  return match[2] === undefined ? (match[1] ?? '') : `${match[1] ?? ''}-${match[2]}`;
}
