/**
 * Nothing an applicant enters is ever lost. A failed save says
 * "Not saved" (a polite status) with Retry; answers the server never acknowledged come back
 * after logging in again in the same tab, and an explicit logout forgets them; a failed logout
 * shows SPEC §8's error dialog and nobody is told they are logged out.
 */
import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  logIn,
  MESSAGES,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { expectStep, stepButton } from './support/application.ts';

const GENERIC = "We've encountered an unexpected error at this time. Please try again later.";
const PENDING_KEY = 'admit.pendingAnswers';

function saveStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: /^(Saving…|Saved at .+|Not saved)$/ });
}

async function failAnswers(page: Page): Promise<void> {
  await page.route('**/api/answer', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
  );
}

async function serverAnswer(page: Page, key: string): Promise<unknown> {
  const response = await page.request.get(`${baseUrl()}/api/profile`);
  expect(response.ok()).toBe(true);
  const profile = (await response.json()) as { answer: Record<string, unknown> };
  return profile.answer[key];
}

/** What this browser keeps unsaved (every tab's entry), or null when nothing waits. */
async function pendingInTab(page: Page): Promise<string | null> {
  return page.evaluate((prefix) => {
    const kept = Object.keys(localStorage)
      .filter((key) => key.startsWith(`${prefix}:`))
      .map((key) => localStorage.getItem(key) ?? '');
    return kept.length === 0 ? null : kept.join('\n');
  }, PENDING_KEY);
}

test.beforeEach(async ({ page }, testInfo) => {
  const username = uniqueUsername(`save-${String(testInfo.workerIndex)}`);
  testInfo.annotations.push({ type: 'username', description: username });
  await signUpAndConfirmApi(page.request, username);
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
});

test('a failed Save says "Not saved" with Retry, and Retry saves', async ({ page }) => {
  await failAnswers(page);
  await page.locator('#first_name').fill('Rosalind');
  await stepButton(page, 'Save').click();

  await expect(saveStatus(page)).toHaveText('Not saved');
  await expect(page.getByText('Unexpected Error', { exact: true })).toBeVisible();
  await expect(page.getByText(GENERIC).first()).toBeVisible();
  expect(await serverAnswer(page, 'first_name')).not.toBe('Rosalind');
  // Kept in this tab until the server has it.
  expect(await pendingInTab(page)).toContain('Rosalind');

  await page.unroute('**/api/answer');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(saveStatus(page)).toHaveText(/^Saved at \d{1,2}:\d{2}\s?(AM|PM)$/);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(await serverAnswer(page, 'first_name')).toBe('Rosalind');
  expect(await pendingInTab(page)).toBeNull();
});

test('a failed autosave says "Not saved"; the next one says when it saved', async ({ page }) => {
  await failAnswers(page);
  await page.locator('#first_name').fill('Ada');
  await expect(saveStatus(page)).toHaveText('Not saved');

  await page.unroute('**/api/answer');
  await page.locator('#first_name').fill('Ada Lovelace');
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  expect(await serverAnswer(page, 'first_name')).toBe('Ada Lovelace');
});

test('answers typed as the session died are back, and saved, after logging in again', async ({
  page,
  playwright,
}, testInfo) => {
  const username = testInfo.annotations.find((a) => a.type === 'username')?.description ?? '';
  // Nothing reaches the server while the session ends elsewhere.
  await failAnswers(page);
  await page.locator('#first_name').fill('Rosalind');
  await expect(saveStatus(page)).toHaveText('Not saved');
  const cookies = await page.context().cookies();
  const other = await playwright.request.newContext({
    extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  expect((await other.get(`${baseUrl()}/api/logout`)).status()).toBe(200);
  await other.dispose();
  await page.unroute('**/api/answer');

  await stepButton(page, 'Save').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionInvalid)).toBeVisible();

  await logIn(page, username);
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#first_name')).toHaveValue('Rosalind');
  await expect.poll(() => serverAnswer(page, 'first_name')).toBe('Rosalind');
  await expect.poll(() => pendingInTab(page)).toBeNull();
});

test('an explicit logout forgets the unsaved answers kept in the tab', async ({ page }) => {
  await failAnswers(page);
  await page.locator('#first_name').fill('Secret');
  await expect(saveStatus(page)).toHaveText('Not saved');
  expect(await pendingInTab(page)).toContain('Secret');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  expect(await pendingInTab(page)).toBeNull();
});

test('a failed logout shows the error dialog and says nothing of being logged out', async ({
  page,
}) => {
  await page.route('**/api/logout', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
  );
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();

  const dialog = page.getByRole('dialog', { name: 'Unexpected Error' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(GENERIC);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByText('You have been logged out.')).toHaveCount(0);
  // The session lives: the server still knows the applicant.
  expect((await page.request.get(`${baseUrl()}/api/profile`)).status()).toBe(200);
});

test('the idle logout saves first, says when it could not, and the answers wait for the next login', async ({
  page,
}, testInfo) => {
  const username = testInfo.annotations.find((a) => a.type === 'username')?.description ?? '';
  await page.clock.install();
  await page.reload();
  await expectStep(page, '/about', 'Personal Info');
  await failAnswers(page);
  await page.locator('#first_name').fill('Grace');

  await page.clock.fastForward('15:01');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.autoLogout, { exact: false })).toBeVisible();
  await expect(page.getByText(/could not be saved/)).toBeVisible();

  await page.unroute('**/api/answer');
  await logIn(page, username);
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#first_name')).toHaveValue('Grace');
  await expect.poll(() => serverAnswer(page, 'first_name')).toBe('Grace');
});
