/**
 * No English left behind: in the pseudo-locale (`?lang=en-XA`, served when the server runs
 * with ADMIT_PSEUDO_LOCALE=1, as the global setup starts it) every text of the catalogues and
 * of the college reads accented ("⟦Ŝȧȧṽḗḗ⟧"). On every route, as served and after hydration, and
 * in each state a person meets when something goes wrong (a failed login, a weak password at
 * sign-up, a failed Submit's summary, a file of the wrong type, a 401), no text a person reads
 * or hears is left in plain English, but what the applicant typed, the college's proper names,
 * numbers and addresses. A failure names each text left, and where it is.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS } from './support/application.ts';
import {
  APPLICANT_ROUTES,
  collegeProperNames,
  englishLeftOn,
  PSEUDO,
  VISITOR_ROUTES,
} from './support/language.ts';
import { SHOTS_DIR } from './support/paths.ts';
import {
  failedLogin,
  failedSubmit,
  freshApplicant,
  settled,
  unauthorized,
  weakPasswordAtSignUp,
  wrongFileType,
} from './support/states.ts';

/** What the journeys' applicants typed (COMPLETE_ANSWERS), shown back as typed. */
const TYPED = ['Grace', 'Hopper', '12 College Street', 'Bozeman', 'essay.pdf'];
const ALLOWED = [...collegeProperNames(), ...TYPED];

/** The page in the pseudo-locale: `?lang=en-XA` on the first visit; the choice is kept. */
function pseudo(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${PSEUDO}`;
}

/** Asserts the page speaks only the pseudo-locale, and photographs it for people to look at. */
async function expectNoEnglish(page: Page, name: string): Promise<void> {
  // Soft: a page left in English says so, and the texts below still name what is left.
  await expect.soft(page.locator('html')).toHaveAttribute('lang', PSEUDO);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `pseudo-${name}.png`), fullPage: true });
  const left = await englishLeftOn(page, { allowed: ALLOWED });
  expect(left, `English left on ${name} (${page.url()}):\n  ${left.join('\n  ')}`).toEqual([]);
}

/** Switches the page's browser to the pseudo-locale before its first page. */
async function choosePseudo(page: Page): Promise<void> {
  await page.goto(pseudo('/login'));
  await settled(page);
}

test.describe('every route in the pseudo-locale', () => {
  for (const route of VISITOR_ROUTES) {
    test(`${route.name}, as a visitor`, async ({ page }) => {
      await page.goto(pseudo(route.path));
      await settled(page);
      await expectNoEnglish(page, route.name);
    });
  }

  for (const route of APPLICANT_ROUTES) {
    test(`${route.name}, logged in`, async ({ page }) => {
      await freshApplicant(page, `pseudo-${route.name}`);
      await page.goto(pseudo(route.path));
      await settled(page);
      await expectNoEnglish(page, route.name);
    });
  }

  test('completion, once submitted', async ({ page }) => {
    test.setTimeout(120_000);
    await signUpAndConfirmApi(page.request, uniqueUsername('pseudo-completion'));
    await saveAnswersApi(page.request, COMPLETE_ANSWERS);
    await submitApi(page.request);
    await page.goto(pseudo('/completion'));
    // The PDF link comes once the PDF is made (a spinner turns until then).
    await expect(page.locator('a[download]').first()).toBeVisible({ timeout: 20_000 });
    await settled(page);
    await expectNoEnglish(page, 'completion');
  });

  test('the error screen, when a page’s code does not arrive', async ({ page }) => {
    await freshApplicant(page, 'pseudo-error');
    await page.goto(pseudo('/final-steps'));
    await settled(page);
    await page.route('**/assets/ReviewPage-*.js', (route) => route.abort());
    await page.locator('a[href="/review"]').first().click();
    await settled(page);
    await expectNoEnglish(page, 'error-screen');
  });
});

test.describe('as served, before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of [...VISITOR_ROUTES, { name: 'about', path: '/about' }]) {
    test(`${route.name}: the prerendered page`, async ({ page }) => {
      await page.goto(pseudo(route.path));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoEnglish(page, `${route.name}-served`);
    });
  }
});

test.describe('each state of "something went wrong" in the pseudo-locale', () => {
  test('a failed login', async ({ page }) => {
    const username = uniqueUsername('pseudo-login');
    await signUpAndConfirmApi(page.request, username, { logIn: false });
    await choosePseudo(page);
    await failedLogin(page, username);
    await expectNoEnglish(page, 'failed-login');
  });

  test('a password that breaks the rules at sign-up', async ({ page }) => {
    await choosePseudo(page);
    await weakPasswordAtSignUp(page, 'rules');
    await expectNoEnglish(page, 'weak-password-rules');
  });

  test('a common password at sign-up, refused by the server', async ({ page }) => {
    await choosePseudo(page);
    await weakPasswordAtSignUp(page, 'common');
    await expectNoEnglish(page, 'weak-password-common');
  });

  test('a failed Submit’s summary', async ({ page }) => {
    await choosePseudo(page);
    await failedSubmit(page);
    await expectNoEnglish(page, 'failed-submit');
  });

  test('an upload of a wrong file type', async ({ page }) => {
    await choosePseudo(page);
    await wrongFileType(page);
    await expectNoEnglish(page, 'wrong-file-type');
  });

  test('a 401: the session ended elsewhere', async ({ page, request }) => {
    await choosePseudo(page);
    await unauthorized(page, request);
    await expectNoEnglish(page, 'unauthorized');
  });
});

test('the server serves the pseudo-locale’s page with <html lang="en-XA">', async ({ request }) => {
  // The journeys' server offers it (ADMIT_PSEUDO_LOCALE=1): the page says so in <html lang>.
  const response = await request.get(`${baseUrl()}${pseudo('/login')}`);
  expect(response.ok()).toBe(true);
  expect(await response.text()).toMatch(/<html[^>]* lang="en-XA"/);
});
