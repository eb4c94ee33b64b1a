/**
 * Nothing lost or hidden at the edges of a session: answers typed just before the tab closes
 * still reach the server, leaving while a save has failed asks first, and a 401 on a call the
 * applicant did not make (keep-alive, last page) still ends the session in the page (SPEC §2).
 */
import { type Page, type PlaywrightWorkerArgs } from '@playwright/test';

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

async function serverAnswer(page: Page, key: string): Promise<unknown> {
  const response = await page.request.get(`${baseUrl()}/api/profile`);
  expect(response.ok()).toBe(true);
  const profile = (await response.json()) as { answer: Record<string, unknown> };
  return profile.answer[key];
}

async function openAbout(page: Page): Promise<void> {
  await signUpAndConfirmApi(page.request, uniqueUsername('edges'));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
}

/** Every save from now on fails as a server that is down answers (500): nothing is stored. */
async function failSaves(page: Page): Promise<void> {
  await page.route('**/api/answer', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
  );
}

test('answers typed within the autosave delay reach the server when the tab is closed at once', async ({
  page,
}) => {
  await openAbout(page);
  await page.locator('#first_name').fill('Hypatia');
  // No wait for the autosave: the tab goes now.
  await page.close();
  await expect.poll(() => serverAnswer(page, 'first_name')).toBe('Hypatia');
});

test('leaving while a save has failed asks first; once saved, it does not', async ({ page }) => {
  await openAbout(page);
  await failSaves(page);
  await page.locator('#first_name').fill('Ada');
  await expect(page.getByText('Not saved', { exact: true }).first()).toBeVisible();

  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  await page.unroute('**/api/answer');
  await page.getByRole('button', { name: 'Retry' }).first().click();
  await expect(page.getByText(/^Saved at /).first()).toBeVisible();
  let dialogs = 0;
  page.on('dialog', () => {
    dialogs += 1;
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(dialogs).toBe(0);
});

/** Ends the page's session on the server, as a logout in another browser would. */
async function endSessionElsewhere(page: Page, { request }: PlaywrightWorkerArgs['playwright']) {
  const cookies = await page.context().cookies();
  const other = await request.newContext({
    extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  expect((await other.get(`${baseUrl()}/api/logout`)).status()).toBe(200);
  await other.dispose();
}

test('a 401 on the keep-alive request goes to /login with the session-invalid message', async ({
  page,
  playwright,
}) => {
  await openAbout(page);
  await page.waitForLoadState('networkidle');
  await endSessionElsewhere(page, playwright);
  const ping = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/profile',
  );
  // Activity, nothing else: the first one sends the keep-alive request.
  await page.getByRole('heading', { level: 1 }).click();
  expect((await ping).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionInvalid)).toBeVisible();
});

test('a 401 on recording the last page goes to /login with the session-invalid message', async ({
  page,
  playwright,
}) => {
  await openAbout(page);
  await page.waitForLoadState('networkidle');
  await endSessionElsewhere(page, playwright);
  // The save is let through; recording the new step as the last page is the background call.
  await page.route('**/api/answer', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"message":"ok"}' }),
  );
  const recorded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/last-page',
  );
  await stepButton(page, 'Save and Continue').click();
  expect((await recorded).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionInvalid)).toBeVisible();
});

test('a deleted session cookie, then a click in the step navigation, goes to /login with the session-invalid message', async ({
  page,
}) => {
  await openAbout(page);
  await page.waitForLoadState('networkidle');
  // The browser loses its cookie (cleared by the applicant, or by a privacy tool).
  await page.context().clearCookies();
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /Academic History/ })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionInvalid, { exact: true })).toBeVisible();
});

function isKeepAlive(request: { method: () => string; url: () => string }): boolean {
  return request.method() === 'GET' && new URL(request.url()).pathname === '/api/profile';
}

test("the idle prompt counts down to the server's end of the session, and Yes renews it", async ({
  page,
}) => {
  await page.clock.install();
  // As if the server last recorded a use of the session ten minutes before the page opened:
  // it has five minutes left, though the browser has seen no idle time at all.
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'admit-session-ms-left': '300000' },
    });
  });
  await openAbout(page);
  await page.waitForLoadState('networkidle');
  await page.unroute('**/api/**');

  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
  await page.clock.fastForward('03:50');
  await expect(warning).toBeHidden();
  // 60 s before the server's end, not 14 minutes after the browser's last activity.
  await page.clock.fastForward('00:15');
  await expect(warning).toBeVisible();

  const renewed = page.waitForResponse((response) => isKeepAlive(response.request()));
  await warning.getByRole('button', { name: /^Yes/ }).click();
  expect((await renewed).status()).toBe(200);
  await expect(warning).toBeHidden();
  // Past the old end, still in.
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/about$/);
  await expect(warning).toBeHidden();
});

