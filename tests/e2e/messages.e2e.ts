/**
 * Each message shows once, where it belongs. "You have successfully logged
 * in." shows once after a login (a resumed or a submitted applicant included) and never again
 * on the way out: not on Log Out, the automatic logout, "No, log me out" or the session-invalid
 * redirect. "No, log me out" is a logout by hand ("You have been logged out."), not SPEC §8's
 * automatic logout. Counted at 1280 and 375 px wide, where stacked copies covered the page.
 */
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  logIn,
  MESSAGES,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS } from './support/application.ts';
import { SHOTS_DIR } from './support/paths.ts';

const LOGGED_IN = 'You have successfully logged in.';
const LOGGED_OUT = 'You have been logged out.';

/** How many copies of `text` a person sees, once the app has stopped fetching. */
async function shown(page: Page, text: string): Promise<number> {
  await page.waitForLoadState('networkidle');
  const copies = page.getByText(text, { exact: true });
  let visible = 0;
  for (const copy of await copies.all()) if (await copy.isVisible()) visible += 1;
  return visible;
}

/** A confirmed applicant, logged in through the API in the page's browser (no message shown). */
async function account(page: Page, label: string): Promise<string> {
  const username = uniqueUsername(label);
  await signUpAndConfirmApi(page.request, username);
  return username;
}

/** Logs the page's browser in through /login; the one success message is on screen. */
async function logInOnce(page: Page, username: string, path: RegExp): Promise<void> {
  await page.context().clearCookies();
  await logIn(page, username);
  await expect(page).toHaveURL(path);
  await expect(page.getByText(LOGGED_IN, { exact: true }).first()).toBeVisible();
  expect(await shown(page, LOGGED_IN), `"${LOGGED_IN}" once at ${page.url()}`).toBe(1);
  const width = page.viewportSize()?.width ?? 0;
  const where = new URL(page.url()).pathname.slice(1);
  await page.screenshot({ path: join(SHOTS_DIR, `logged-in-${where}-${width}.png`) });
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    });

    test('a resumed applicant sees "You have successfully logged in." once (regression: twice)', async ({
      page,
    }) => {
      const username = await account(page, `resume-${width}`);
      const put = await page.request.put(`${baseUrl()}/api/last-page`, {
        data: { last_page: 'education' },
        headers: { Origin: baseUrl() },
      });
      expect(put.ok()).toBe(true);
      await logInOnce(page, username, /\/education$/);
    });

    test('a submitted applicant sees "You have successfully logged in." once (regression: twice)', async ({
      page,
    }) => {
      const username = await account(page, `submitted-${width}`);
      await saveAnswersApi(page.request, COMPLETE_ANSWERS);
      await submitApi(page.request);
      await logInOnce(page, username, /\/completion$/);
    });

    test('Log Out says "You have been logged out." only (regression: the login message came back)', async ({
      page,
    }) => {
      const username = await account(page, `logout-${width}`);
      await logInOnce(page, username, /\/about$/);
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Log Out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(LOGGED_OUT, { exact: true })).toBeVisible();
      expect(await shown(page, LOGGED_OUT)).toBe(1);
      expect(await shown(page, LOGGED_IN)).toBe(0);
      await page.screenshot({ path: join(SHOTS_DIR, `logged-out-${width}.png`), fullPage: true });
    });

    test('the session-invalid redirect says so once, without the login message (regression: twice)', async ({
      page,
      playwright,
    }) => {
      const username = await account(page, `invalid-${width}`);
      await logInOnce(page, username, /\/about$/);
      // The session ends on the server (a logout with the same cookie elsewhere).
      const cookies = await page.context().cookies();
      const other = await playwright.request.newContext({
        extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      });
      expect((await other.get(`${baseUrl()}/api/logout`)).status()).toBe(200);
      await other.dispose();

      // The next call meets the ended session: the Save below, or a background call (the
      // keep-alive, the last page) that a 401 now also sends to /login, whichever comes first.
      await page.locator('#first_name').fill('Rosalind');
      const save = page
        .getByRole('button', { name: 'Save', exact: true })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await expect(page).toHaveURL(/\/login$/);
      await save;
      await expect(page.getByText(MESSAGES.sessionInvalid, { exact: true })).toBeVisible();
      expect(await shown(page, MESSAGES.sessionInvalid)).toBe(1);
      expect(await shown(page, LOGGED_IN)).toBe(0);
    });
  });
}

test.describe('the idle logout', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  for (const width of [1280, 375]) {
    test(`the automatic logout says so once, without the login message (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const username = await account(page, `idle-${width}`);
      await logInOnce(page, username, /\/about$/);
      await page.clock.fastForward('15:01');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(MESSAGES.autoLogout, { exact: true })).toBeVisible();
      expect(await shown(page, MESSAGES.autoLogout)).toBe(1);
      expect(await shown(page, LOGGED_IN)).toBe(0);
      await page.screenshot({ path: join(SHOTS_DIR, `idle-logout-${width}.png`), fullPage: true });
    });

    test(`"No, log me out" says the applicant logged out, not "due to inactivity" (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const username = await account(page, `idle-no-${width}`);
      await logInOnce(page, username, /\/about$/);
      await page.clock.fastForward('14:01');
      const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
      await expect(warning).toBeVisible();
      await warning.getByRole('button', { name: 'No, log me out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(LOGGED_OUT, { exact: true })).toBeVisible();
      expect(await shown(page, LOGGED_OUT)).toBe(1);
      expect(await shown(page, MESSAGES.autoLogout)).toBe(0);
      expect(await shown(page, LOGGED_IN)).toBe(0);
      await page.screenshot({ path: join(SHOTS_DIR, `idle-no-${width}.png`), fullPage: true });
    });
  }
});
