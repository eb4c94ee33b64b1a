import { errorMessages, type FieldError } from '../../parts/fieldErrors';

/**
 * A date's text as typed and its stored answer, apart from the picker so that the picker's
 * placeholder (DateInputPlaceholder) can read and write dates without the picker's code.
 */

/** How a date is typed: month, day and four-digit year. */
export const DATE_INPUT_FORMAT = 'MM/DD/YYYY';

/** What `onChange` gives when the typed date does not exist (02/30/2024) or is partly erased. */
export const DATE_INPUT_NOT_A_DATE = 'not-a-date';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The year, month (1–12) and day of an ISO `YYYY-MM-DD` date that exists, or null. */
export function realDateParts(value: string): [number, number, number] | null {
  const match = ISO_DATE.exec(value);
  if (match === null) return null;
  return realDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function realDate(year: number, month: number, day: number): [number, number, number] | null {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (daysInMonth === undefined || day < 1 || day > daysInMonth) return null;
  return [year, month, day];
}

const pad = (part: number, width: number) => String(part).padStart(width, '0');

/** The answer `YYYY-MM-DD` as typed (`MM/DD/YYYY`); "" for no answer or one that is no date. */
export function typedDate(answer: string): string {
  const parts = realDateParts(answer);
  if (parts === null) return '';
  const [year, month, day] = parts;
  return `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;
}

const TYPED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TYPED_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * The answer for a typed date: `YYYY-MM-DD` for a real date typed as MM/DD/YYYY (or its eight
 * digits), "" for nothing typed, else `DATE_INPUT_NOT_A_DATE`.
 */
export function answerOfTyped(text: string): string {
  const typed = text.trim();
  if (typed === '') return '';
  const match = TYPED_DATE.exec(typed) ?? TYPED_DIGITS.exec(typed);
  if (match === null) return DATE_INPUT_NOT_A_DATE;
  const parts = realDate(Number(match[3]), Number(match[1]), Number(match[2]));
  if (parts === null) return DATE_INPUT_NOT_A_DATE;
  const [year, month, day] = parts;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * The messages a date field shows: `invalidMessage` ("Enter a real date.", `ds.dateInput.invalid`;
 * SPEC §5, date entry is validated on change) for an answer that is no real date (or, in the
 * picker, a date left half-typed: `unfinished`), then the caller's own.
 */
export function dateErrors(
  value: string,
  error: FieldError,
  invalidMessage: string,
  unfinished = false,
): string[] {
  const notReal = value !== '' && realDateParts(value) === null;
  return errorMessages([
    ...(notReal || unfinished ? [invalidMessage] : []),
    ...errorMessages(error),
  ]);
}