test('"Yes" that meets an ended session goes to /login with the session-invalid message', async ({
  page,
  playwright,
}) => {
  await page.clock.install();
  await openAbout(page);
  await page.waitForLoadState('networkidle');
  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
  await page.clock.fastForward('14:01');
  await expect(warning).toBeVisible();
  await endSessionElsewhere(page, playwright);
  await warning.getByRole('button', { name: /^Yes/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionInvalid)).toBeVisible();
});

function saveStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: /^(Saving…|Saved at .+|Not saved)$/ });
}

test('the save state shows where the applicant is typing, and a failed autosave says so there', async ({
  page,
}) => {
  await openAbout(page);
  await failSaves(page);
  // The first field of a long step: its foot is thousands of pixels down.
  await page.locator('#first_name').fill('Ada');
  await expect(saveStatus(page)).toHaveText('Not saved');
  await expect(page.locator('#first_name')).toBeInViewport();
  await expect(saveStatus(page)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeInViewport();

  await page.unroute('**/api/answer');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  await expect(saveStatus(page)).toBeInViewport();
});

test('unsaved answers wait in this browser: /login says so, and logging in from another tab saves them', async ({
  page,
}, testInfo) => {
  const username = uniqueUsername(`pending-${String(testInfo.workerIndex)}`);
  await signUpAndConfirmApi(page.request, username);
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await failSaves(page);
  await page.locator('#first_name').fill('Grace');
  await expect(saveStatus(page)).toHaveText('Not saved');

  // The idle prompt does not claim they are saved.
  await page.clock.install();
  await page.clock.fastForward('14:01');
  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Some of your answers are not saved yet');
  await expect(warning).not.toContainText('Your answers are saved.');

  // The session ends elsewhere; the applicant comes back in a new tab of the same browser.
  const cookies = await page.context().cookies();
  await page.request.get(`${baseUrl()}/api/logout`, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  const other = await page.context().newPage();
  await other.goto('/login');
  await expect(
    other.getByText(
      'Some answers you entered in this browser have not been saved yet. Log in to save them.',
    ),
  ).toBeVisible();
  await logIn(other, username);
  await expectStep(other, '/about', 'Personal Info');
  await expect(other.locator('#first_name')).toHaveValue('Grace');
  await expect.poll(() => serverAnswer(other, 'first_name')).toBe('Grace');
  await other.close();
});

test('a Submit that finds errors focuses the validation summary, every time', async ({ page }) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('summary-focus'));
  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');
  await page.waitForLoadState('networkidle');
  await stepButton(page, 'Submit').click();
  await expectStep(page, '/about', 'Personal Info');
  const summary = page.getByRole('region', { name: MESSAGES.summaryTitle });
  await expect(summary).toBeFocused();

  // Again from the last step, reached by a summary link: the summary, already shown, takes
  // focus again.
  await summary.locator('a[href^="/final-steps#"]').first().click();
  await expectStep(page, '/final-steps', 'Submit');
  await stepButton(page, 'Submit').click();
  await expectStep(page, '/about', 'Personal Info');
  await expect(summary).toBeFocused();
});

async function openEducation(page: Page): Promise<void> {
  await signUpAndConfirmApi(page.request, uniqueUsername('refused'));
  await page.goto('/education');
  await expectStep(page, '/education', 'Academic History');
  // The lookup arrives in a chunk of its own; a plain text input stands in until then.
  await expect(page.locator('#college_name')).toHaveAttribute('role', 'combobox');
}

test('a college name stops at its 100 characters, and a CEEB typed afterwards is stored', async ({
  page,
}) => {
  await openEducation(page);
  await page.locator('#college_name').click();
  await page.keyboard.type('c'.repeat(101));
  await expect(page.locator('#college_name')).toHaveValue('c'.repeat(100));
  await page.locator('#college_ceeb').fill('4488');
  await expect.poll(() => serverAnswer(page, 'college_ceeb')).toBe('4488');
  expect(await serverAnswer(page, 'college_name')).toBe('c'.repeat(100));
});

test('an answer the server refuses is named at its field, and every other answer is stored', async ({
  page,
}) => {
  await openAbout(page);
  const singleLine =
    'Keep this answer on one line, without line breaks, tabs or other control characters.';
  // A control character pasted into a name: the server refuses that answer alone.
  await page.locator('#last_name').fill('Lovelace');
  await page.locator('#first_name').click();
  await page.keyboard.insertText('A\u0007da');
  await expect(page.getByText(singleLine)).toBeVisible();
  await expect.poll(() => serverAnswer(page, 'last_name')).toBe('Lovelace');
  expect(await serverAnswer(page, 'first_name')).toBeUndefined();

  // Later answers are stored as ever; the refused one is not sent again while unchanged.
  await page.locator('#middle_name').fill('King');
  await expect.poll(() => serverAnswer(page, 'middle_name')).toBe('King');
  await expect(page.getByText(singleLine)).toBeVisible();

  // Corrected, the name is stored and its error goes.
  await page.locator('#first_name').fill('Ada');
  await expect.poll(() => serverAnswer(page, 'first_name')).toBe('Ada');
  await expect(page.getByText(singleLine)).toHaveCount(0);
});

