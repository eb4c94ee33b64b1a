/**
 * The account pages in the browser: the password requirements follow the typing; /login leads an
 * unconfirmed applicant to /confirm; the account pages are a visitor's (a logged-in applicant
 * goes to the form, a submitted one to /completion, a reset link still shows); focus moves to
 * the page's heading after login and each step change; a skip link comes first on every page.
 * Each changed page is photographed at 1280 and 375 px into test-results/shots/.
 */
import { type Page } from '@playwright/test';
import { join } from 'node:path';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  newestCode,
  PASSWORD,
  readMail,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS, expectStep, stepButton } from './support/application.ts';
import { SHOTS_DIR } from './support/paths.ts';

const UNCONFIRMED =
  'Your account is not confirmed yet. Enter the code we emailed you, or resend it.';

/** The focused element, as "tag#id text" (text trimmed), or "body". */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'body';
    const text = active.textContent.replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${active.tagName.toLowerCase()}${active.id === '' ? '' : `#${active.id}`} ${text}`.trim();
  });
}

/** What a screen reader reads for each password requirement, in order. */
function requirements(page: Page) {
  return page.locator('#password-requirements li');
}

/** Photographs the page at 1280 and 375 px (full page), then returns to 1280. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 812 });
    await page.screenshot({
      path: join(SHOTS_DIR, `${name}-${String(width)}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the password requirements follow the typed password, before and after a failed Submit', async ({
  page,
}) => {
  await page.goto('/signup');
  await page.locator('#username').fill(uniqueUsername('requirements'));
  await page.locator('#password').pressSequentially('abc');
  await expect(requirements(page)).toHaveText([
    'Not met: At least 12 characters',
    'Not met: An uppercase letter',
    'Met: A lowercase letter',
    'Not met: A number',
    'Not met: A special character',
    'Met: No space at the beginning or end',
  ]);
  await shoot(page, 'signup-requirements-typed');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#password')).toBeFocused();
  await page.locator('#password').fill('');
  await page.locator('#password').pressSequentially(PASSWORD);
  await expect(requirements(page)).toHaveText(Array(6).fill(/^Met: /));
  await expectNoAxeViolations(page, '/signup with a password typed');
});

test('an unconfirmed applicant on /login is told so and led to /confirm with the address', async ({
  page,
}) => {
  const username = uniqueUsername('unconfirmed');
  await page.goto('/signup');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  // After sign-up the code is what is left to type.
  await expect(page.locator('#code')).toBeFocused();

  // The applicant leaves without the code and tries to log in.
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirmLink = page.getByRole('link', { name: 'Confirm your account' });
  await expect(confirmLink).toBeVisible();
  // The card's toast says it too (SPEC §8); the notice with the link stays.
  await expect(
    page.locator('div', { has: confirmLink, hasText: UNCONFIRMED }).last(),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/login telling an unconfirmed applicant to confirm');
  await shoot(page, 'login-unconfirmed');

  await confirmLink.click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.locator('#username')).toHaveValue(username);
  await expect(page.locator('#code')).toBeFocused();
  await page.locator('#code').fill(await newestCode(page.request, username));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your account is confirmed. Please log in.')).toBeVisible();
});

test('a logged-in applicant is sent from the account pages to the form, a submitted one to /completion', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('account-routes');
  await signUpAndConfirmApi(page.request, username);
  for (const path of ['/signup', '/confirm', '/login', '/forgot', '/reset']) {
    await page.goto(path);
    await expectStep(page, '/about', 'Personal Info');
  }

  // Our decision: a reset link shows its page, says what choosing a password does, and does it.
  const forgot = await page.request.post(`${baseUrl()}/public/forgot-password`, {
    data: { username },
    headers: { Origin: baseUrl() },
  });
  expect(forgot.ok()).toBe(true);
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await readMail(page.request, username)).find((m) => /reset/i.test(m.subject));
      const found = mail === undefined ? undefined : /https?:\/\/\S+\/reset\?\S+/.exec(mail.text);
      link = found === null || found === undefined ? '' : new URL(found[0]).search;
      return link;
    })
    .not.toBe('');
  await page.goto(`/reset${link}`);
  await expect(page.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
  await expect(page.getByText(`You are logged in as ${username}.`)).toBeVisible();
  await expectNoAxeViolations(page, '/reset from a link while logged in');
  await shoot(page, 'reset-logged-in');
  const newPassword = `${PASSWORD}-new`;
  await page.locator('#password').fill(newPassword);
  await page.locator('#confirm_password').fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
  // Logged out: /login stays a visitor's page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectStep(page, '/about', 'Personal Info');

  // Submitted: every account page, a reset link too, sends to /completion.
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  await submitApi(page.request);
  for (const path of ['/login', '/signup', `/reset${link}`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/completion$/);
  }
});

test('focus moves to the heading after login and each step change; the skip link comes first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('focus');
  await signUpAndConfirmApi(page.request, username, { logIn: false });

  // The skip link is the first Tab stop of a visitor's page, shown while focused.
  await page.goto('/login');
  // The account page is loaded on use: Tab once it is there, as a person would.
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())?.width).toBeGreaterThan(100);
  await shoot(page, 'login-skip-link');
  await page.keyboard.press('Enter');
  expect(await focused(page)).toMatch(/^main#main/);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('input#username');

  // After login: the step's heading.
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#password').press('Enter');
  await expectStep(page, '/about', 'Personal Info');
  await expect.poll(() => focused(page)).toBe('h1 Personal Info');

  // Save and Continue, a step link, Previous: the new step's heading each time.
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/education', 'Academic History');
  await expect.poll(() => focused(page)).toBe('h1 Academic History');
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /Submit/ })
    .click();
  await expectStep(page, '/final-steps', 'Submit');
  await expect.poll(() => focused(page)).toBe('h1 Submit');
  // The reload below resumes at the last page: wait until /education is recorded as it.
  const recorded = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/last-page') && response.request().method() === 'PUT',
  );
  await stepButton(page, 'Previous').press('Enter');
  await expectStep(page, '/education', 'Academic History');
  expect((await recorded).status()).toBe(200);
  await expect.poll(() => focused(page)).toBe('h1 Academic History');
  // Tab goes on from the heading into the step.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement)),
  ).toBe(true);

  // A reload starts at the top: the skip link first, then the main landmark.
  await page.reload();
  await expectStep(page, '/education', 'Academic History');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await shoot(page, 'education-skip-link');
  await page.keyboard.press('Enter');
  expect(await focused(page)).toMatch(/^main#main/);
  await expectNoAxeViolations(page, '/education after the skip link');

  // So does a load that redirects: "/" to the default route, then the resume to /education.
  await page.goto('/');
  await expectStep(page, '/education', 'Academic History');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
});
