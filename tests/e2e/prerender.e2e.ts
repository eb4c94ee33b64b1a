/**
 * Issue 17, "HTML first": the server sends a visitor each page already rendered (the build's
 * prerender, form-app/prerender.ts), the app hydrates it without a warning or a shift, keeps
 * what was typed before its script ran, and a logged-in applicant gets the loading shell.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import { baseUrl, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { RESULTS_DIR } from './support/paths.ts';

const SHOTS_DIR = join(RESULTS_DIR, 'shots');
/** gallatin's marker cookie (its sessionCookiePrefix), which says "logged in" to the app. */
const MARKER = 'AdmitSession.loggedIn';

/** The app's entry script, as the served page names it. */
async function entryScript(page: Page): Promise<string> {
  const html = await (await page.request.get(`${baseUrl()}/about`)).text();
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(src, 'the page names its entry script').toBeDefined();
  return `${baseUrl()}${src ?? ''}`;
}

/**
 * Holds the app's entry script until the returned function is called: what a visitor on a
 * slow link sees (and types into) before the script runs.
 */
async function holdScript(page: Page): Promise<() => void> {
  const script = await entryScript(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Resolves once React has attached its handlers to First Name (hydrated or rendered). */
async function reactAttached(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const input = document.getElementById('first_name');
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactProps$'));
  });
}

test('the HTML of /about as served holds the page: its heading and the First Name label', async ({
  request,
}) => {
  const response = await request.get(`${baseUrl()}/about`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('data-prerendered="visitor"');
  expect(html).toMatch(/<h1[^>]*>Personal Info<\/h1>/);
  expect(html).toMatch(/<label[^>]*for="first_name"[^>]*>First Name/);
  // Emotion's rules for that HTML come with it, in the head.
  expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  expect(response.headers().vary).toMatch(/cookie/i);
});

test('a visitor: hydrated without a warning, the same First Name element, layout shift ≤ 0.02', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  await page.addInitScript(() => {
    const shifts = { sum: 0 };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.sum += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The script waits until the prerendered input is marked: hydration must keep that element.
  const release = await holdScript(page);
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Info' })).toBeVisible();
  await page.evaluate(() => {
    (document.getElementById('first_name') as unknown as { prerendered: boolean }).prerendered =
      true;
  });
  release();
  await reactAttached(page);
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(
      () =>
        (document.getElementById('first_name') as unknown as { prerendered?: boolean }).prerendered,
    ),
    'hydration kept the prerendered First Name (a fresh render would replace it)',
  ).toBe(true);
  const shift = await page.evaluate(
    () => (window as unknown as { __shifts: { sum: number } }).__shifts.sum,
  );
  expect(shift).toBeLessThanOrEqual(0.02);
  expect(messages, 'no hydration warning or error in the console').toEqual([]);
});

test("a visitor's text typed before the script took over is kept, focused, and in the form", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const release = await holdScript(page);
  await page.goto('/about', { waitUntil: 'commit' });
  const firstName = page.locator('#first_name');
  await firstName.click();
  await firstName.pressSequentially('Ada');
  release();
  await reactAttached(page);
  await expect(firstName).toHaveValue('Ada');
  await expect(firstName).toBeFocused();
  // The form holds it: a visitor's Continue goes to sign-up with the form's answers; back on
  // the step, the field is drawn again from the answers the form starts with.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Info' })).toBeVisible();
  await expect(page.locator('#first_name')).toHaveValue('Ada');
  // And typing on goes on from there, kept in the tab by the form itself.
  await page.locator('#first_name').press('End');
  await page.locator('#first_name').pressSequentially(' L');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            JSON.parse(sessionStorage.getItem('admit.visitorAnswers') ?? '{}') as Record<
              string,
              unknown
            >
          ).first_name,
      ),
    )
    .toBe('Ada L');
  expect(errors).toEqual([]);
});

test('a logged-in applicant (the marker cookie) gets the loading shell, never the visitor page', async ({
  page,
  request,
}) => {
  const response = await request.get(`${baseUrl()}/about`, {
    headers: { cookie: `${MARKER}=1` },
  });
  const html = await response.text();
  expect(html).toContain('data-prerendered="shell"');
  expect(html).not.toContain('First Name');
  expect(html).not.toContain('Personal Info');
  // What the browser shows before the script: the spinner alone.
  await page.context().addCookies([{ name: MARKER, value: '1', url: baseUrl() }]);
  const release = await holdScript(page);
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText('First Name')).toHaveCount(0);
  release();
});

test('the prerendered pages before the script: axe finds nothing, at 1280 and 375 px', async ({
  page,
}) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/about', '/final-steps']) {
      const release = await holdScript(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({
        path: join(SHOTS_DIR, `prerendered${path.replace('/', '-')}-${String(width)}.png`),
        fullPage: path === '/final-steps',
      });
      await expectNoAxeViolations(
        page,
        `${path} prerendered, before the script, ${String(width)} px`,
      );
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  }
});
