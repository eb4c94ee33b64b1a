/**
 * A realistic, fully answered application for the bench: a Bozeman applicant claiming
 * in-state residency, with two parents, two colleges, test scores and a long essay; every
 * question the answers reveal is then answered too, so the PDF holds the most a real
 * application can.
 */
import {
  type Answers,
  currentOptions,
  type FormContext,
  OPTION_LISTS,
  type Question,
  visitQuestions,
} from '@admit/form-model';
import { type TenantConfig } from '@admit/tenant-config';

const ESSAY_PARAGRAPH =
  'I grew up on a ranch outside Belgrade, where my grandfather taught me to weld fence posts ' +
  'and repair the baler when it broke in the middle of haying season. Those summers showed me ' +
  'that a good repair is a kind of problem solving: you look at what failed, work out why, and ' +
  'build something that will hold. Gallatin College offers the hands-on welding program I want, ' +
  'close to home, with instructors who work in the trade and a path to a degree at Montana ' +
  'State University if I decide to continue. ';

/** An essay of about `length` characters, in paragraphs. */
export function essay(length: number): string {
  const paragraphs: string[] = [];
  let total = 0;
  while (total < length) {
    const paragraph = ESSAY_PARAGRAPH.repeat(2).trim();
    paragraphs.push(paragraph);
    total += paragraph.length + 2;
  }
  return paragraphs.join('\n\n').slice(0, length).trim();
}

/**
 * What a real applicant answers by hand: names, addresses, plans, scores, the essay. The names
 * and places cover every script the PDF must print as typed.
 */
const BASE: Answers = {
  first_name: 'Ánh Thị',
  middle_name: 'Ярослав',
  last_name: 'Nguyễn-Łukasiewicz',
  prev_name: '王小明',
  ssn: '123-45-6789',
  mailing_country: 'USA',
  mailing_address_line_1: '101 Main St',
  mailing_address_line_2: 'Apt 4',
  mailing_city: 'Bozeman',
  mailing_state: 'MT',
  mailing_zip: '59715',
  mailing_addr_same_as_perm_addr: false,
  country: 'USA',
  address_line_1: '2200 Ranch Road',
  city: 'Belgrade',
  state: 'MT',
  zip: '59714',
  county: 'Gallatin',
  email_address: 'ada.lovelace@example.com',
  phone_mobile: '(406) 555-0123',
  phone_home: '(406) 555-0188',
  optin_sms_ind: true,
  birth_date: '2008-03-27',
  birth_city: 'Zürich',
  birth_state: 'MT',
  us_citizen: 'Y',
  entry_term: '202770',
  educational_goal: 'AAS',
  goal_two_year: 'WELDING',
  prev_gallatin: 'N',
  prev_attend_webapp: 'N',
  parent_education: 'BA',
  parent_degree_msu: 'N',
  parent_relationship: 'M',
  parent_first_name: 'Şükrü',
  parent_last_name: 'Öztürk',
  parent_2_relationship: 'F',
  parent_2_first_name: 'Ελένη',
  parent_2_last_name: 'محمد דוד',
  diploma_ged: 'D',
  hs_name: 'Bozeman High School',
  hs_ceeb: '270100',
  grad_month: '6',
  grad_year: '2026',
  hs_gpa: '3.6',
  hs_class_rank: '42',
  hs_class_size: '310',
  college_name: 'Montana State University',
  college_2_name: 'Flathead Valley Community College',
  sat_taken: 'Y',
  sat_score_total: '1210',
  sat_score_reading_writing: '610',
  sat_score_math: '600',
  act_taken: 'N',
  gender: 'F',
  decision_essay: essay(7000),
  crime_no: true,
  pending_no: true,
  charges_no: true,
  register: 'N',
  certify_checkbox: true,
  obligation_checkbox: true,
  legal_agree: true,
};

/** Answers that would stop or disqualify the applicant are answered the other way. */
const ANSWER_NO = new Set([
  'prev_gallatin',
  'prev_attend_webapp',
  'register',
  'suspended_academic',
]);

function plausibleText(key: string, label: string): string {
  if (key.includes('ceeb')) return '270100';
  if (key.includes('zip')) return '59715';
  if (key.includes('city')) return 'Bozeman';
  if (key.includes('county')) return 'Gallatin';
  if (key.includes('address_line_1')) return '1 Cobleigh Hall';
  if (key.includes('address_line_2')) return 'Suite 100';
  if (key.includes('first_name')) return 'Robin';
  if (key.includes('last_name')) return 'Lovelace';
  if (key.includes('name')) return 'Gallatin Valley Welding';
  if (key.includes('year')) return '2024';
  if (/score|gpa|credits|rank|size|days|number|count/.test(key)) return '12';
  return `${label.replace(/[?:.]$/, '').slice(0, 30)}: yes`.slice(0, 45);
}

function answerFor(question: Question, answers: Answers): Answers {
  switch (question.type) {
    case 'checkbox':
      return { [question.key]: true };
    case 'checkboxes': {
      const [option] = question.options;
      return option === undefined ? {} : { [option.key]: true };
    }
    case 'radio':
    case 'select': {
      const options = currentOptions(question, answers, undefined, OPTION_LISTS) ?? [];
      const chosen =
        (ANSWER_NO.has(question.key)
          ? options.find((option) => option.value === 'N')
          : undefined) ?? options.find((option) => option.value !== '');
      return chosen === undefined ? {} : { [question.key]: chosen.value };
    }
    case 'month-year': {
      // A year the question offers: last year when it looks back, the first it offers ahead.
      const { start, offset = 0, direction } = question.years;
      const first = start ?? new Date().getFullYear() + offset;
      const year = direction === 'past' ? first - 1 : first;
      return { [question.monthKey]: '6', [question.yearKey]: String(year) };
    }
    case 'date':
      return { [question.key]: '2019-08-15' };
    case 'phone':
      return {
        [question.key]:
          question.variant === 'international' ? '+44 20 7946 0958' : '(406) 555-0150',
      };
    case 'ssn':
      return { [question.key]: '123-45-6789' };
    case 'email':
      return { [question.key]: 'family@example.com' };
    case 'textarea':
      return { [question.key]: essay(600) };
    case 'file':
      return {};
    case 'text':
    case 'lookup':
      return { [question.key]: plausibleText(question.key, question.label) };
  }
}

/** The applicant's answers, with every question they reveal answered too, and the form context. */
export function fullyAnsweredApplication(tenant: TenantConfig): {
  answers: Answers;
  context: FormContext;
} {
  const context: FormContext = {
    tabs: { decision_essay: 'write' },
    addAnother: { college: 2, instate_timeline: 2, instate_absence: 1 },
  };
  let answers: Answers = { ...BASE, instate_claim: 'Y' };
  // Each round may reveal questions (a "Yes" opens a follow-up); stop when nothing changes.
  for (let round = 0; round < 12; round += 1) {
    let changed = false;
    for (const { question, visible } of visitQuestions(tenant.pages, answers, context)) {
      if (!visible) continue;
      const key = question.type === 'month-year' ? question.monthKey : question.key;
      // What the applicant set by hand stays as they set it (a "No" included).
      if (question.type === 'checkboxes') {
        if (question.options.some((option) => option.key in answers)) continue;
      } else if (key in answers) continue;
      const patch = answerFor(question, answers);
      if (Object.keys(patch).length > 0) {
        answers = { ...answers, ...patch };
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { answers, context };
}
