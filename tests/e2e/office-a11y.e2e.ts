/**
 * The admissions office (/office) with the real server: axe finds no WCAG 2.2 A/AA violation on
 * any office page (sign-in, the list, an empty list, an application, the audit log) at 1280 and
 * 375 px, each photographed into test-results/screenshots/office-*.png; and a staff member
 * works it with the keyboard alone: signs in, searches, opens an application, goes back and
 * exports what the search found. The Nu HTML Checker finds no error on any office page. On a
 * 375 px phone the list and the audit log are lists of items that never scroll sideways, long
 * names and e-mail addresses included, and a keyboard user sorts the list and opens an
 * application from its item.
 * Staff are added as docs/operations/office.md says, with the staff CLI on the server's
 * DATA_DIR; their codes come from the otpauth:// link it prints. One officer signs in once,
 * through the API, for the axe pages; a reader signs in with the keyboard.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type Cookie, type Page } from '@playwright/test';
import { TOTP, URI } from 'otpauth';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  PASSWORD,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS } from './support/application.ts';
import { tabAndChoose, tabTo } from './support/keyboard.ts';
import { ROOT, SCREENSHOTS_DIR } from './support/paths.ts';
import { expectNoVnuErrors, vnuErrors } from './support/vnu.ts';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Adds a staff member with the staff CLI of the build; answers their authenticator. */
function addStaff(email: string, role: 'reader' | 'officer'): TOTP {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined)
    throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'server', 'dist', 'cli.js'), 'staff', 'add', email, '--role', role],
    {
      cwd: ROOT,
      input: `${PASSWORD}\n`,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, PUBLIC_ORIGIN: baseUrl() },
    },
  );
  expect(run.status, run.stderr).toBe(0);
  const uri = /otpauth:\/\/totp\/\S+/.exec(run.stdout)?.[0] ?? '';
  const totp = URI.parse(uri);
  if (!(totp instanceof TOTP)) throw new Error(`no otpauth:// link in: ${run.stdout}`);
  return totp;
}

let officerCookies: Cookie[] = [];
let reader: { email: string; totp: TOTP };
let reference = '';

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const officerEmail = `officer-${stamp}@gallatin.example`;
  const officer = addStaff(officerEmail, 'officer');
  reader = {
    email: `reader-${stamp}@gallatin.example`,
    totp: addStaff(`reader-${stamp}@gallatin.example`, 'reader'),
  };

  // A submitted application for the list and the application page.
  const applicant = await playwright.request.newContext();
  await signUpAndConfirmApi(applicant, uniqueUsername('office-a11y'));
  await saveAnswersApi(applicant, COMPLETE_ANSWERS);
  await submitApi(applicant);
  const profile = (await (await applicant.get(`${baseUrl()}/api/receipt`)).json()) as {
    reference_number?: string;
  };
  reference = profile.reference_number ?? '';
  expect(reference).not.toBe('');
  await applicant.dispose();
  // And one not submitted: its row has no reference, and its link a hidden text saying whose
  // it is, which once made the whole list scroll sideways at 375 px.
  const started = await playwright.request.newContext();
  await signUpAndConfirmApi(started, uniqueUsername('office-a11y-started'));
  await saveAnswersApi(started, { first_name: 'Ada', last_name: 'Started' });
  await started.dispose();
  // And one with a long name and a long e-mail address, to wrap inside a phone's item.
  const long = await playwright.request.newContext();
  await signUpAndConfirmApi(long, uniqueUsername(LONG_LABEL));
  await saveAnswersApi(long, LONG_NAME);
  await long.dispose();

  // The officer signs in once; every axe page reuses the session.
  const staff = await playwright.request.newContext();
  const login = await staff.post(`${baseUrl()}/office/api/login`, {
    data: { username: officerEmail, password: PASSWORD, code: officer.generate() },
    headers: { Origin: baseUrl() },
  });
  expect(login.ok(), await login.text()).toBe(true);
  officerCookies = (await staff.storageState()).cookies;
  await staff.dispose();
});

