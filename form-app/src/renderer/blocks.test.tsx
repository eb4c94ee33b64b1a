import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { collegeSections } from '../testing/fixtures.ts';
import { forbidNetwork, type RenderedStep, renderStep } from '../testing/harness.tsx';

let step: RenderedStep | undefined;
afterEach(() => {
  step?.unmount();
  step = undefined;
  vi.restoreAllMocks();
});

const radioGroup = (name: string) => page.getByRole('radiogroup', { name, exact: true });
const choose = (group: string, option: string) =>
  userEvent.click(radioGroup(group).getByRole('radio', { name: option, exact: true }));

const US_CITIZEN = 'Are you a citizen of the United States?';
const PERM_RESIDENT = 'Are you a permanent resident of the United States?';
const CITIZENSHIP = 'Country of Citizenship';
const PERMANENT_ADDRESS_NOTE = 'Your permanent address is where you live most of the year.';

describe('conditional blocks (SPEC §4)', () => {
  it('shows the permanent-resident questions for a non-citizen, and clears them, _desc included, when hidden again', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegeSections('about', 'birth-citizenship') });
    await expect.element(radioGroup(US_CITIZEN)).toBeVisible();
    await expect.element(radioGroup(PERM_RESIDENT)).not.toBeInTheDocument();
    await expect.element(page.getByRole('combobox', { name: CITIZENSHIP })).not.toBeInTheDocument();

    await choose(US_CITIZEN, 'No');
    await expect.element(radioGroup(PERM_RESIDENT)).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: CITIZENSHIP })).toBeVisible();

    await choose(PERM_RESIDENT, 'Yes');
    await userEvent.click(page.getByRole('combobox', { name: CITIZENSHIP }));
    await userEvent.click(page.getByRole('option', { name: 'Canada' }));
    expect(step.answers()).toMatchObject({
      us_citizen: 'N',
      perm_resident: 'Y',
      perm_resident_desc: 'Yes',
      citizenship: 'CAN',
      citizenship_desc: 'Canada',
    });

    await choose(US_CITIZEN, 'Yes');
    await expect.element(radioGroup(PERM_RESIDENT)).not.toBeInTheDocument();
    await expect.element(page.getByRole('combobox', { name: CITIZENSHIP })).not.toBeInTheDocument();
    // Cleared in form state, to be saved as "" with the next save (ARCHITECTURE step 3).
    await vi.waitFor(() => {
      expect(step?.answers()).toMatchObject({
        us_citizen: 'Y',
        us_citizen_desc: 'Yes',
        perm_resident: '',
        perm_resident_desc: '',
        citizenship: '',
        citizenship_desc: '',
      });
    });
  });

  it('clears a nested conditional’s answers when the outer condition hides it', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegeSections('about', 'birth-citizenship') });
    await choose(US_CITIZEN, 'No');
    await choose(PERM_RESIDENT, 'No');
    const understand = page.getByRole('checkbox', {
      name: 'I understand that I must apply through the Office of International Admissions',
    });
    await userEvent.click(understand);
    expect(step.answers()).toMatchObject({ perm_resident: 'N', stopintl_copy: true });

    await choose(US_CITIZEN, 'Yes');
    await expect.element(understand).not.toBeInTheDocument();
    await vi.waitFor(() => {
      expect(step?.answers()).toMatchObject({
        perm_resident: '',
        stopintl_copy: '',
      });
    });
  });

  it('keeps only the first true branch’s answers in a condition group', async () => {
    forbidNetwork();
    step = await renderStep({
      page: collegeSections('education', 'high-school'),
      // Answers of both paths, as an applicant who changed their mind would leave them.
      initialValues: {
        diploma_ged: 'D',
        hs_gpa: '3.5',
        ged_location: 'Bozeman, MT',
        ged_test: 'GED',
      },
    });
    // The diploma branch shows; the equivalency branch's answers were cleared at once.
    await expect.element(page.getByRole('textbox', { name: 'Cumulative GPA' })).toHaveValue('3.5');
    await vi.waitFor(() => {
      expect(step?.answers()).toMatchObject({
        hs_gpa: '3.5',
        ged_location: '',
        ged_test: '',
      });
    });

    await choose(
      'How did you, or how will you, complete high school?',
      'High school equivalency (GED, HiSET or TASC)',
    );
    const where = page.getByRole('textbox', { name: 'Where did you take it? (city and state)' });
    await expect.element(where).toBeVisible();
    await expect
      .element(page.getByRole('textbox', { name: 'Cumulative GPA' }))
      .not.toBeInTheDocument();
    await userEvent.fill(where, 'Helena, MT');
    await vi.waitFor(() => {
      expect(step?.answers()).toMatchObject({
        hs_gpa: '',
        ged_location: 'Helena, MT',
      });
    });
  });

  // Regression: react-final-form restored a remounted field's initial value, bringing a cleared
  // answer back when its block showed again (fixed by createAnswersForm).
  it('hides and clears the permanent address when it is ticked as the same as the mailing address', async () => {
    forbidNetwork();
    step = await renderStep({
      page: collegeSections('about', 'contact'),
      initialValues: {
        country: 'USA',
        country_desc: 'United States',
        city: 'Bozeman',
        zip: '59715',
      },
    });
    const same = page.getByRole('checkbox', {
      name: 'My permanent home address is the same as my mailing address',
    });
    // The mailing address has its own City: the permanent one is found by its answer key.
    const permanentCity = () => document.querySelector<HTMLInputElement>('input#city');
    await expect.element(page.getByText(PERMANENT_ADDRESS_NOTE)).toBeVisible();
    expect(permanentCity()?.value).toBe('Bozeman');

    await userEvent.click(same);
    await expect.element(page.getByText(PERMANENT_ADDRESS_NOTE)).not.toBeInTheDocument();
    expect(permanentCity()).toBeNull();
    await vi.waitFor(() => {
      expect(step?.answers()).toMatchObject({
        mailing_addr_same_as_perm_addr: true,
        country: '',
        country_desc: '',
        city: '',
        zip: '',
      });
    });

    // Unticked, the questions come back empty.
    await userEvent.click(same);
    await expect.element(page.getByText(PERMANENT_ADDRESS_NOTE)).toBeVisible();
    expect(permanentCity()?.value).toBe('');
  });
});

