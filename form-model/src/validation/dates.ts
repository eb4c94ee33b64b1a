/**
 * The checks of a date answer that need no schema, so the date field can run them as the date
 * is entered (SPEC §5: "Dates are validated as they are entered") without loading yup, and
 * the schema runs the very same ones (rules.ts `birthDate`).
 */
import { type DateQuestion } from '../config/types.ts';
import { BIRTH_DATE_CALENDAR_YEARS_BACK, MAX_AGE_YEARS, MIN_AGE_YEARS } from './limits.ts';
import { type ModelMessages } from './messages.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `now`'s local date `years` back as `YYYY-MM-DD` (29 February falls back to the 28th). */
export function isoYearsAgo(now: Date, years: number): string {
  const year = now.getFullYear() - years;
  const month = now.getMonth();
  const lastDay = new Date(year, month + 1, 0).getDate();
  const day = Math.min(now.getDate(), lastDay);
  return `${pad(year, 4)}-${pad(month + 1, 2)}-${pad(day, 2)}`;
}

/** Whether `value` is a `YYYY-MM-DD` date that exists. */
export function isRealIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * SPEC §5: a birth date lies between 100 years ago and 13 years ago, both days included.
 * The message (in `messages`' language) for a real `YYYY-MM-DD` date outside that, else
 * undefined.
 */
export function birthDateMessage(
  value: string,
  now: Date,
  messages: ModelMessages,
): string | undefined {
  if (!ISO_DATE.test(value)) return undefined;
  if (value > isoYearsAgo(now, MIN_AGE_YEARS)) return messages.tooYoung;
  if (value < isoYearsAgo(now, MAX_AGE_YEARS)) return messages.birthDateUnsupported;
  return undefined;
}

/** Whether a date question is a birth date (it has the `birthDate` rule). */
export function isBirthDate(question: DateQuestion): boolean {
  return (question.rules ?? []).some((rule) => rule.rule === 'birthDate');
}

/**
 * The messages of a date answer as it is entered: a birth date outside its years. Empty for
 * an empty or unfinished date (the date widget reports a date that does not exist).
 */
export function dateMessagesOnEntry(
  question: DateQuestion,
  value: string,
  now: Date,
  messages: ModelMessages,
): string[] {
  if (!isBirthDate(question) || !isRealIsoDate(value)) return [];
  const message = birthDateMessage(value, now, messages);
  return message === undefined ? [] : [message];
}

/**
 * Where the date's calendar opens (`YYYY-MM-DD`): a birth date's in a year an applicant may
 * be born (17 years ago), any other date's today (undefined).
 */
export function dateCalendarStart(question: DateQuestion, now: Date): string | undefined {
  return isBirthDate(question) ? isoYearsAgo(now, BIRTH_DATE_CALENDAR_YEARS_BACK) : undefined;
}