/** A long name and a long e-mail address (the account's), as a phone must show them. */
const LONG_NAME = {
  first_name: 'Maria de los Angeles',
  last_name: 'Fernandez-Castellanos Villanueva',
};
const LONG_LABEL = 'office-a11y-a-rather-long-address-for-a-phone';

/** The list or the audit log, as a table from 675 px up and as a list of items below. */
function rows(page: Page, name: string) {
  return page.getByRole('table', { name }).or(page.getByRole('list', { name }));
}

interface OfficePage {
  name: string;
  path: () => string;
  heading: () => string;
  signedIn: boolean;
  /** What shows once the page has its data. */
  ready: (page: Page) => Promise<void>;
}

const PAGES: readonly OfficePage[] = [
  {
    name: 'sign-in',
    path: () => '/office/login',
    heading: () => 'Sign in to the admissions office',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByLabel('Authentication code')).toBeVisible();
    },
  },
  {
    name: 'list',
    path: () => '/office',
    heading: () => 'Applications',
    signedIn: true,
    ready: async (page) => {
      await expect(rows(page, 'Applications')).toBeVisible();
    },
  },
  {
    name: 'list-empty',
    path: () => '/office?q=nobody-applied-by-this-name',
    heading: () => 'Applications',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByText('No applications match these filters.')).toBeVisible();
    },
  },
  {
    name: 'application',
    path: () => `/office/applications/${reference}`,
    heading: () => `${String(COMPLETE_ANSWERS.first_name)} ${String(COMPLETE_ANSWERS.last_name)}`,
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    },
  },
  {
    name: 'audit',
    path: () => '/office/audit',
    heading: () => 'Audit log',
    signedIn: true,
    ready: async (page) => {
      await expect(rows(page, 'Audit log')).toBeVisible();
    },
  },
];

for (const office of PAGES)
  test(`office ${office.name}: axe finds nothing at 1280 and 375 px`, async ({ page }) => {
    if (office.signedIn) await page.context().addCookies(officerCookies);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(office.path());
      await expect(page.getByRole('heading', { level: 1, name: office.heading() })).toBeVisible();
      await office.ready(page);
      await expectNoAxeViolations(page, `${office.name} at ${String(size.width)} px`);
      // Nothing but the table's own region scrolls sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(
        overflow,
        `${office.name} at ${String(size.width)} px scrolls sideways`,
      ).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(SCREENSHOTS_DIR, `office-${office.name}-${String(size.width)}.png`),
        fullPage: true,
      });
      // The first screen as it opens, at full size (a tall page's full shot is hard to read).
      await page.screenshot({
        path: join(SCREENSHOTS_DIR, `office-${office.name}-${String(size.width)}-top.png`),
      });
    }
  });

test('every office page is valid HTML once drawn (vnu: 0 errors)', async ({ page }) => {
  await page.context().addCookies(officerCookies);
  const documents: Record<string, string> = {};
  for (const office of PAGES) {
    // The sign-in page as a person who is not signed in sees it.
    if (!office.signedIn) await page.context().clearCookies();
    await page.goto(office.path());
    await expect(page.getByRole('heading', { level: 1, name: office.heading() })).toBeVisible();
    await office.ready(page);
    documents[office.name] = await page.content();
    if (!office.signedIn) await page.context().addCookies(officerCookies);
  }
  // The list and the audit log as a phone draws them: their items' markup.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const office of PAGES.filter((each) => ['list', 'audit'].includes(each.name))) {
    await page.goto(office.path());
    await expect(page.getByRole('list', { name: office.heading() })).toBeVisible();
    documents[`${office.name}-375`] = await page.content();
  }
  expectNoVnuErrors(await vnuErrors(documents));
});

