/**
 * The applicant of the journeys and how a person fills the three steps with a mouse: every
 * SPEC §5 required answer (and what becomes required by it), found by the ids the app gives
 * each input (the answer key) and by the labels of tenant-config's gallatin pages.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The applicant: answers as typed and the option labels as shown. */
export const APPLICANT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '101 Main Street',
  city: 'Bozeman',
  country: 'United States',
  state: 'Montana',
  zip: '59715',
  phoneDigits: '4065550123',
  phone: '(406) 555-0123',
  entryTerm: 'Fall 2027 (August)',
  goal: 'Earn a certificate',
  parentEducation: 'High school diploma or equivalent',
  diploma: 'High school diploma (or I will graduate before I start)',
  highSchool: 'Bozeman High School',
  gradMonth: 'June',
  gradYear: '2026',
} as const;

/** The same application as stored answers, for journeys that only need one to exist. */
export const COMPLETE_ANSWERS: Record<string, string | boolean> = {
  first_name: 'Grace',
  last_name: 'Hopper',
  mailing_country: 'USA',
  mailing_country_desc: 'United States',
  mailing_address_line_1: '12 College Street',
  mailing_city: 'Bozeman',
  mailing_state: 'MT',
  mailing_state_desc: 'Montana',
  mailing_zip: '59715',
  mailing_addr_same_as_perm_addr: true,
  phone_home: '(406) 555-0199',
  us_citizen: 'Y',
  us_citizen_desc: 'Yes',
  entry_term: '202770',
  entry_term_desc: 'Fall 2027 (August)',
  educational_goal: 'AAS',
  educational_goal_desc: 'Earn an Associate of Applied Science (career and technical) degree',
  parent_education: 'HS',
  parent_education_desc: 'High school diploma or equivalent',
  diploma_ged: 'N',
  diploma_ged_desc: 'Neither yet',
  crime_no: true,
  pending_no: true,
  charges_no: true,
  register: 'N',
  register_desc: 'No',
  certify_checkbox: true,
  obligation_checkbox: true,
  legal_agree: true,
};

/** A select (WAI-ARIA combobox + listbox): open it and pick the option named `label`. */
export async function chooseOption(page: Page, id: string, label: string): Promise<void> {
  const combobox = page.locator(`#${id}`);
  await combobox.scrollIntoViewIfNeeded();
  await combobox.click();
  const listbox = page.locator(`#${id}-listbox`);
  await expect(listbox).toBeVisible();
  await listbox.getByRole('option', { name: label, exact: true }).click();
  await expect(combobox).toHaveText(label);
}

/** The radio group whose legend starts with `legend`. */
export function radioGroup(page: Page, legend: string): Locator {
  return page.getByRole('radiogroup', { name: new RegExp(`^${escapeRegExp(legend)}`) });
}

export async function chooseRadio(page: Page, legend: string, option: string): Promise<void> {
  const radio = radioGroup(page, legend).getByRole('radio', { name: option, exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
}

/** A lookup (autocomplete): type free text and leave the field, which stores what was typed. */
export async function typeLookup(page: Page, id: string, text: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.fill(text);
  await expect(page.getByRole('option', { name: `Use: ${text}` })).toBeVisible();
  await page.getByRole('option', { name: `Use: ${text}` }).click();
  await expect(input).toHaveValue(text);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The step buttons (SPEC §2). */
export function stepButton(
  page: Page,
  name: 'Save and Continue' | 'Previous' | 'Save' | 'Submit',
): Locator {
  return page.getByRole('button', { name, exact: true });
}

/** The page's h1 is the step's title. */
export async function expectStep(page: Page, path: string, title: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Step 1, Personal Info: SPEC §5's required name, mailing address, phone, citizenship, plans, parents. */
export async function fillPersonalInfo(page: Page): Promise<void> {
  await expectStep(page, '/about', 'Personal Info');
  await page.locator('#first_name').fill(APPLICANT.firstName);
  await page.locator('#last_name').fill(APPLICANT.lastName);
  await chooseOption(page, 'mailing_country', APPLICANT.country);
  await page.locator('#mailing_address_line_1').fill(APPLICANT.street);
  await page.locator('#mailing_city').fill(APPLICANT.city);
  await chooseOption(page, 'mailing_state', APPLICANT.state);
  // The ZIP is the place finder: the ZIP as typed is used.
  await typeLookup(page, 'mailing_zip', APPLICANT.zip);
  await page.locator('#mailing_addr_same_as_perm_addr').check();
  await page.locator('#phone_home').pressSequentially(APPLICANT.phoneDigits);
  // SPEC §5: phone entry is auto-masked.
  await expect(page.locator('#phone_home')).toHaveValue(APPLICANT.phone);
  await chooseRadio(page, 'Are you a citizen of the United States?', 'Yes');
  await chooseOption(page, 'entry_term', APPLICANT.entryTerm);
  await chooseOption(page, 'educational_goal', APPLICANT.goal);
  await chooseOption(page, 'parent_education', APPLICANT.parentEducation);
}

/** Step 2, Academic History: diploma, and the school and graduation date it makes required. */
export async function fillAcademicHistory(page: Page): Promise<void> {
  await expectStep(page, '/education', 'Academic History');
  await chooseRadio(page, 'How did you, or how will you, complete high school?', APPLICANT.diploma);
  await typeLookup(page, 'hs_name', APPLICANT.highSchool);
  await chooseOption(page, 'grad_month', APPLICANT.gradMonth);
  await chooseOption(page, 'grad_year', APPLICANT.gradYear);
}

/** Step 3, Submit: "None of these" three times, the offender register, the three certifications. */
export async function fillSubmitStep(page: Page): Promise<void> {
  await expectStep(page, '/final-steps', 'Submit');
  for (const key of ['crime_no', 'pending_no', 'charges_no']) await page.locator(`#${key}`).check();
  await chooseRadio(
    page,
    'Are you required to register as a sexual or violent offender in any state?',
    'No',
  );
  for (const key of ['certify_checkbox', 'obligation_checkbox', 'legal_agree']) {
    await page.locator(`#${key}`).check();
  }
}
