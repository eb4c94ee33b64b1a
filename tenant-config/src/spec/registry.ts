/**
 * SPEC §3's answer keys, each with the kind of value it stores: a requirement of the Gallatin
 * college, checked by its test (gallatin.test.ts). Test-only: the engine (form-model) holds no
 * list of keys, and a college's pages are its own catalogue. Select and radio keys have a
 * `{key}_desc` companion holding the chosen label. Month/year pairs are two keys (`…_month`
 * "1".."12", `…_year`).
 */
import { residencyKeys } from './residency.ts';

/** Prefixes of the three colleges (SPEC §3). */
const COLLEGE_PREFIXES = ['college_', 'college_2_', 'college_3_'] as const;

/** Offences asked about in the conduct questions (SPEC §3). */
const CONDUCT_OFFENCES = [
  'arson',
  'assault',
  'drugs',
  'hate',
  'murder',
  'robbery',
  'violence',
  'dui',
  'weapons',
] as const;
/** Offences asked only about charges. */
const CHARGE_ONLY_OFFENCES = ['assault_weapon', 'hazing'] as const;
/** The three conduct questions: convictions, pending charges, charges. */
const CONDUCT_PREFIXES = ['crime', 'pending', 'charges'] as const;

/** The offence keys of one conduct question, without its `_no` key. */
function conductItemKeys(prefix: (typeof CONDUCT_PREFIXES)[number]): string[] {
  const offences: readonly string[] =
    prefix === 'charges' ? [...CONDUCT_OFFENCES, ...CHARGE_ONLY_OFFENCES] : CONDUCT_OFFENCES;
  return offences.map((offence) => `${prefix}_${offence}`);
}

/** What a stored key holds, which decides its widget, its limits and its print line. */
export type KeyKind =
  | 'text'
  | 'textarea'
  | 'date'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'phone'
  | 'ssn'
  | 'email'
  | 'lookup'
  | 'file'
  | 'month'
  | 'year';

type KeyTable = Readonly<Record<string, KeyKind>>;

/** An address whose ZIP is its place finder (it fills city, state and ZIP; Street 1 is typed). */
const address = (prefix: string, withLine2 = true): KeyTable => ({
  [`${prefix}address_line_1`]: 'text',
  ...(withLine2 ? { [`${prefix}address_line_2`]: 'text' } : {}),
  [`${prefix}city`]: 'text',
  [`${prefix}state`]: 'select',
  [`${prefix}zip`]: 'lookup',
  [`${prefix}country`]: 'select',
});

const monthYear = (prefix: string): KeyTable => ({
  [`${prefix}_month`]: 'month',
  [`${prefix}_year`]: 'year',
});

const nameKeys: KeyTable = {
  first_name: 'text',
  middle_name: 'text',
  last_name: 'text',
  prev_name: 'text',
  ssn: 'ssn',
};

const contactKeys: KeyTable = {
  ...address(''),
  county: 'text',
  email_address: 'email',
  contact_email_address: 'email',
  mailing_addr_same_as_perm_addr: 'checkbox',
  phone_home: 'phone',
  phone_mobile: 'phone',
  optin_sms_ind: 'checkbox',
  phone_international: 'phone',
  ...address('mailing_'),
  birth_date: 'date',
  birth_city: 'text',
  birth_state: 'select',
  us_citizen: 'radio',
  perm_resident: 'radio',
  citizenship: 'select',
  stopintl_copy: 'checkbox',
};

const demographicKeys: KeyTable = {
  gender: 'radio',
  ethnicity: 'radio',
  race_american_indian: 'checkbox',
  race_asian: 'checkbox',
  race_black: 'checkbox',
  race_native_hawaiian: 'checkbox',
  race_white: 'checkbox',
  decision_essay: 'textarea',
  // Our addition (form-model README): the essay's upload tab stores its document under its own key.
  decision_essay_file: 'file',
  gallatin_refer: 'select',
  gallatin_refer_other: 'text',
};

const enrolmentKeys: KeyTable = {
  entry_term: 'select',
  educational_goal: 'select',
  goal_two_year: 'select',
  goal_two_year_other: 'text',
  prev_gallatin: 'radio',
  prev_attend_webapp: 'radio',
};

