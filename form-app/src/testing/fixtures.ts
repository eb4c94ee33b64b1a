/**
 * Page configs for the step renderer's tests: a small page with one question of every kind,
 * and pages cut from the college's own config (the real blocks and conditions, fewer of them).
 */
import { type Block, type PageConfig, type PageId, type Question, yesNo } from '@admit/form-model';
import { gallatin } from '@admit/tenant-config/bundled';

import { tenant } from '../tenant.ts';

// The college's whole config, every page at hand: the tests are built for gallatin
// (vitest.config.ts), whose browser form (`tenant`) fetches its later pages on demand.
if (tenant.id !== gallatin.id) throw new Error(`the tests expect gallatin, not ${tenant.id}`);

/** One question of each kind of form-model's Question union, on real answer keys. */
export const everyQuestion = [
  { type: 'text', key: 'first_name', label: 'First Name' },
  { type: 'textarea', key: 'suspended_academic_explain', label: 'Please explain what happened' },
  { type: 'email', key: 'email_address', label: 'Email Address' },
  { type: 'date', key: 'birth_date', label: 'Date of Birth' },
  { type: 'phone', key: 'phone_home', label: 'Home Phone' },
  { type: 'ssn', key: 'ssn', label: 'Social Security Number' },
  { type: 'select', key: 'birth_state', label: 'State of Birth', options: { list: 'states' } },
  {
    type: 'radio',
    key: 'us_citizen',
    label: 'Are you a citizen of the United States?',
    options: { options: yesNo },
  },
  { type: 'checkbox', key: 'optin_sms_ind', label: 'Send me text message updates' },
  {
    type: 'checkboxes',
    key: 'race_asian',
    label: 'Race (choose all that apply)',
    options: [
      { key: 'race_asian', label: 'Asian' },
      { key: 'race_white', label: 'White' },
    ],
  },
  {
    type: 'month-year',
    key: 'grad_month',
    monthKey: 'grad_month',
    yearKey: 'grad_year',
    label: 'Graduation date',
    years: { count: 10, direction: 'past' },
  },
  {
    type: 'lookup',
    key: 'hs_name',
    label: 'High school name',
    category: 'hs_ceeb',
    fills: { ceeb: 'hs_ceeb' },
  },
  { type: 'file', key: 'decision_essay_file', label: 'Your essay' },
] as const satisfies readonly Question[];

export const everyQuestionPage = {
  id: 'about',
  route: 'about',
  title: 'Every question',
  sections: [{ id: 'every', title: 'Every kind of question', blocks: everyQuestion }],
} satisfies PageConfig;

/** One of the college's pages (gallatin: the build the tests run against). */
export function collegePage(pageId: PageId): PageConfig {
  const page = gallatin.pages.find((candidate) => candidate.id === pageId);
  if (page === undefined) throw new Error(`the college has no page ${pageId}`);
  return page;
}

/** A page holding only some sections of one of the college's pages, as they are configured. */
export function collegeSections(pageId: PageId, ...sectionIds: string[]): PageConfig {
  const page = collegePage(pageId);
  const sections = sectionIds.map((id) => {
    const section = page.sections.find((candidate) => candidate.id === id);
    if (section === undefined) throw new Error(`${pageId} has no section ${id}`);
    return section;
  });
  return { ...page, sections };
}

/** An Education page with one Colleges section holding `blocks` (the add-another tests). */
export function educationPage(blocks: Block[]): PageConfig {
  return {
    id: 'education',
    route: 'education',
    title: 'Education',
    sections: [{ id: 'colleges', title: 'Colleges', blocks }],
  };
}