describe('add-another (SPEC §4)', () => {
  it('shows one college, then one more per press up to its maximum of 3, then disables the button', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegeSections('education', 'colleges') });
    const button = page.getByRole('button', { name: 'Add Another College' });
    const heading = (n: number) => page.getByRole('heading', { name: `College ${n}`, exact: true });

    await expect.element(heading(1)).toBeVisible();
    await expect.element(heading(2)).not.toBeInTheDocument();

    await userEvent.click(button);
    await expect.element(heading(2)).toBeVisible();
    await expect.element(button).toBeEnabled();
    await userEvent.click(button);
    await expect.element(heading(3)).toBeVisible();
    await expect.element(button).toBeDisabled();
    await expect.element(page.getByText('You can add up to 3.')).toBeVisible();
    expect(step.calls.storeCount).toEqual([
      ['college', 2],
      ['college', 3],
    ]);
    await expect.element(heading(4)).not.toBeInTheDocument();
  });

  it('shows as many colleges as the saved counter says', async () => {
    forbidNetwork();
    step = await renderStep({
      page: collegeSections('education', 'colleges'),
      loggedIn: true,
      ui: { addAnother: { college: 2 } },
    });
    await expect
      .element(page.getByRole('heading', { name: 'College 2', exact: true }))
      .toBeVisible();
    await expect
      .element(page.getByRole('heading', { name: 'College 3', exact: true }))
      .not.toBeInTheDocument();
  });
});

describe('tabs (SPEC §4)', () => {
  const ESSAY = 'Why have you chosen Gallatin College?';
  const UPLOAD = 'Upload a document';
  /** The essay, found inside the tab panel (see the next test for why not by its label). */
  const essay = () => page.getByRole('tabpanel').getByRole('textbox');

  it('names the essay by its label: the tab group must not take the essay’s answer key as its id', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegeSections('about', 'about-you') });
    await expect.element(essay()).toBeVisible();
    // <label for="decision_essay"> must point at the essay, and #decision_essay links land there.
    expect(document.querySelectorAll('#decision_essay')).toHaveLength(1);
    await expect.element(page.getByRole('textbox', { name: ESSAY })).toBe(essay().element());
  });

  it('a visitor sees the upload message; the choice is not stored and the typed essay stays', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegeSections('about', 'about-you') });
    await userEvent.fill(essay(), 'The nursing program.');
    await userEvent.click(page.getByRole('tab', { name: UPLOAD }));
    await expect
      .element(page.getByRole('tab', { name: UPLOAD }))
      .toHaveAttribute('aria-selected', 'true');
    // SPEC §4, word for word, at the upload question; choosing a file waits for an account.
    await expect
      .element(
        page
          .getByRole('tabpanel')
          .getByText('This question can be finished once you have created an account.'),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('button', { name: 'Your essay Choose file' }))
      .toBeDisabled();
    // SPEC §4/§6: a visitor's tab is not stored, and nothing of the other tab is cleared.
    expect(step.calls.setTab).toEqual([]);
    expect(step.answers().decision_essay).toBe('The nursing program.');
    await userEvent.click(page.getByRole('tab', { name: 'Type your answer' }));
    await expect.element(essay()).toHaveValue('The nursing program.');
  });

  it('clears the typed essay when a logged-in applicant switches to the upload tab', async () => {
    // The upload tab's file question asks the server for the documents; nothing else may.
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === '/api/document-answer')
        return Promise.resolve(Response.json({}));
      throw new Error(`unexpected network call: ${url}`);
    });
    step = await renderStep({
      page: collegeSections('about', 'about-you'),
      loggedIn: true,
      initialValues: { decision_essay: 'The nursing program.' },
    });
    await expect.element(essay()).toHaveValue('The nursing program.');
    await userEvent.click(page.getByRole('tab', { name: UPLOAD }));
    await expect
      .element(page.getByRole('tab', { name: UPLOAD }))
      .toHaveAttribute('aria-selected', 'true');
    await expect
      .element(page.getByRole('button', { name: 'Your essay Choose file' }))
      .toBeVisible();
    await expect.element(essay()).not.toBeInTheDocument();
    expect(step.answers().decision_essay).toBe('');
    // Coming back to the typing tab: see FormLayout.test.tsx.
  });
});