const parent = (prefix: string): KeyTable => ({
  [`${prefix}relationship`]: 'select',
  [`${prefix}first_name`]: 'text',
  [`${prefix}last_name`]: 'text',
  [`${prefix}email_address`]: 'email',
  ...address(prefix),
  [`${prefix}phone`]: 'phone',
  [`${prefix}bozeman`]: 'radio',
  [`${prefix}alum_year`]: 'year',
});

const parentKeys: KeyTable = {
  ...parent('parent_'),
  ...parent('parent_2_'),
  parent_education: 'select',
  parent_degree_msu: 'radio',
};

const highSchoolKeys: KeyTable = {
  diploma_ged: 'radio',
  hs_name: 'lookup',
  hs_ceeb: 'text',
  hs_address_line_1: 'text',
  hs_city: 'text',
  hs_state: 'select',
  hs_zip: 'text',
  hs_country: 'select',
  ...monthYear('grad'),
  hs_gpa: 'text',
  hs_class_rank: 'text',
  hs_class_size: 'text',
  hs_accredited: 'radio',
  ged_test: 'select',
  ...monthYear('ged'),
  ged_location: 'text',
};

const college = (prefix: string): KeyTable => ({
  [`${prefix}name`]: 'lookup',
  [`${prefix}ceeb`]: 'text',
  [`${prefix}address_line_1`]: 'text',
  [`${prefix}city`]: 'text',
  [`${prefix}state`]: 'select',
  [`${prefix}zip`]: 'text',
  [`${prefix}country`]: 'select',
  ...monthYear(`${prefix}attend_from`),
  ...monthYear(`${prefix}attend_to`),
  [`${prefix}credits_attempted`]: 'text',
});

const collegeKeys: KeyTable = {
  ...(Object.assign({}, ...COLLEGE_PREFIXES.map(college)) as KeyTable),
  suspended_academic: 'radio',
  suspended_academic_explain: 'textarea',
};

const testScoreKeys: KeyTable = {
  sat_taken: 'radio',
  ...monthYear('sat_test'),
  sat_score_total: 'text',
  sat_score_reading_writing: 'text',
  sat_score_math: 'text',
  sat_score_writing_language_test: 'text',
  sat_score_math_test: 'text',
  ...monthYear('sat_plan'),
  sat_taken_unsure: 'checkbox',
  act_taken: 'radio',
  ...monthYear('act_test'),
  act_score_math: 'text',
  act_score_english: 'text',
  act_score_composite: 'text',
  act_score_writing_english_arts: 'text',
  act_score_writing: 'text',
  ...monthYear('act_plan'),
  act_taken_unsure: 'checkbox',
};

const militaryKeys: KeyTable = {
  ...monthYear('military_start'),
  ...monthYear('military_end'),
  military_state: 'select',
  military_city: 'text',
  military_active_duty: 'radio',
};

const conductKeys: KeyTable = {
  ...Object.fromEntries(
    CONDUCT_PREFIXES.flatMap((prefix) =>
      [...conductItemKeys(prefix), `${prefix}_no`].map((key) => [key, 'checkbox' as const]),
    ),
  ),
  register: 'radio',
  certify_checkbox: 'checkbox',
  obligation_checkbox: 'checkbox',
  legal_agree: 'checkbox',
};

/** Registry groups, in the order of SPEC §3 (and the page ↔ key map of SPEC §2). */
export const keyGroups = {
  name: nameKeys,
  contact: contactKeys,
  demographic: demographicKeys,
  entry: enrolmentKeys,
  parent: parentKeys,
  highSchool: highSchoolKeys,
  college: collegeKeys,
  testScore: testScoreKeys,
  military: militaryKeys,
  conduct: conductKeys,
  residency: residencyKeys,
} as const satisfies Record<string, KeyTable>;

export type KeyGroup = keyof typeof keyGroups;

/** Every answer key of SPEC §3, with its kind. */
export const answerKeyRegistry: Readonly<Record<string, KeyKind>> = Object.assign(
  {},
  ...Object.values(keyGroups),
) as Record<string, KeyKind>;

/** The kind of a registered key, or undefined. */
export function keyKind(key: string): KeyKind | undefined {
  return Object.hasOwn(answerKeyRegistry, key) ? answerKeyRegistry[key] : undefined;
}
