import { describe, expect, it } from 'vitest';

import { type Answers, type PageConfig } from '../config/types.ts';
import { fixturePages, NOW } from '../testing/fixture.ts';
import { englishMessages } from './english.ts';
import { validateAnswers, validateField } from './schema.ts';

const messages = englishMessages();

const valid: Answers = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  us_citizen: 'Y',
  mailing_country: 'USA',
  mailing_state: 'MT',
  mailing_zip: '59715',
  phone_home: '(406) 555-0123',
  entry_term: '202770',
  educational_goal: 'AAS',
  diploma_ged: 'D',
  hs_name: 'Bozeman High School',
  crime_no: true,
  certify_checkbox: true,
};

const validate = (patch: Answers, context = {}) =>
  validateAnswers(fixturePages, { ...valid, ...patch }, { now: NOW, context, messages });

describe('validateAnswers (SPEC §5)', () => {
  it('accepts a complete application', () => {
    expect(validate({})).toEqual({});
  });

  it('collects every required field at once, with its label as the message', () => {
    expect(validateAnswers(fixturePages, {}, { now: NOW, messages })).toEqual({
      first_name: ['First Name'],
      last_name: ['Last Name'],
      us_citizen: ['Are you a citizen of the United States?'],
      mailing_country: ['Country'],
      phone_home: ['One phone is required.'],
      entry_term: ['Term'],
      diploma_ged: ['Diploma'],
      crime_no: ['Choose one.'],
      certify_checkbox: ['I certify'],
    });
  });

  // Each row: answers patch → field → messages.
  const cases: [string, Answers, string, string[]][] = [
    ['mailing state required for USA', { mailing_state: '' }, 'mailing_state', ['State']],
    [
      'mailing state required for CAN',
      { mailing_country: 'CAN', mailing_state: '', mailing_zip: '' },
      'mailing_state',
      ['State'],
    ],
    [
      'a state that is not one of the state options is refused',
      { mailing_state: '??' },
      'mailing_state',
      [messages.option],
    ],
    [
      "another country's state is no longer a choice: cleared, then required",
      { mailing_state: 'AB' },
      'mailing_state',
      ['State'],
    ],
    [
      'no state asked elsewhere',
      { mailing_country: 'FRA', mailing_state: '', mailing_zip: '' },
      'mailing_state',
      [],
    ],
    ['ZIP required for USA', { mailing_zip: '' }, 'mailing_zip', ['ZIP']],
    ['ZIP at least 5 for USA', { mailing_zip: '5971' }, 'mailing_zip', [messages.zipMin(5)]],
    [
      'short postcode fine elsewhere',
      { mailing_country: 'FRA', mailing_state: '', mailing_zip: '7500' },
      'mailing_zip',
      [],
    ],
    [
      'perm_resident required if not a citizen',
      { us_citizen: 'N', citizenship: 'CAN' },
      'perm_resident',
      ['Permanent resident?'],
    ],
    [
      'citizenship required if not a citizen',
      { us_citizen: 'N', perm_resident: 'Y' },
      'citizenship',
      ['Citizenship'],
    ],
    [
      'stop message if not a permanent resident',
      { us_citizen: 'N', perm_resident: 'N', citizenship: 'CAN' },
      'stopintl_copy',
      ['STOP: apply as an international student.'],
    ],
    [
      'educational goal required once a term is set',
      { educational_goal: '' },
      'educational_goal',
      ['Goal'],
    ],
    [
      'STOP answer must be N',
      { prev_gallatin: 'Y' },
      'prev_gallatin',
      ['STOP: you attended before.'],
    ],
    ['STOP answer N passes', { prev_gallatin: 'N' }, 'prev_gallatin', []],
    ['13 years old today passes', { birth_date: '2013-11-21' }, 'birth_date', []],
    ['one day short of 13', { birth_date: '2013-11-22' }, 'birth_date', [messages.tooYoung]],
    ['100 years ago today passes', { birth_date: '1926-11-21' }, 'birth_date', []],
    [
      'over 100 years ago is not supported',
      { birth_date: '1926-11-20' },
      'birth_date',
      [messages.birthDateUnsupported],
    ],
    ['not a date', { birth_date: '2008-02-30' }, 'birth_date', [messages.date]],
    ['e-mail pattern', { email_address: 'ada@example' }, 'email_address', [messages.fieldEmail]],
    ['valid phone', { phone_home: '(406) 555-0123' }, 'phone_home', []],
    ['area code starting 1', { phone_home: '(106) 555-0123' }, 'phone_home', ['Bad home phone.']],
    ['exchange starting 0', { phone_home: '(406) 055-0123' }, 'phone_home', ['Bad home phone.']],
    [
      'home phone not needed with a mobile',
      { phone_home: '', phone_mobile: '(406) 555-0199' },
      'phone_home',
      [],
    ],
    [
      'nor with an international phone',
      { phone_home: '', phone_international: '+44 20 7946 0958' },
      'phone_home',
      [],
    ],
    ['mobile required for SMS opt-in', { optin_sms_ind: true }, 'phone_mobile', [messages.optIn]],
    ['mobile not required without opt-in', { optin_sms_ind: false }, 'phone_mobile', []],
    ['mobile phone shape', { phone_mobile: '555-0199' }, 'phone_mobile', [messages.validPhone]],
    [
      'international phone shape',
      { phone_international: '12345' },
      'phone_international',
      [messages.validInternationalPhone],
    ],
    ['SSN shape', { ssn: '123-45-678' }, 'ssn', [messages.ssn]],
    ['GPA numeric', { hs_gpa: '3.x' }, 'hs_gpa', [messages.numeric]],
    ['GPA decimal passes', { hs_gpa: '3.45' }, 'hs_gpa', []],
    [
      'SAT total 3 or 4 digits',
      { sat_taken: 'Y', sat_score_total: '12345' },
      'sat_score_total',
      [messages.satTotal],
    ],
    [
      'SAT total 4 digits passes',
      { sat_taken: 'Y', sat_score_total: '1210' },
      'sat_score_total',
      [],
    ],
    [
      'SAT section step 10',
      { sat_taken: 'Y', sat_score_math: '655' },
      'sat_score_math',
      [messages.satSection],
    ],
    [
      'SAT section under 200',
      { sat_taken: 'Y', sat_score_math: '190' },
      'sat_score_math',
      [messages.satSection],
    ],
    ['SAT section 800 passes', { sat_taken: 'Y', sat_score_math: '800' }, 'sat_score_math', []],
    [
      'SAT subscore 10..40',
      { sat_taken: 'Y', sat_score_writing_language_test: '41' },
      'sat_score_writing_language_test',
      [messages.satSubscore],
    ],
    [
      'SAT writing test has no decimals',
      { sat_taken: 'Y', sat_score_writing_language_test: '20.5' },
      'sat_score_writing_language_test',
      [messages.satSubscore],
    ],
    [
      'SAT math test may have decimals',
      { sat_taken: 'Y', sat_score_math_test: '20.5' },
      'sat_score_math_test',
      [],
    ],
    [
      'SAT rules only when taken is Y',
      { sat_taken: 'N', sat_score_math: '5' },
      'sat_score_math',
      [],
    ],
    [
      'ACT composite 1..36',
      { act_taken: 'Y', act_score_composite: '37' },
      'act_score_composite',
      [messages.actScore],
    ],
    [
      'ACT composite 0',
      { act_taken: 'Y', act_score_composite: '0' },
      'act_score_composite',
      [messages.actScore],
    ],
    [
      'ACT writing 1..12',
      { act_taken: 'Y', act_score_writing: '13' },
      'act_score_writing',
      [messages.actWriting],
    ],
    ['ACT writing 12 passes', { act_taken: 'Y', act_score_writing: '12' }, 'act_score_writing', []],
    ['crime_no needed unless an item is chosen', { crime_no: false }, 'crime_no', ['Choose one.']],
    ['an item instead of crime_no passes', { crime_no: false, crime_arson: true }, 'crime_no', []],
    [
      'crime_no and an item both ticked is a contradiction, refused',
      { crime_no: true, crime_arson: true },
      'crime_no',
      [messages.noneAndAny],
    ],
    ['certification must be true', { certify_checkbox: false }, 'certify_checkbox', ['I certify']],
    ['text max 45', { first_name: 'x'.repeat(46) }, 'first_name', [messages.maxLength(45)]],
    ['text 45 passes', { first_name: 'x'.repeat(45) }, 'first_name', []],
    [
      'a line break in a name (regression: it was accepted, then the application PDF failed)',
      { last_name: 'Line\nBreak' },
      'last_name',
      [messages.singleLine],
    ],
    ['a tab in a name', { first_name: 'A\tda' }, 'first_name', [messages.singleLine]],
    [
      'a control character in a text answer',
      { hs_name: 'Bozeman\u0007' },
      'hs_name',
      [messages.singleLine],
    ],
    [
      'a Unicode line separator in an e-mail',
      { email_address: 'ada@example.com\u2028' },
      'email_address',
      [messages.singleLine],
    ],
    [
      'a textarea keeps its line breaks',
      { decision_essay: 'One.\n\nTwo.\tThree.' },
      'decision_essay',
      [],
    ],
    [
      'letters of any script, emoji and accents pass',
      { first_name: 'Zoë 王 ❤️' },
      'first_name',
      [],
    ],
    [
      'textarea max 1500',
      { decision_essay: 'x'.repeat(1501) },
      'decision_essay',
      [messages.maxLength(1500)],
    ],
    ['option outside the list', { us_citizen: 'maybe' }, 'us_citizen', [messages.option]],
    [
      'year window minimum (8 back)',
      { military_start_month: '1', military_start_year: '2017' },
      'military_start_year',
      [messages.minYear(2018)],
    ],
    [
      'year window lower edge passes',
      { military_start_month: '1', military_start_year: '2018' },
      'military_start_year',
      [],
    ],
    [
      'year window maximum (2 ahead)',
      { military_start_month: '1', military_start_year: '2029' },
      'military_start_year',
      [messages.maxYear(2028)],
    ],
    [
      'year window upper edge passes',
      { military_start_month: '1', military_start_year: '2028' },
      'military_start_year',
      [],
    ],
    ['month 1..12', { military_start_month: '13' }, 'military_start_month', [messages.month]],
  ];

  it.each(cases)('%s', (_title, patch, field, expected) => {
    expect(validate(patch)[field] ?? []).toEqual(expected);
  });

  it('de-duplicates messages per field', () => {
    const both = validate({ phone_home: '', phone_mobile: '', phone_international: '' });
    expect(both.phone_home).toEqual(['One phone is required.']);
  });

  it('validates one field on its own', () => {
    expect(
      validateField(fixturePages, { ...valid, first_name: '' }, 'first_name', {
        now: NOW,
        messages,
      }),
    ).toEqual(['First Name']);
    expect(validateField(fixturePages, valid, 'first_name', { now: NOW, messages })).toEqual([]);
  });

  it('skips hidden tabs and groups', () => {
    expect(
      validate({ decision_essay: 'x'.repeat(1501) }, { tabs: { decision_essay: 'upload' } })
        .decision_essay,
    ).toBeUndefined();
  });
});

describe('year windows against a fixed clock (SPEC §5)', () => {
  it.each([
    [8, 2018],
    [19, 2007],
    [64, 1962],
    [74, 1952],
  ] as const)('%i years back → minimum %i, maximum 2028', (yearsBack, min) => {
    const pages = JSON.parse(JSON.stringify(fixturePages)) as PageConfig[];
    const residency = pages[0]?.sections.find((s) => s.id === 'residency')?.blocks[0];
    if (residency?.type !== 'month-year') throw new Error('fixture changed');
    (residency as { yearRules: unknown }).yearRules = [{ rule: 'yearWindow', yearsBack }];
    const check = (year: number) =>
      validateAnswers(
        pages,
        { ...valid, military_start_month: '1', military_start_year: String(year) },
        { now: NOW, messages },
      ).military_start_year ?? [];
    expect(check(min - 1)).toEqual([messages.minYear(min)]);
    expect(check(min)).toEqual([]);
    expect(check(2028)).toEqual([]);
    expect(check(2029)).toEqual([messages.maxYear(2028)]);
  });
});
