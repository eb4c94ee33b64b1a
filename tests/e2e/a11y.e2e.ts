/**
 * axe finds no WCAG 2.2 A/AA violation on any route at desktop (1280 px) and mobile (375 px)
 * widths, and each route is photographed full-page into test-results/screenshots/ for people
 * to look at. (The service view is checked in service-view.e2e.ts: it needs the staff CLI.)
 */
import { type Cookie, type Page } from '@playwright/test';
import { join } from 'node:path';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS } from './support/application.ts';
import { SCREENSHOTS_DIR } from './support/paths.ts';

type Account = 'visitor' | 'started' | 'validating' | 'submitted';

interface RouteCase {
  name: string;
  path: string;
  account: Account;
  heading: string | RegExp;
}

const ROUTES: readonly RouteCase[] = [
  { name: 'about', path: '/about', account: 'started', heading: 'Personal Info' },
  { name: 'education', path: '/education', account: 'started', heading: 'Academic History' },
  { name: 'final-steps', path: '/final-steps', account: 'started', heading: 'Submit' },
  {
    name: 'about-validation-summary',
    path: '/about',
    account: 'validating',
    heading: 'Personal Info',
  },
  { name: 'about-visitor', path: '/about', account: 'visitor', heading: 'Personal Info' },
  {
    name: 'completion',
    path: '/completion',
    account: 'submitted',
    heading: 'Thank you for applying to Gallatin College',
  },
  { name: 'signup', path: '/signup', account: 'visitor', heading: 'Sign Up' },
  { name: 'confirm', path: '/confirm', account: 'visitor', heading: 'Confirm Your Account' },
  { name: 'login', path: '/login', account: 'visitor', heading: 'Log In' },
  { name: 'forgot', path: '/forgot', account: 'visitor', heading: 'Forgot Password' },
  {
    name: 'reset',
    path: '/reset?username=ada%40example.com&id=0123456789abcdef',
    account: 'visitor',
    heading: 'Reset Password',
  },
];

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

const cookies: Partial<Record<Account, Cookie[]>> = {};

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  for (const account of ['started', 'validating', 'submitted'] as const) {
    const request = await playwright.request.newContext();
    await signUpAndConfirmApi(request, uniqueUsername(`a11y-${account}`));
    if (account === 'validating') {
      for (const web_status of ['started', 'validating']) {
        const response = await request.post(`${baseUrl()}/api/web-status`, {
          data: { web_status },
          headers: { Origin: baseUrl() },
        });
        expect(response.ok()).toBe(true);
      }
    }
    if (account === 'submitted') {
      await saveAnswersApi(request, COMPLETE_ANSWERS);
      await submitApi(request);
    }
    cookies[account] = (await request.storageState()).cookies;
    await request.dispose();
  }
});

/** Logs the page in as the route's account and makes the route its stored last page. */
async function signIn(page: Page, route: RouteCase): Promise<void> {
  const jar = cookies[route.account];
  if (jar === undefined) return;
  await page.context().addCookies(jar);
  if (route.account === 'submitted') return;
  // The form pages resume at the stored last page (SPEC §2): make it this one.
  const last = route.path.replace(/^\//, '').replace(/\?.*$/, '');
  const response = await page.request.put(`${baseUrl()}/api/last-page`, {
    data: { last_page: last },
    headers: { Origin: baseUrl() },
  });
  expect(response.ok(), `PUT /api/last-page ${last}`).toBe(true);
}

/** Loads the route fresh and waits until it is fully shown. */
async function load(page: Page, route: RouteCase): Promise<void> {
  await page.goto(route.path);
  await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'loading spinner' })).toHaveCount(0);
  if (route.account === 'submitted') {
    await expect(
      page.getByRole('link', { name: 'Download a PDF copy of your application' }),
    ).toBeVisible({ timeout: 20_000 });
  }
  if (route.account === 'validating') {
    await expect(
      page.getByRole('region', { name: 'We are missing some information!' }),
    ).toBeVisible();
  }
}

for (const route of ROUTES) {
  test(`${route.name}: no WCAG 2.2 A/AA violations at 1280 and 375 px`, async ({ page }) => {
    await signIn(page, route);
    // Each width is a fresh load, as a person on that screen gets it; both are always checked.
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await load(page, route);
      await page.screenshot({
        path: join(SCREENSHOTS_DIR, `${route.name}-${viewport.width}.png`),
        fullPage: true,
      });
      await expectNoAxeViolations(
        page,
        `${route.path} at ${viewport.width} px (${route.account})`,
        {
          soft: true,
        },
      );
    }
  });
}
