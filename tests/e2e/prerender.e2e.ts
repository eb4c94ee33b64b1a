/**
 * "HTML first" (form-app README, "Prerendered pages"): the server sends a visitor each page already
 * rendered (the build's prerender, form-app/prerender.ts), the app hydrates it without a warning or
 * a shift, keeps what was typed before its script ran, and a logged-in applicant gets the loading
 * shell.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  PASSWORD,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { holdRequests } from './support/hold.ts';
import { SHOTS_DIR } from './support/paths.ts';
import { committedByReact } from './support/react.ts';

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
  return holdRequests(page, await entryScript(page));
}

/** Resolves once React has committed the input `id` (support/react.ts). */
async function reactAttached(page: Page, id = 'first_name'): Promise<void> {
  await page.waitForFunction(committedByReact, id);
}

/** The answer `key` the form keeps in the tab for a visitor (its values, not the DOM's). */
function visitorAnswer(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (name) =>
      (
        JSON.parse(sessionStorage.getItem('admit.visitorAnswers') ?? '{}') as Record<
          string,
          unknown
        >
      )[name],
    key,
  );
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

for (const { path, heading, field } of [
  { path: '/about', heading: 'Personal Info', field: 'first_name' },
  { path: '/login', heading: 'Log In', field: 'username' },
]) {
  test(`a visitor on ${path}: hydrated without a warning, the same ${field} element, layout shift ≤ 0.02`, async ({
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
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.evaluate((id) => {
      (document.getElementById(id) as unknown as { prerendered: boolean }).prerendered = true;
    }, field);
    release();
    await reactAttached(page, field);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(
        (id) => (document.getElementById(id) as unknown as { prerendered?: boolean }).prerendered,
        field,
      ),
      `hydration kept the prerendered ${field} (a fresh render would replace it)`,
    ).toBe(true);
    const shift = await page.evaluate(
      () => (window as unknown as { __shifts: { sum: number } }).__shifts.sum,
    );
    expect(shift).toBeLessThanOrEqual(0.02);
    expect(messages, 'no hydration warning or error in the console').toEqual([]);
  });
}

for (const { path, field, chunk } of [
  { path: '/login', field: 'username', chunk: /^\/assets\/LoginPage-[\w-]+\.js$/ },
  // Another step: the college's other pages, a JSON file the server names by content.
  { path: '/education', field: 'diploma_ged', chunk: /^\/college\/pages-[\w-]+\.json$/ },
]) {
  test(`the code ${path} needs to start is fetched beside the entry script, not after it, and once`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js') || pathname.startsWith('/college/')) scripts.push(pathname);
    });
    const release = await holdScript(page);
    const early = page.waitForRequest((request) => chunk.test(new URL(request.url()).pathname));
    await page.goto(path, { waitUntil: 'commit' });
    // Asked for while the entry script is still held back: the page itself names it.
    await early;
    release();
    await reactAttached(page, field);
    await page.waitForLoadState('networkidle');
    const twice = scripts.filter((script, index) => scripts.indexOf(script) !== index);
    expect(twice, 'no script fetched twice').toEqual([]);
    expect(scripts.filter((script) => chunk.test(script))).toHaveLength(1);
  });
}

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
  await expect.poll(() => visitorAnswer(page, 'first_name')).toBe('Ada L');
  expect(errors).toEqual([]);
});

test('text typed into a lookup before its own script arrived is kept in the form', async ({
  page,
}) => {
  // The lookup's chunk held back: the page is React's, the ZIP finder still the HTML's.
  const release = await holdRequests(page, /\/assets\/LookupField-[\w-]+\.js$/);
  await page.goto('/about');
  await reactAttached(page);
  const zip = page.locator('#mailing_zip');
  await zip.click();
  await zip.pressSequentially('59715');
  release();
  await reactAttached(page, 'mailing_zip');
  await expect(zip).toHaveValue('59715');
  // The form holds it (a visitor's answers are kept in the tab from the form's values).
  await expect.poll(() => visitorAnswer(page, 'mailing_zip')).toBe('59715');
});

test('a prerendered /login typed into and submitted before the script ran: sent once the app has it, the password never in the address', async ({
  page,
  request,
}) => {
  const username = uniqueUsername('early-login');
  await signUpAndConfirmApi(request, username, { logIn: false });
  const html = await (await request.get(`${baseUrl()}/login`)).text();
  expect(html, 'the card is in the HTML').toContain('data-prerendered="visitor"');
  expect(html).toContain('Email Address');
  const addresses: string[] = [];
  page.on('request', (sent) => addresses.push(sent.url()));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refused.push(message.text());
  });
  const release = await holdScript(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await page.locator('#username').click();
  await page.locator('#username').pressSequentially(username);
  await page.locator('#password').click();
  await page.locator('#password').pressSequentially(PASSWORD);
  await page.locator('#password').press('Enter');
  // Held back: the browser's own submit would have put both in the address.
  await page.waitForTimeout(300);
  expect(page.url()).toBe(`${baseUrl()}/login`);
  release();
  // The app takes the card over with what was typed, and sends the submit it was held.
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Info' })).toBeVisible();
  expect(addresses.filter((address) => address.includes('password'))).toEqual([]);
  expect(addresses.filter((address) => address.includes(encodeURIComponent(username)))).toEqual([]);
  expect(refused, 'the early script is allowed by its hash').toEqual([]);
  // Nothing typed into the card is kept in the tab (a visitor's answers are; a password never).
  const stored = await page.evaluate(() =>
    JSON.stringify([Object.entries(sessionStorage), Object.entries(localStorage)]),
  );
  expect(stored).not.toContain(PASSWORD);
});

test('a logged-in applicant (the marker cookie) gets the loading shell, never the visitor page', async ({
  page,
  request,
}) => {
  const response = await request.get(`${baseUrl()}/about`, {
    headers: { cookie: `${MARKER}=1` },
  });
  // The college's data block holds the first step's config; it is data, never shown.
  const html = (await response.text()).replace(
    /<script type="application\/json" id="admit-college">[^<]*<\/script>/,
    '',
  );
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
    for (const path of ['/about', '/final-steps', '/login']) {
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

test('a birth date typed before the date picker arrived is the answer, and the picker shows it', async ({
  page,
}) => {
  // The picker's chunk held back: the page is React's, the date still its placeholder.
  const release = await holdRequests(page, /\/assets\/DateField-[\w-]+\.js$/);
  await page.goto('/about');
  await reactAttached(page);
  const typed = page.getByRole('textbox', { name: 'Date of Birth' });
  await typed.click();
  await typed.pressSequentially('03/27/2008');
  await typed.press('Tab');
  await expect.poll(() => visitorAnswer(page, 'birth_date')).toBe('2008-03-27');
  release();
  // Once the page is quiet the picker takes the placeholder's place, with the date in it.
  const picker = page.getByRole('group', { name: 'Date of Birth' });
  await expect(picker.getByRole('spinbutton', { name: 'Month' })).toHaveText('03');
  await expect(picker.getByRole('spinbutton', { name: 'Day' })).toHaveText('27');
  await expect(picker.getByRole('spinbutton', { name: 'Year' })).toHaveText('2008');
  await expect(page.getByRole('textbox', { name: 'Date of Birth' })).toHaveCount(0);
});
