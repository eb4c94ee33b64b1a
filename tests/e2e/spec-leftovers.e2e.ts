/**
 * SPEC's leftovers, each a journey named after what a person met: the upload question a visitor
 * could not reach (§4), a file refused for its bytes (§8), a lookup whose details fail (§8),
 * the completion page's step links (§2) and the last page recorded on resume (§2, §4).
 */
import { type Page, type Request } from '@playwright/test';

import {
  baseUrl,
  expect,
  logIn,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS, expectStep, stepButton } from './support/application.ts';
import { answerFileChoosers } from './support/files.ts';

const VISITOR_UPLOAD_MESSAGE = 'This question can be finished once you have created an account.';
const FILE_TYPES_MESSAGE =
  'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx';

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name });
}

async function profileAnswers(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get(`${baseUrl()}/api/profile`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { answer: Record<string, unknown> }).answer;
}

test('a visitor sees the upload message', async ({ page }) => {
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.locator('#decision_essay').fill('The welding lab.');

  await tab(page, 'Upload a document').click();
  await expect(tab(page, 'Upload a document')).toHaveAttribute('aria-selected', 'true');
  // SPEC §4, word for word, where the upload question is; choosing a file waits for an account.
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(VISITOR_UPLOAD_MESSAGE, { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Your essay Choose file' })).toBeDisabled();

  // Nothing of the typed essay was cleared: the visitor's tab is not a stored choice.
  await tab(page, 'Type your answer').click();
  await expect(page.locator('#decision_essay')).toHaveValue('The welding lab.');
});

test('a file whose bytes are not an allowed type says so at the field, once, and the toast names the question', async ({
  page,
}) => {
  const nextFile = answerFileChoosers(page);
  await signUpAndConfirmApi(page.request, uniqueUsername('wrong-bytes'));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await tab(page, 'Upload a document').click();
  await expect(tab(page, 'Upload a document')).toHaveAttribute('aria-selected', 'true');

  // Named .pdf, sent as application/pdf, but its bytes are plain text.
  nextFile({
    name: 'essay.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Why Gallatin? Because of the welding lab.\n'),
  });
  await page.locator('#decision_essay_file').click();

  const fieldError = page.locator('#decision_essay_file-error');
  await expect(fieldError).toContainText(FILE_TYPES_MESSAGE, { timeout: 20_000 });
  await expect(fieldError).toContainText('Please choose another file.');
  // A permanent refusal: the same file would fail again, so no retry is offered.
  await expect(fieldError).not.toContainText(/try again/i);
  await expect(page.getByText('Error uploading file for “Your essay”')).toBeVisible();
  await expect(page.getByText(/decision_essay_file/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Your essay Choose file' })).toBeEnabled();
});

test('a failed lookup detail keeps the typed text and tells the applicant', async ({ page }) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('lookup-detail'));
  await saveAnswersApi(page.request, { diploma_ged: 'D' });
  // The detail of the picked school fails (SPEC §7 `/lookup/find?id=`); suggestions still work.
  await page.route('**/lookup/find?*', async (route) => {
    if (new URL(route.request().url()).searchParams.has('id'))
      await route.fulfill({
        status: 500,
        json: { message: 'The lookup service is unavailable.' },
      });
    else await route.continue();
  });
  await page.goto('/education');
  await expectStep(page, '/education', 'Academic History');

  const input = page.locator('#hs_name');
  await input.fill('Bozeman');
  const picked = page.getByRole('option', { name: /^Bozeman High School/ }).first();
  await expect(picked).toBeVisible();
  await picked.click();

  // SPEC §8: the typed text is stored, not the picked label, and the applicant is told.
  await expect(input).toHaveValue('Bozeman');
  await expect(page.locator('#hs_name-error')).toContainText(
    'The details of “Bozeman High School” could not be fetched, so what you typed is kept. Please fill in the rest yourself.',
  );
  await expect(page.locator('#hs_ceeb')).toHaveValue('');
  await stepButton(page, 'Save').click();
  await expect.poll(async () => (await profileAnswers(page)).hs_name).toBe('Bozeman');
});

test('the completion page offers no step links that bounce back to /completion', async ({
  page,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('completion-links'));
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  await submitApi(page.request);

  await page.goto('/about');
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByRole('alert').filter({ hasText: 'successfully submitted' })).toBeVisible();
  // SPEC §2: a submitted applicant is always sent to /completion, so no step is offered.
  for (const step of ['Personal Info', 'Academic History', 'Submit'])
    await expect(page.getByRole('link', { name: step })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: /steps/i })).toHaveCount(0);
  // The header and the account menu stay.
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
});

