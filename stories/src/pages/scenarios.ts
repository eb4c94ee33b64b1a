/**
 * Where the applicant stands when a page story opens (SPEC §1 and §4): a visitor, a first login,
 * a returning applicant with saved answers, one validating after a Submit with answers missing,
 * and one whose application is submitted.
 */
import { ACCOUNT, type ApplicantState } from './mockApi.ts';

/** Personal Info, most of it: what a returning applicant typed last time. */
const PERSONAL_INFO = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email_address: ACCOUNT.username,
  mailing_country: 'USA',
  mailing_address_line_1: '1 Main St',
  mailing_city: 'Bozeman',
  mailing_state: 'MT',
  mailing_zip: '59715',
  county: 'Gallatin',
  birth_date: '2007-12-10',
  birth_city: 'Bozeman',
  birth_state: 'MT',
  us_citizen: 'Y',
  entry_term: '202770',
  educational_goal: 'TRANSFER',
} as const;

/** Academic History, begun: the high school chosen from the lookup. */
const ACADEMIC_HISTORY = {
  diploma_ged: 'D',
  hs_name: 'Bozeman High School',
  hs_ceeb: '270100',
  hs_address_line_1: '205 N 11th Ave',
  hs_city: 'Bozeman',
  hs_state: 'MT',
  hs_zip: '59715',
  hs_country: 'USA',
  grad_month: '6',
  grad_year: '2026',
} as const;

const base: ApplicantState = {
  loggedIn: false,
  answers: {},
  lastPage: '',
  logins: [],
  webStatus: [],
  tabs: {},
  addAnother: {},
  documents: {},
  pdf: 'COMPLETED',
};

export const scenarios = {
  /** Not logged in: previews the form; answers stay in the tab until sign-up. */
  visitor: base,
  /** Just confirmed and logged in for the first time: no answers, no web status yet. */
  firstLogin: {
    ...base,
    loggedIn: true,
    logins: ['2026-11-20T15:02:00.000Z'],
  },
  /** Back for a third time, answers saved, last seen on Academic History. */
  returning: {
    ...base,
    loggedIn: true,
    answers: { ...PERSONAL_INFO, ...ACADEMIC_HISTORY },
    lastPage: 'education',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-20T15:02:00.000Z', '2026-11-24T09:15:00.000Z'],
    webStatus: ['started'],
  },
  /** The returning applicant, logged out: the login page's account (mockApi.ts `ACCOUNT`). */
  returningLoggedOut: {
    ...base,
    answers: { ...PERSONAL_INFO, ...ACADEMIC_HISTORY },
    lastPage: 'education',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-20T15:02:00.000Z'],
    webStatus: ['started'],
  },
  /**
   * Pressed Submit with answers missing: the status is validating and the summary lists what
   * is missing on every step (SPEC §4 Submit).
   */
  validating: {
    ...base,
    loggedIn: true,
    answers: { first_name: 'Ada', email_address: ACCOUNT.username, us_citizen: 'Y' },
    lastPage: 'final-steps',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-24T09:15:00.000Z'],
    webStatus: ['started', 'validating'],
  },
  /** About to submit: answers saved, on the last step, the review to open. */
  reviewing: {
    ...base,
    loggedIn: true,
    answers: { ...PERSONAL_INFO, ...ACADEMIC_HISTORY, ssn: '123-45-6789', crime_no: true },
    lastPage: 'final-steps',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-24T09:15:00.000Z'],
    webStatus: ['started'],
  },
  /** The same, with a private-use character in the City of the mailing address. */
  reviewingUnprintable: {
    ...base,
    loggedIn: true,
    answers: { ...PERSONAL_INFO, ...ACADEMIC_HISTORY, mailing_city: 'Bost\uE000n' },
    lastPage: 'final-steps',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-24T09:15:00.000Z'],
    webStatus: ['started'],
  },
  /** The same, but the server could not make the PDF. */
  reviewingPdfFails: {
    ...base,
    loggedIn: true,
    answers: { ...PERSONAL_INFO, ...ACADEMIC_HISTORY },
    lastPage: 'final-steps',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-24T09:15:00.000Z'],
    webStatus: ['started'],
    pdf: 'FAILED',
  },
  /** Submitted: every form page leads to /completion, whose PDF is ready. */
  submitted: {
    ...base,
    loggedIn: true,
    answers: { ...PERSONAL_INFO, ...ACADEMIC_HISTORY },
    lastPage: 'final-steps',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-24T09:15:00.000Z'],
    webStatus: ['started', 'validating', 'submitted'],
  },
  /** Submitted a minute ago: the application PDF is still being made. */
  submittedPdfPending: {
    ...base,
    loggedIn: true,
    answers: { ...PERSONAL_INFO, ...ACADEMIC_HISTORY },
    lastPage: 'final-steps',
    logins: ['2026-11-18T18:40:00.000Z', '2026-11-24T09:15:00.000Z'],
    webStatus: ['started', 'validating', 'submitted'],
    pdf: 'IN_PROGRESS',
  },
} satisfies Record<string, ApplicantState>;

export type ScenarioName = keyof typeof scenarios;
