import { describe, expect, it } from 'vitest';

import { type DateQuestion } from '../config/types.ts';
import { dateCalendarStart, dateMessagesOnEntry, isoYearsAgo, isRealIsoDate } from './dates.ts';
import { englishMessages } from './english.ts';
import { validateAnswers } from './schema.ts';

const messages = englishMessages();

const NOW = new Date(2026, 10, 26, 12, 0);
const birth: DateQuestion = {
  type: 'date',
  key: 'birth_date',
  label: 'Date of Birth',
  rules: [{ rule: 'birthDate' }],
};
const other: DateQuestion = { type: 'date', key: 'move_date', label: 'Moved' };
const pages = [
  {
    id: 'about',
    route: 'about',
    title: 'About',
    sections: [{ id: 's', title: 'S', blocks: [birth] }],
  },
] as const;

describe('dates checked as they are entered (SPEC §5)', () => {
  // Each row: date → messages on entry, which the schema gives too.
  const cases: [string, string, string[]][] = [
    ['13 years old today', '2013-11-26', []],
    ['13 tomorrow', '2013-11-27', [messages.tooYoung]],
    ['born this year', '2026-01-01', [messages.tooYoung]],
    ['100 years ago today', '1926-11-26', []],
    ['100 years and a day ago', '1926-11-25', [messages.birthDateUnsupported]],
    ['an unfinished date says nothing yet', '', []],
    ['a date that does not exist is the widget’s to report', '2009-02-30', []],
  ];
  it.each(cases)('%s', (_name, value, expected) => {
    expect(dateMessagesOnEntry(birth, value, NOW, messages)).toEqual(expected);
    if (isRealIsoDate(value)) {
      const errors = validateAnswers(pages, { birth_date: value }, { now: NOW, messages });
      expect(errors.birth_date ?? []).toEqual(expected);
    }
  });

  it('checks no bounds on a date without the birthDate rule', () => {
    expect(dateMessagesOnEntry(other, '2026-01-01', NOW, messages)).toEqual([]);
  });

  it('knows real dates', () => {
    expect(
      ['2024-02-29', '2023-02-29', '2024-13-01', '2024-04-31', '0099-01-01'].map(isRealIsoDate),
    ).toEqual([true, false, false, false, true]);
  });
});

describe('where the calendar opens', () => {
  it('opens a birth date 17 years back, an age an applicant may be; any other date today', () => {
    expect(dateCalendarStart(birth, NOW)).toBe('2009-11-26');
    expect(dateCalendarStart(other, NOW)).toBeUndefined();
  });
  it('falls back from 29 February', () => {
    expect(isoYearsAgo(new Date(2024, 1, 29), 17)).toBe('2007-02-28');
  });
});