test('tabbing through a step on a small screen never leaves the focused field under the save state at the foot of the window', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await openAbout(page);
  // A saved answer: the bar at the foot shows its state over an opaque background.
  await page.locator('#first_name').fill('Ada');
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  const bar = saveStatus(page).locator('..');
  await page.locator('#first_name').focus();

  const checked: string[] = [];
  let scrolledByTab = 0;
  // Every focusable control of the step lies before the bar; the walk ends when focus passes it.
  for (let presses = 0; presses < 400; presses += 1) {
    const scrolledBefore = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Tab');
    const focus = await bar.evaluate((element) => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body) return null;
      if (
        element.contains(focused) ||
        (element.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      ) {
        return { passed: true, name: '', bottom: 0, barTop: 0, stuck: false };
      }
      const barBox = element.getBoundingClientRect();
      return {
        passed: false,
        name: focused.id === '' ? focused.outerHTML.slice(0, 80) : `#${focused.id}`,
        bottom: focused.getBoundingClientRect().bottom,
        barTop: barBox.top,
        stuck: Math.abs(barBox.bottom - window.innerHeight) < 1,
      };
    });
    if (focus === null) continue;
    if (focus.passed) break;
    // Stuck at the foot of the window the bar covers whatever is under it; the focused field
    // must end above its top edge.
    expect(focus.stuck, `the save state is at the foot of the window at ${focus.name}`).toBe(true);
    expect(focus.bottom, `${focus.name} ends above the save state`).toBeLessThanOrEqual(
      focus.barTop + 0.5,
    );
    checked.push(focus.name);
    if ((await page.evaluate(() => window.scrollY)) > scrolledBefore) scrolledByTab += 1;
  }
  // The walk met many fields, and many of them only came into view by the Tab itself.
  expect(checked.length).toBeGreaterThan(20);
  expect(scrolledByTab).toBeGreaterThan(5);
});

test('unsaved answers wait in this browser without the Social Security number', async ({
  page,
}) => {
  await openAbout(page);
  await failSaves(page);
  await page.locator('#first_name').fill('Rosalind');
  await page.locator('#ssn').fill('123456789');
  await expect(saveStatus(page)).toHaveText('Not saved');
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('admit.pendingAnswers:'))
      .map((key) => localStorage.getItem(key) ?? ''),
  );
  expect(kept).toHaveLength(1);
  expect(JSON.parse(kept[0] ?? '{}')).toMatchObject({ answers: { first_name: 'Rosalind' } });
  expect(kept[0]).not.toContain('ssn');
  expect(kept[0]).not.toContain('123456789');
  expect(kept[0]).not.toContain('123-45-6789');
});

test('tabs learn of each other’s saves: an untouched field takes the newer answer, an unsaved one says another tab saved', async ({
  page,
}) => {
  await openAbout(page);
  const other = await page.context().newPage();
  await other.goto('/about');
  await expectStep(other, '/about', 'Personal Info');

  // Saved in one tab, the answer appears in the other, which had not touched it.
  await page.locator('#first_name').fill('Augusta');
  await expect.poll(() => serverAnswer(page, 'first_name')).toBe('Augusta');
  await expect(other.locator('#first_name')).toHaveValue('Augusta');

  // The other tab's edit of a field cannot be saved yet; this tab saves something else there.
  await other.route('**/api/answer', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
  );
  await other.locator('#last_name').fill('King');
  await expect(saveStatus(other)).toHaveText('Not saved');
  await page.locator('#last_name').fill('Lovelace');
  await expect.poll(() => serverAnswer(page, 'last_name')).toBe('Lovelace');
  const notice =
    'Another tab saved a different answer to this question. The answer shown here is not saved yet; when it is, it replaces that one.';
  await expect(other.locator('#last_name')).toHaveValue('King');
  await expect(other.locator('#last_name')).toHaveAccessibleDescription(new RegExp(notice));
  // A notice, not an error: nothing is wrong with the answer.
  await expect(other.locator('#last_name')).not.toHaveAttribute('aria-invalid', 'true');

  // Once the other tab can save again, its answer replaces that one and the notice goes.
  await other.unroute('**/api/answer');
  await other.getByRole('button', { name: 'Retry' }).first().click();
  await expect.poll(() => serverAnswer(page, 'last_name')).toBe('King');
  await expect(other.getByText(notice)).toHaveCount(0);
  await expect(page.locator('#last_name')).toHaveValue('King');
  await other.close();
});