describe('add-another: removing a group (SPEC §4)', () => {
  const heading = (n: number) => page.getByRole('heading', { name: `College ${n}`, exact: true });

  it('asks first, then moves later colleges up, clears the freed last one and stores one fewer', async () => {
    forbidNetwork();
    step = await renderStep({
      page: collegeSections('education', 'colleges'),
      loggedIn: true,
      ui: { addAnother: { college: 3 } },
      initialValues: { college_name: 'First', college_2_name: 'Second', college_3_name: 'Third' },
    });
    await expect.element(heading(3)).toBeVisible();
    // The first group has no Remove button; every later one names its group.
    await expect
      .element(page.getByRole('button', { name: 'Remove College 1' }))
      .not.toBeInTheDocument();

    await userEvent.click(page.getByRole('button', { name: 'Remove College 2' }));
    const dialog = page.getByRole('alertdialog', { name: 'Remove College 2?' });
    await expect.element(dialog).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect.element(dialog).not.toBeInTheDocument();
    expect(step.answers()).toMatchObject({ college_2_name: 'Second' });

    // By keyboard this time: the button opens the dialog with Enter.
    (page.getByRole('button', { name: 'Remove College 2' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove', exact: true }));
    await expect.element(heading(3)).not.toBeInTheDocument();
    expect(step.answers()).toMatchObject({
      college_name: 'First',
      college_2_name: 'Third',
      college_3_name: '',
    });
    expect(step.calls.storeCount).toEqual([['college', 2]]);

    // Removing the last group takes its button away: focus moves on to the Add button.
    await userEvent.click(page.getByRole('button', { name: 'Remove College 2' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove', exact: true }));
    await expect.element(heading(2)).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Add Another College' })).toHaveFocus();
    expect(step.answers()).toMatchObject({
      college_name: 'First',
      college_2_name: '',
    });
  });

  it('a second parent, once added, can be removed and its answers are cleared', async () => {
    forbidNetwork();
    step = await renderStep({
      page: collegeSections('about', 'parents'),
      loggedIn: true,
      initialValues: { parent_first_name: 'Ann' },
    });
    await userEvent.click(page.getByRole('button', { name: 'Add Another Parent or Guardian' }));
    const second = page.getByRole('textbox', { name: 'First Name', exact: true }).nth(1);
    await userEvent.fill(second, 'Bo');
    expect(step.answers()).toMatchObject({ parent_first_name: 'Ann', parent_2_first_name: 'Bo' });

    await userEvent.click(page.getByRole('button', { name: /^Remove Parent or Guardian 2$/ }));
    const dialog = page.getByRole('alertdialog', { name: 'Remove Parent or Guardian 2?' });
    await userEvent.click(dialog.getByRole('button', { name: 'Remove', exact: true }));
    await expect.element(second).not.toBeInTheDocument();
    // The second parent's answers are saved as "", the first parent's stay.
    expect(step.answers()).toMatchObject({ parent_first_name: 'Ann', parent_2_first_name: '' });
    expect(step.calls.storeCount).toEqual([
      ['parent', 2],
      ['parent', 1],
    ]);
    await expect
      .element(page.getByRole('button', { name: 'Add Another Parent or Guardian' }))
      .toHaveFocus();
  });

  it('military service, once revealed, can be removed and its answers are cleared', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegeSections('about', 'military'), loggedIn: true });
    const reveal = page.getByRole('button', { name: 'I have served in the military' });
    await userEvent.click(reveal);
    const city = page.getByRole('textbox', { name: 'City where you entered service' });
    await userEvent.fill(city, 'Great Falls');
    await userEvent.click(page.getByRole('radio', { name: 'Yes' }));
    expect(step.answers()).toMatchObject({
      military_city: 'Great Falls',
      military_active_duty: 'Y',
      military_active_duty_desc: 'Yes',
    });

    const remove = page.getByRole('button', { name: 'Remove “I have served in the military”' });
    await userEvent.click(remove);
    const dialog = page.getByRole('alertdialog', {
      name: 'Remove “I have served in the military”?',
    });
    await expect.element(dialog).toHaveTextContent('Its answers will be deleted.');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(step.answers()).toMatchObject({ military_city: 'Great Falls' });

    await userEvent.click(remove);
    await userEvent.click(dialog.getByRole('button', { name: 'Remove', exact: true }));
    await expect.element(city).not.toBeInTheDocument();
    // SPEC §4: what is hidden is cleared, `_desc` included; the button shows again, focused.
    expect(step.answers()).toMatchObject({
      military_city: '',
      military_active_duty: '',
      military_active_duty_desc: '',
    });
    await expect.element(reveal).toHaveFocus();
    // Revealed again, it starts empty.
    await userEvent.click(reveal);
    await expect.element(city).toHaveValue('');
  });
});