for (const office of PAGES.filter((each) => ['list', 'audit'].includes(each.name)))
  test(`office ${office.name} at 375 px: a list of items, nothing scrolls sideways`, async ({
    page,
  }) => {
    await page.context().addCookies(officerCookies);
    await page.setViewportSize({ width: 375, height: 812 });
    // The list finds the long name and e-mail address by search: in a whole run, the journeys
    // before this one have submitted more applications than a page holds.
    await page.goto(
      office.name === 'list'
        ? `${office.path()}?q=${encodeURIComponent(LONG_LABEL)}`
        : office.path(),
    );
    const list = page.getByRole('list', { name: office.heading() });
    await expect(list).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const items = list.getByRole('listitem');
    expect(await items.count()).toBeGreaterThan(0);
    await expect(items.first().getByRole('heading', { level: 2 })).toBeVisible();
    if (office.name === 'list')
      // The long name and the long e-mail address wrap inside their item.
      await expect(
        list.getByRole('link', { name: `${LONG_NAME.first_name} ${LONG_NAME.last_name}` }).first(),
      ).toBeVisible();
    await expectNoAxeViolations(page, `${office.name} list of items at 375 px`);
    const overflow = await list.evaluate((element) => {
      const root = element.ownerDocument.documentElement;
      const wider = (box: Element) => box.scrollWidth - box.clientWidth;
      return {
        document: wider(root),
        list: wider(element),
        items: Math.max(...Array.from(element.children, wider)),
      };
    });
    expect(overflow.document).toBeLessThanOrEqual(0);
    expect(overflow.list).toBeLessThanOrEqual(0);
    expect(overflow.items).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(SCREENSHOTS_DIR, `office-${office.name}-items-375.png`),
      fullPage: true,
    });
  });

test('on a phone, a keyboard user sorts the list and opens an application from its item', async ({
  page,
}) => {
  await page.context().addCookies(officerCookies);
  await page.setViewportSize({ width: 375, height: 812 });
  // Searched by its reference: other journeys add applicants of the same name.
  await page.goto(`/office?q=${reference}`);
  await expect(page.getByRole('list', { name: 'Applications' })).toBeVisible();
  await tabAndChoose(page, 'sort', 'Name, A to Z');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}&sort=name$`));
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Name, A to Z');
  const name = `${String(COMPLETE_ANSWERS.first_name)} ${String(COMPLETE_ANSWERS.last_name)}`;
  await tabTo(page, { tag: 'a', text: name });
  // The focused link shows it has the focus.
  const outline = await page.evaluate(() => {
    const active = document.activeElement;
    return active === null ? 'none' : getComputedStyle(active).outlineStyle;
  });
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/office/applications/${reference}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
});

test('a staff member signs in, searches, opens an application, goes back and exports with the keyboard alone', async ({
  page,
}) => {
  await page.goto('/office/login');
  await tabTo(page, { id: 'email' });
  await page.keyboard.type(reader.email);
  await tabTo(page, { id: 'password' });
  await page.keyboard.type(PASSWORD);
  await tabTo(page, { id: 'code' });
  await page.keyboard.type(reader.totp.generate());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  // A reader does not see the audit log's link.
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  await tabTo(page, { id: 'q' });
  await page.keyboard.type(reference);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}`));
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await tabTo(page, { tag: 'a', text: reference });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/office/applications/${reference}$`));
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  // The heading took the focus: the page is read from its top.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // A reader has no "Show SSN"; the SSN shows masked.
  await expect(page.getByRole('button', { name: 'Show SSN' })).toHaveCount(0);

  await tabTo(page, { tag: 'a', text: 'Back to applications' }, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  // The list comes back as it was left: the search still in force.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}`));
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(reference);

  // The export of what the search finds, read as it streams, then saved.
  await tabTo(page, { tag: 'button', text: 'Export CSV' });
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
    /^Saved applications-[\d-]+\.csv: 1 row \(/,
  );
  const csv = readFileSync(await saved.path(), 'utf8');
  expect(csv).toContain(reference);
  expect(csv.trim().split('\r\n')).toHaveLength(2);
});
