/**
 * Add-another (SPEC §4): an applicant adds a second college by mistake, types in it,
 * removes it through the confirmation dialog, and the saved answers, the stored count and the
 * application PDF no longer show it.
 */
import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  saveAnswersApi,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS, expectStep, stepButton, typeLookup } from './support/application.ts';
import { pdfText } from './support/pdfText.ts';

const FIRST = 'Bridger Community College';
const MISTAKE = 'Mistaken Mountain College';

test('an applicant removes a college added by mistake, and the PDF no longer shows it', async ({
  page,
}) => {
  const username = uniqueUsername('add-another');
  // Logged in through the API: the session cookies land in the page's browser context.
  await signUpAndConfirmApi(page.request, username);
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);

  await page.goto('/education');
  await expectStep(page, '/education', 'Academic History');
  // The lookup arrives in a chunk of its own; a plain text input stands in until then.
  await expect(page.locator('#college_name')).toHaveAttribute('role', 'combobox');
  await typeLookup(page, 'college_name', FIRST);
  await page.getByRole('button', { name: 'Add Another College' }).click();
  await expect(page.getByRole('heading', { name: 'College 2', exact: true })).toBeVisible();
  await typeLookup(page, 'college_2_name', MISTAKE);
  await stepButton(page, 'Save').click();
  await expect
    .poll(async () => {
      const profile = (await (await page.request.get(`${baseUrl()}/api/profile`)).json()) as {
        answer: Record<string, unknown>;
      };
      return profile.answer.college_2_name;
    })
    .toBe(MISTAKE);

  // The first college has no Remove button; the second names itself, and asks first.
  await expect(page.getByRole('button', { name: 'Remove College 1' })).toHaveCount(0);
  const remove = page.getByRole('button', { name: 'Remove College 2' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Remove College 2?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the Remove College 2 dialog on /education');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'College 2', exact: true })).toHaveCount(0);
  // Its button went with it: focus moves on to the Add button, not to the page.
  await expect(page.getByRole('button', { name: 'Add Another College' })).toBeFocused();
  await expect(page.locator('#college_name')).toHaveValue(FIRST);

  // The freed keys are saved as "" and the stored count follows.
  await expect
    .poll(async () => {
      const profile = (await (await page.request.get(`${baseUrl()}/api/profile`)).json()) as {
        answer: Record<string, unknown>;
      };
      return [profile.answer.college_name, profile.answer.college_2_name];
    })
    .toEqual([FIRST, '']);
  const counts = (await (await page.request.get(`${baseUrl()}/api/add-another`)).json()) as Record<
    string,
    number
  >;
  expect(counts.college).toBe(1);

  // A reload shows one college.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'College 1', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'College 2', exact: true })).toHaveCount(0);

  const status = (await (await page.request.get(`${baseUrl()}/api/pdf`)).json()) as {
    status: string;
    url: string | null;
  };
  expect(status.status).toBe('COMPLETED');
  const response = await page.request.get(`${baseUrl()}${status.url ?? ''}`);
  expect(response.ok()).toBe(true);
  const { text } = await pdfText(await response.body());
  expect(text).toContain(FIRST);
  expect(text).not.toContain(MISTAKE);
});

/** The applicant's stored answers, as the server has them. */
async function storedAnswers(page: Page) {
  const profile = (await (await page.request.get(`${baseUrl()}/api/profile`)).json()) as {
    answer: Record<string, unknown>;
  };
  return profile.answer;
}

test('a second parent, once added, can be removed and its answers are cleared', async ({
  page,
}) => {
  const username = uniqueUsername('second-parent');
  await signUpAndConfirmApi(page.request, username);
  await saveAnswersApi(page.request, { ...COMPLETE_ANSWERS, parent_first_name: 'Alex' });

  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.getByRole('button', { name: 'Add Another Parent or Guardian' }).click();
  await expect(
    page.getByRole('heading', { name: 'Parent or Guardian 2', exact: true }),
  ).toBeVisible();
  await page.locator('#parent_2_first_name').fill('Robin');
  await stepButton(page, 'Save').click();
  await expect.poll(async () => (await storedAnswers(page)).parent_2_first_name).toBe('Robin');

  await page.getByRole('button', { name: 'Remove Parent or Guardian 2' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Parent or Guardian 2?' });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Parent or Guardian 2', exact: true }),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Another Parent or Guardian' })).toBeFocused();
  // The second parent's answers are stored as "", the first parent's are kept.
  await expect
    .poll(async () => {
      const answers = await storedAnswers(page);
      return [answers.parent_first_name, answers.parent_2_first_name];
    })
    .toEqual(['Alex', '']);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Parent or Guardian 2', exact: true }),
  ).toHaveCount(0);
});

test('military service, once revealed, can be removed and its answers are cleared', async ({
  page,
}) => {
  const username = uniqueUsername('military');
  await signUpAndConfirmApi(page.request, username);
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);

  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  const reveal = page.getByRole('button', { name: 'I have served in the military' });
  await reveal.click();
  await page.locator('#military_city').fill('Great Falls');
  await stepButton(page, 'Save').click();
  await expect.poll(async () => (await storedAnswers(page)).military_city).toBe('Great Falls');

  await page.getByRole('button', { name: 'Remove “I have served in the military”' }).click();
  const dialog = page.getByRole('alertdialog', {
    name: 'Remove “I have served in the military”?',
  });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the Remove military service dialog on /about');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.locator('#military_city')).toHaveCount(0);
  await expect(reveal).toBeFocused();
  await expect.poll(async () => (await storedAnswers(page)).military_city).toBe('');
  // Nothing answered keeps it revealed after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'I have served in the military' })).toBeVisible();
  await expect(page.locator('#military_city')).toHaveCount(0);
});