/** An applicant whose stored last page is /education, with the status started. */
async function applicantLastOnEducation(page: Page, label: string): Promise<string> {
  const username = uniqueUsername(label);
  await signUpAndConfirmApi(page.request, username);
  await saveAnswersApi(page.request, { first_name: 'Ada' });
  // Started, as after any earlier visit: the last page is recorded from the first path on.
  for (const [method, path, data] of [
    ['post', '/api/web-status', { web_status: 'started' }],
    ['put', '/api/last-page', { last_page: 'education' }],
  ] as const) {
    const response = await page.request[method](`${baseUrl()}${path}`, {
      data,
      headers: { Origin: baseUrl() },
    });
    expect(response.ok(), `${method} ${path}`).toBe(true);
  }
  return username;
}

/**
 * Records the pages the app sends as last page from now on, and returns them once the
 * applicant's own next move (a step link to /final-steps) is recorded too: anything sent
 * before that move is in the list by then.
 */
function recordLastPages(page: Page): { afterOwnMove: () => Promise<string[]> } {
  const recorded: string[] = [];
  const isLastPagePut = (request: Request) =>
    request.method() === 'PUT' && new URL(request.url()).pathname === '/api/last-page';
  page.on('request', (request) => {
    if (isLastPagePut(request))
      recorded.push((request.postDataJSON() as { last_page: string }).last_page);
  });
  return {
    afterOwnMove: async () => {
      const moved = page.waitForRequest(
        (request) =>
          isLastPagePut(request) &&
          (request.postDataJSON() as { last_page: string }).last_page === 'final-steps',
      );
      await page.getByRole('link', { name: 'Submit' }).click();
      await expectStep(page, '/final-steps', 'Submit');
      await moved;
      return recorded;
    },
  };
}

test('resuming sends one PUT /api/last-page, of the page resumed', async ({ page }) => {
  await applicantLastOnEducation(page, 'resume-once');
  const lastPages = recordLastPages(page);
  await page.goto('/about');
  await expectStep(page, '/education', 'Academic History');
  expect(await lastPages.afterOwnMove()).toEqual(['education', 'final-steps']);
});

test('resuming after logging in sends one PUT /api/last-page, of the page resumed', async ({
  page,
}) => {
  const username = await applicantLastOnEducation(page, 'resume-login');
  await page.context().clearCookies();
  await page.goto('/login');
  const lastPages = recordLastPages(page);
  await logIn(page, username);
  await expectStep(page, '/education', 'Academic History');
  expect(await lastPages.afterOwnMove()).toEqual(['education', 'final-steps']);
});

test('a state no list offers ("??") is refused at Submit and named at its field, not dropped unsaid', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAndConfirmApi(page.request, uniqueUsername('state'));
  await saveAnswersApi(page.request, {
    ...COMPLETE_ANSWERS,
    // A diploma shows the high school's questions, its address among them.
    diploma_ged: 'D',
    diploma_ged_desc: '',
    hs_name: 'Bozeman High School',
    hs_country: 'USA',
    hs_state: '??',
  });
  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');
  await stepButton(page, 'Submit').click();

  // SPEC §4: errors send the applicant to the default route, where the summary names the state.
  const summary = page.getByRole('region', { name: 'We are missing some information!' });
  await expect(summary).toBeVisible();
  const link = summary.locator('a[href="/education#hs_state"]');
  await expect(link).toHaveText('Choose one of the options.');
  await link.click();
  await expect(page).toHaveURL(/\/education$/);
  await expect(page.locator('#hs_state')).toHaveAccessibleDescription(
    /Choose one of the options\./,
  );
  // Not submitted, and the stored answer is kept for the applicant to change.
  expect((await profileAnswers(page)).hs_state).toBe('??');
  const status = await page.request.get(`${baseUrl()}/api/profile`);
  expect(JSON.stringify(await status.json())).not.toContain('"submitted"');
});
