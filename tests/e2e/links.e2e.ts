/**
 * A service link or a temporary application link that does not open. An
 * unknown or cut-short `?service_token=` spun forever and sent about 50 requests a second; a
 * revoked service link and a bad temporary link showed only "Something went wrong.". Now the
 * app asks at most twice and shows a page with a heading, the server's message (what to do)
 * and the college's contact details, at 1280 and 375 px, with no axe violations.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { type Page, type Request } from '@playwright/test';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { ROOT, SHOTS_DIR } from './support/paths.ts';

const ADMIN = join(ROOT, 'scripts', 'admin.mjs');

const TITLE = 'This link cannot be opened';
/** The server's messages (server/src/services/viewTokens.ts), word for word. */
const SERVICE_INVALID =
  'This service link is not valid. Ask the admissions office for a new link to view the application.';
const SERVICE_REVOKED =
  'This service link has been revoked. Ask the admissions office for a new link to view the application.';
const TMP_INVALID =
  'This application link is not valid or has expired. Ask the admissions office for a new one.';
/** tenant-config's gallatin contact details. */
const CONTACT = { email: 'gallatin@montana.edu', phone: '(406) 994-5536' };

/** The staff CLI against the journeys' DATA_DIR; its standard output. */
async function admin(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [ADMIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_ORIGIN: baseUrl() },
    timeout: 90_000,
  });
  return stdout;
}

/** Counts the requests the page sends to `path` from now on. */
function countRequests(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** The page a link that did not open shows: heading, message, contact details, no spinner. */
async function expectLinkProblem(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: CONTACT.email })).toHaveAttribute(
    'href',
    `mailto:${CONTACT.email}`,
  );
  await expect(page.getByRole('link', { name: CONTACT.phone })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('Something went wrong.')).toHaveCount(0);
}

/** Waits until nothing more is sent, then says how many requests went to the link's route. */
async function settled(page: Page, count: () => number): Promise<number> {
  await page.waitForLoadState('networkidle');
  // A retry waits about a second: let one more pass, then look again.
  await page.waitForTimeout(2500);
  await page.waitForLoadState('networkidle');
  return count();
}

for (const [name, token] of [
  ['an unknown', 'A'.repeat(43)],
  ['a cut-short', 'kq3Vb0Zr'],
] as const) {
  test(`${name} service token asks at most twice and says what to do (regression: endless requests)`, async ({
    page,
  }) => {
    const requests = countRequests(page, '/service/tmp-pdf');
    await page.goto(`/?service_token=${token}`);
    await expectLinkProblem(page, SERVICE_INVALID);
    expect(await settled(page, requests)).toBeLessThanOrEqual(2);
    expect(requests()).toBeGreaterThanOrEqual(1);
    // A refused link is not a session: the page stays where it was opened.
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });
}

test('a revoked service link says so and whom to ask (regression: "Something went wrong.")', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('revoked');
  await signUpAndConfirmApi(page.request, username);
  await page.context().clearCookies();
  const link = /https?:\/\/\S*service_token=\S+/.exec(await admin('service-token', username))?.[0];
  expect(link, 'a service link from the staff CLI').toBeDefined();
  await admin('revoke-token', link ?? '');

  const requests = countRequests(page, '/service/tmp-pdf');
  await page.goto(link ?? '');
  await expectLinkProblem(page, SERVICE_REVOKED);
  expect(await settled(page, requests)).toBeLessThanOrEqual(2);
});

test('a bad temporary application link says so and whom to ask (regression: "Something went wrong.")', async ({
  page,
}) => {
  const requests = countRequests(page, '/public/tmp');
  await page.goto(`/about?token=${'B'.repeat(43)}`);
  await expectLinkProblem(page, TMP_INVALID);
  expect(await settled(page, requests)).toBeLessThanOrEqual(2);
});

for (const width of [1280, 375]) {
  test(`the link page has no WCAG 2.2 A/AA violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/?service_token=${'C'.repeat(43)}`);
    await expectLinkProblem(page, SERVICE_INVALID);
    await page.screenshot({ path: join(SHOTS_DIR, `link-service-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page, `the service link page at ${width} px`);
    await page.goto(`/about?token=${'D'.repeat(43)}`);
    await expectLinkProblem(page, TMP_INVALID);
    await page.screenshot({ path: join(SHOTS_DIR, `link-tmp-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page, `the temporary link page at ${width} px`);
  });
}
