import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { type FakeServer, fakeServer, returningApplicant } from '../testing/fakeServer.ts';
import { type RenderedApp, renderFormLayout, settle, untilQuiet } from '../testing/harness.tsx';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.restoreAllMocks();
});

/** A returning applicant who has started, with a typed essay saved. */
function applicantServer(answer: Record<string, string> = {}): FakeServer {
  return returningApplicant(
    answer,
    {
      // Leaving the upload tab checks its file's conversion first (SPEC §4): none here.
      'GET /api/pdf/document-answer/decision_essay_file': { status: 'not_answered', message: '' },
      'PUT /api/tabs': (body: { tab_id: string; chosen_tab: string }) => ({
        [body.tab_id]: body.chosen_tab,
      }),
      'PUT /api/add-another': (body: { button_id: string; num_components: number }) => ({
        [body.button_id]: body.num_components,
      }),
    },
    { logins: 2 },
  );
}

const essay = () => page.getByRole('tabpanel').getByRole('textbox');
const UPLOAD = 'Upload a document';

describe('FormLayout: tabs (SPEC §4)', () => {
  it('stores the chosen tab, clears the typed essay and saves it as ""', async () => {
    const server = applicantServer({ first_name: 'Ada', decision_essay: 'The nursing program.' });
    app = await renderFormLayout('/about', { loggedIn: true });
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Personal Info' }), { timeout: 15_000 })
      .toBeVisible();
    await expect.element(essay()).toHaveValue('The nursing program.');

    // The switch would delete the essay, so it asks first; Cancel changes nothing.
    await userEvent.click(page.getByRole('tab', { name: UPLOAD }));
    const ask = page.getByRole('alertdialog', { name: `Switch to “${UPLOAD}”?` });
    await expect
      .element(ask)
      .toHaveTextContent('Your answer to “Why have you chosen Gallatin College?”');
    await userEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await expect.element(ask).not.toBeInTheDocument();
    expect(server.bodies('PUT /api/tabs')).toEqual([]);
    await expect.element(essay()).toHaveValue('The nursing program.');

    await userEvent.click(page.getByRole('tab', { name: UPLOAD }));
    await userEvent.click(ask.getByRole('button', { name: 'Delete and switch' }));
    await expect
      .element(page.getByRole('tab', { name: UPLOAD }))
      .toHaveAttribute('aria-selected', 'true');
    expect(server.bodies('PUT /api/tabs')).toEqual([
      { tab_id: 'decision_essay', chosen_tab: 'upload' },
    ]);
    await expect
      .element(page.getByRole('button', { name: 'Your essay Choose file' }))
      .toBeVisible();
    await expect.element(essay()).not.toBeInTheDocument();

    // ARCHITECTURE step 3: the cleared answer goes to the server as "" with the next save.
    await userEvent.click(page.getByRole('button', { name: 'Save', exact: true }));
    await vi.waitFor(() => {
      expect(server.bodies('PUT /api/answer')).toEqual([{ decision_essay: '' }]);
    });
    expect(server.unexpected).toEqual([]);
  });

  // Regression: the cleared essay came back on returning to the typing tab (a remounted field got
  // its initial value back; fixed by createAnswersForm).
  it('does not bring the saved essay back when the applicant returns to the typing tab', async () => {
    const server = applicantServer({ decision_essay: 'The nursing program.' });
    app = await renderFormLayout('/about', { loggedIn: true });
    await expect.element(essay(), { timeout: 15_000 }).toHaveValue('The nursing program.');
    await userEvent.click(page.getByRole('tab', { name: UPLOAD }));
    await userEvent.click(page.getByRole('button', { name: 'Delete and switch' }));
    await expect.element(essay()).not.toBeInTheDocument();
    await userEvent.click(page.getByRole('tab', { name: 'Type your answer' }));
    await expect.element(essay()).toBeVisible();
    await settle();
    await expect.element(essay()).toHaveValue('');
    expect(server.unexpected).toEqual([]);
  });
});

describe('FormLayout: add-another (SPEC §4)', () => {
  const heading = (n: number) => page.getByRole('heading', { name: `College ${n}`, exact: true });

  it('shows another college when a visitor presses the button', async () => {
    const server = fakeServer({});
    app = await renderFormLayout('/education');
    await expect.element(heading(1), { timeout: 15_000 }).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Add Another College' }));
    await expect.element(heading(2)).toBeVisible();
    expect(server.requests).toEqual([]);
  });

  it('stores the counter for a logged-in applicant and shows the college', async () => {
    const server = applicantServer();
    app = await renderFormLayout('/education', { loggedIn: true });
    await expect.element(heading(1), { timeout: 15_000 }).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Add Another College' }));
    await vi.waitFor(() => {
      expect(server.bodies('PUT /api/add-another')).toEqual([
        { button_id: 'college', num_components: 2 },
      ]);
    });
    await expect.element(heading(2)).toBeVisible();
    expect(server.unexpected).toEqual([]);
  });

  it('removes a college: saves its answers as "" and stores one fewer', async () => {
    const server = applicantServer({ college_name: 'First', college_2_name: 'By mistake' });
    app = await renderFormLayout('/education', { loggedIn: true });
    await expect.element(heading(2), { timeout: 15_000 }).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Remove College 2' }));
    const dialog = page.getByRole('alertdialog', { name: 'Remove College 2?' });
    await userEvent.click(dialog.getByRole('button', { name: 'Remove', exact: true }));
    await expect.element(heading(2)).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Add Another College' })).toHaveFocus();
    await vi.waitFor(() => {
      expect(server.bodies('PUT /api/add-another')).toEqual([
        { button_id: 'college', num_components: 1 },
      ]);
      expect(server.bodies('PUT /api/answer')).toEqual([{ college_2_name: '' }]);
    });
    expect(server.unexpected).toEqual([]);
  });
});

describe('FormLayout: focus on arrival', () => {
  const stepHeading = (name: string) => page.getByRole('heading', { level: 1, name });

  it('moves focus to the heading on arrival, and not again when the page is only replaced', async () => {
    const server = applicantServer();
    app = await renderFormLayout('/education', { loggedIn: true });
    await expect.element(stepHeading('Academic History'), { timeout: 15_000 }).toBeVisible();
    // An arrival (a link, a button, a login): focus goes to the new page's heading.
    await app.router.navigate('/about');
    await expect.element(stepHeading('Personal Info')).toHaveFocus();

    // The applicant tabs on into First Name and types; then the page is replaced by itself,
    // as the login message leaving its history entry does. Focus and the keys stay.
    const firstName = page.getByRole('textbox', { name: 'First Name', exact: true }).first();
    await userEvent.click(firstName);
    await userEvent.keyboard('Ad');
    await app.router.navigate('/about', { replace: true, state: {} });
    // The router renders a navigation as a transition: it commits once React is idle.
    await untilQuiet(app.renders);
    await expect.element(firstName).toHaveFocus();
    await userEvent.keyboard('a');
    await expect.element(firstName).toHaveValue('Ada');

    // A replace to another page is an arrival (the resume redirect after login).
    await app.router.navigate('/education', { replace: true });
    await expect.element(stepHeading('Academic History')).toHaveFocus();
    expect(server.unexpected).toEqual([]);
  });
});
