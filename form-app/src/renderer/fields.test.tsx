import { FILE_INPUT_VISITOR_MESSAGE } from '@admit/design-system';
import { kindOf, LOOKUP_MAX_LENGTH } from '@admit/form-model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locator, page, userEvent } from 'vitest/browser';

import { collegeSections, everyQuestion, everyQuestionPage } from '../testing/fixtures.ts';
import { forbidNetwork, type RenderedStep, renderStep } from '../testing/harness.tsx';

let step: RenderedStep | undefined;
afterEach(() => {
  step?.unmount();
  step = undefined;
  vi.restoreAllMocks();
});

const byId = (id: string) => document.getElementById(id);

/** The element a person finds by the question's label, for each kind of question. */
function labelled(question: (typeof everyQuestion)[number]): Locator {
  switch (question.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
    case 'ssn':
      return page.getByRole('textbox', { name: question.label, exact: true });
    case 'select':
    case 'lookup':
      return page.getByRole('combobox', { name: question.label, exact: true });
    case 'radio':
      return page.getByRole('radiogroup', { name: question.label, exact: true });
    case 'checkbox':
      return page.getByRole('checkbox', { name: question.label, exact: true });
    case 'date':
    case 'checkboxes':
    case 'month-year':
      return page.getByRole('group', { name: question.label, exact: true });
    case 'file':
      return page.getByRole('button', { name: `${question.label} Choose file`, exact: true });
  }
}

