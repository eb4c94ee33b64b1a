/**
 * Journey 6 (SPEC §2/§6/§8): the session ends on the server while the applicant is
 * filling in the form; the next call answers 401 and the app lands on /login with the
 * session-invalid message.
 */
import {
  baseUrl,
  expect,
  MESSAGES,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { expectStep, stepButton } from './support/application.ts';

test('a session invalidated mid-way lands on /login with the session-invalid message', async ({
  page,
  playwright,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('session'));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.locator('#first_name').fill('Rosalind');
  // Nothing in flight: the next call the applicant makes is the first to meet the ended session.
  await page.waitForLoadState('networkidle');

  // Log out through the API in another request context holding the same session cookie.
  const cookies = await page.context().cookies();
  const other = await playwright.request.newContext({
    extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  const logout = await other.get(`${baseUrl()}/api/logout`);
  expect(logout.status()).toBe(200);
  await other.dispose();

  await stepButton(page, 'Save and Continue').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionInvalid)).toBeVisible();
});

test('a reload after the session ended lands on /login with the session-invalid message', async ({
  page,
  playwright,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('session-reload'));
  // The first visit posts "started" and records the last page. Those calls must be answered
  // before the session ends: one answered 401 after it clears the cookies in this browser, and
  // a reload before the app has moved to /login then shows the form to a visitor (on a busy
  // machine, networkidle came before the app had sent them).
  const lastPageRecorded = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/last-page') && response.request().method() === 'PUT',
  );
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  expect((await lastPageRecorded).status()).toBe(200);
  await page.waitForLoadState('networkidle');

  const cookies = await page.context().cookies();
  const other = await playwright.request.newContext({
    extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  expect((await other.get(`${baseUrl()}/api/logout`)).status()).toBe(200);
  await other.dispose();

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionInvalid)).toBeVisible();
});