describe('the step renderer', () => {
  it('renders every kind of question with its label, anchored by its answer key', async () => {
    const network = forbidNetwork();
    step = await renderStep({ page: everyQuestionPage });
    for (const question of everyQuestion) {
      const control = labelled(question);
      await expect.element(control, { timeout: 10_000 }).toBeVisible();
      const element = control.element();
      const anchor = byId(question.key);
      expect(anchor, `#${question.key}`).not.toBeNull();
      // `/{page}#{key}` links land on the question (SPEC §2): the control itself, or, for a
      // group (radios, boxes, month and year, the date's sections), a control inside it.
      if (
        question.type === 'radio' ||
        question.type === 'checkboxes' ||
        question.type === 'month-year'
      ) {
        expect(element.contains(anchor), `${question.type} holds #${question.key}`).toBe(true);
      } else if (question.type === 'date') {
        expect(element.parentElement?.contains(anchor), `date beside #${question.key}`).toBe(true);
      } else {
        expect(element.id, question.type).toBe(question.key);
      }
    }
    // The pair's parts carry their own keys.
    await expect
      .element(page.getByRole('combobox', { name: 'Month' }))
      .toHaveAttribute('id', 'grad_month');
    await expect
      .element(page.getByRole('combobox', { name: 'Year' }))
      .toHaveAttribute('id', 'grad_year');
    await expect
      .element(page.getByRole('checkbox', { name: 'White' }))
      .toHaveAttribute('id', 'race_white');
    // A visitor cannot upload yet (SPEC §4).
    await expect.element(page.getByText(FILE_INPUT_VISITOR_MESSAGE)).toBeVisible();
    expect(network).not.toHaveBeenCalled();
  });

  it('stores what is typed under the answer key', async () => {
    forbidNetwork();
    step = await renderStep({ page: everyQuestionPage });
    await userEvent.fill(page.getByRole('textbox', { name: 'First Name' }), 'Ada');
    await userEvent.click(page.getByRole('checkbox', { name: 'Send me text message updates' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'White' }));
    const values = step.answers();
    expect(values).toMatchObject({ first_name: 'Ada', optin_sms_ind: true, race_white: true });
  });

  it('starts a new number over a saved SSN, which comes back masked, and leaves the mask alone otherwise', async () => {
    forbidNetwork();
    step = await renderStep({
      page: everyQuestionPage,
      initialValues: { ssn: 'XXX-XX-9999' },
    });
    const ssn = page.getByRole('textbox', { name: 'Social Security Number', exact: true });
    await expect.element(ssn).toHaveValue('XXX-XX-9999');
    // Untouched, the mask is what the form holds: never a changed answer, so never saved.
    expect(step.answers().ssn).toBe('XXX-XX-9999');
    // A digit typed at its end starts a new number, without the mask's digits.
    await userEvent.click(ssn);
    await userEvent.keyboard('{End}0');
    expect(step.answers().ssn).toBe('0');
    await userEvent.keyboard('78051120');
    expect(step.answers().ssn).toBe('078-05-1120');
  });

  it('clears a saved SSN with one Backspace, and takes a number pasted over it whole', async () => {
    forbidNetwork();
    step = await renderStep({ page: everyQuestionPage, initialValues: { ssn: 'XXX-XX-9999' } });
    const ssn = page.getByRole('textbox', { name: 'Social Security Number', exact: true });
    await userEvent.click(ssn);
    await userEvent.keyboard('{End}{Backspace}');
    expect(step.answers().ssn ?? '').toBe('');
    await userEvent.fill(ssn, '219-09-9999');
    expect(step.answers().ssn).toBe('219-09-9999');
  });

  it('makes "None of these" exclusive: it unticks the offenses, and an offense unticks it', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegeSections('final-steps', 'conduct') });
    const convicted = page.getByRole('group', { name: /convicted of any of these crimes/ });
    const arson = convicted.getByRole('checkbox', { name: 'Arson' });
    const assault = convicted.getByRole('checkbox', { name: 'Assault', exact: true });
    const none = convicted.getByRole('checkbox', { name: 'None of these' });
    await userEvent.click(arson);
    await userEvent.click(assault);
    await userEvent.click(none);
    expect(step.answers()).toMatchObject({
      crime_arson: false,
      crime_assault: false,
      crime_no: true,
    });
    await expect.element(arson).not.toBeChecked();
    await userEvent.click(arson);
    expect(step.answers()).toMatchObject({ crime_arson: true, crime_no: false });
    await expect.element(none).not.toBeChecked();
  });

  it('checks a birth date as it is entered, before any Submit, and opens its calendar 17 years back', async () => {
    forbidNetwork();
    const thisYear = new Date().getFullYear();
    step = await renderStep({
      page: collegeSections('about', 'birth-citizenship'),
      initialValues: { birth_date: `${thisYear - 1}-01-01` },
    });
    const birth = page.getByRole('group', { name: 'Date of Birth' });
    await expect
      .element(birth, { timeout: 10_000 })
      .toHaveAccessibleDescription(/You must be 13 years or older to apply/);
    step.form.change('birth_date', `${thisYear - 20}-01-01`);
    await expect.element(birth).not.toHaveAccessibleDescription(/13 years/);
    step.form.change('birth_date', '');
    await userEvent.click(page.getByRole('button', { name: /Choose date/ }));
    const calendar = page.getByRole('dialog', { name: 'Date of Birth' });
    await expect.element(calendar).toBeVisible();
    // The year view, at a year an applicant may be born: that year is the one in the tab order.
    const start = calendar.getByRole('radio', { name: String(thisYear - 17) });
    await expect.element(start).toHaveAttribute('tabindex', '0');
  });

  it('stores {key}_desc for the selects a lookup pick fills, as a pick by hand does', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const body = url.searchParams.has('id')
        ? {
            name: 'Bozeman High School',
            ceeb: '270100',
            address_line_1: '205 N 11th Ave',
            city: 'Bozeman',
            state: 'MT',
            zip: '59715',
            country: 'USA',
          }
        : [{ id: '270100', text: 'Bozeman High School', sub_text: 'Bozeman, MT' }];
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    step = await renderStep({
      page: collegeSections('education', 'high-school'),
      initialValues: { diploma_ged: 'D' },
    });
    const lookup = page.getByRole('combobox', { name: 'High school name' });
    await expect.element(lookup, { timeout: 10_000 }).toBeVisible();
    await userEvent.fill(lookup, 'Bozeman');
    await userEvent.click(page.getByRole('option', { name: /Bozeman High School/ }));
    await expect.poll(() => step?.answers().hs_state_desc, { timeout: 5_000 }).toBe('Montana');
    expect(step.answers()).toMatchObject({
      hs_country: 'USA',
      hs_country_desc: 'United States',
      hs_state: 'MT',
      hs_state_desc: 'Montana',
    });
  });

  it("holds a lookup's answer to its kind's limit, the server's: a college name takes 100 characters", async () => {
    step = await renderStep({ page: collegeSections('education', 'colleges') });
    const lookup = page.getByRole('combobox', { name: 'College or university name' });
    await expect.element(lookup, { timeout: 10_000 }).toBeVisible();
    await expect.element(lookup).toHaveAttribute('maxlength', String(LOOKUP_MAX_LENGTH));
    // Once the lookup's own widget has taken over from its placeholder, the limit stays.
    await userEvent.click(lookup);
    await expect
      .element(page.getByRole('combobox', { name: 'College or university name' }))
      .toHaveAttribute('maxlength', String(LOOKUP_MAX_LENGTH));
  });

  it('gives every question typed freely (text, textarea, e-mail, lookup) its kind’s limit from form-model, through the field hook: widgets keep no limit of their own', async () => {
    step = await renderStep({ page: everyQuestionPage });
    for (const question of everyQuestion) {
      const control = labelled(question);
      await expect.element(control, { timeout: 10_000 }).toBeVisible();
      const kind = kindOf(question);
      if (kind.typed)
        expect(control.element().getAttribute('maxlength'), question.type).toBe(
          String(kind.maxLength(question)),
        );
    }
    const typedKinds = everyQuestion
      .filter((question) => kindOf(question).typed)
      .map((q) => q.type);
    expect(new Set(typedKinds)).toEqual(new Set(['text', 'textarea', 'email', 'lookup']));
  });

  it('fills the second college’s keys from its lookup, _desc included, and leaves the first college alone', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const body = url.searchParams.has('id')
        ? {
            name: 'Montana State University',
            ceeb: '4488',
            address_line_1: '211 Montana Hall',
            city: 'Bozeman',
            state: 'MT',
            zip: '59717',
            country: 'USA',
          }
        : [{ id: '4488', text: 'Montana State University', sub_text: 'Bozeman, MT' }];
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    step = await renderStep({
      page: collegeSections('education', 'colleges'),
      initialValues: { college_name: 'First', college_2_name: '' },
      ui: { addAnother: { college: 2 } },
    });
    const lookup = page.getByRole('combobox', { name: 'College or university name' }).nth(1);
    await expect.element(lookup, { timeout: 10_000 }).toBeVisible();
    await userEvent.fill(lookup, 'Montana State');
    await userEvent.click(page.getByRole('option', { name: /Montana State University/ }));
    await expect
      .poll(() => step?.answers().college_2_state_desc, { timeout: 5_000 })
      .toBe('Montana');
    expect(step.answers()).toMatchObject({
      college_name: 'First',
      college_2_name: 'Montana State University',
      college_2_ceeb: '4488',
      college_2_city: 'Bozeman',
      college_2_country: 'USA',
      college_2_country_desc: 'United States',
      college_2_state: 'MT',
    });
    expect(step.answers().college_city).toBeUndefined();
    // In the form, the second group's answers are the second item of the array.
    expect(step.form.getState().values).toMatchObject({
      college: [{ college_name: 'First' }, { college_city: 'Bozeman' }],
    });
  });

  it('finds the place from the ZIP: it fills city, state, ZIP and county and leaves Street 1 as typed', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const body = url.searchParams.has('id')
        ? {
            address_line_1: '',
            city: 'Bozeman',
            state: 'MT',
            zip: '59715',
            county: 'Gallatin',
            country: 'USA',
          }
        : [{ id: '59715', text: 'Bozeman, MT 59715', sub_text: 'Gallatin County, MT' }];
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    step = await renderStep({
      page: collegeSections('about', 'contact'),
      initialValues: {
        mailing_country: 'USA',
        mailing_address_line_1: '12 College St',
        // The permanent address, with its own Street 1 and ZIP, stays hidden.
        mailing_addr_same_as_perm_addr: true,
      },
    });
    const street = page.getByRole('textbox', { name: 'Street 1' });
    await expect.element(street, { timeout: 10_000 }).toHaveValue('12 College St');
    const zip = page.getByRole('combobox', { name: 'ZIP or Postal Code' });
    await expect.element(zip, { timeout: 10_000 }).toBeVisible();
    await userEvent.fill(zip, '5971');
    await userEvent.click(page.getByRole('option', { name: /Bozeman, MT 59715/ }));
    await expect.poll(() => step?.answers().mailing_zip, { timeout: 5_000 }).toBe('59715');
    expect(step.answers()).toMatchObject({
      mailing_address_line_1: '12 College St',
      mailing_city: 'Bozeman',
      mailing_state: 'MT',
      mailing_state_desc: 'Montana',
      mailing_zip: '59715',
      county: 'Gallatin',
    });
  });

  it('stores a select’s chosen label in {key}_desc (SPEC §3)', async () => {
    forbidNetwork();
    step = await renderStep({ page: everyQuestionPage });
    await userEvent.click(page.getByRole('combobox', { name: 'State of Birth' }));
    await userEvent.click(page.getByRole('option', { name: 'Montana' }));
    await expect
      .element(page.getByRole('combobox', { name: 'State of Birth' }))
      .toHaveTextContent('Montana');
    expect(step.answers()).toMatchObject({
      birth_state: 'MT',
      birth_state_desc: 'Montana',
    });

    // "--" clears both.
    await userEvent.click(page.getByRole('combobox', { name: 'State of Birth' }));
    await userEvent.click(page.getByRole('option', { name: '--' }));
    expect(step.answers()).toMatchObject({ birth_state: '', birth_state_desc: '' });
  });

  it('stores a radio’s chosen label in {key}_desc too', async () => {
    forbidNetwork();
    step = await renderStep({ page: everyQuestionPage });
    const citizen = page.getByRole('radiogroup', {
      name: 'Are you a citizen of the United States?',
    });
    await userEvent.click(citizen.getByRole('radio', { name: 'No' }));
    expect(step.answers()).toMatchObject({ us_citizen: 'N', us_citizen_desc: 'No' });
  });

  it('lets a logged-in applicant choose a file, asking the server only for the documents', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === '/api/document-answer')
        return Promise.resolve(Response.json({}));
      throw new Error(`unexpected network call: ${url}`);
    });
    step = await renderStep({ page: everyQuestionPage, loggedIn: true });
    await expect
      .element(page.getByRole('button', { name: 'Your essay Choose file' }))
      .toBeEnabled();
    await expect.element(page.getByText(FILE_INPUT_VISITOR_MESSAGE)).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
