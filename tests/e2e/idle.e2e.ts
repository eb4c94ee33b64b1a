/**
 * Journey 4 (SPEC §4/§8/§9): the inactivity timeout on a fast clock. At 14:00 idle
 * the "Are you still there?" modal warns (60 s before the 15 min timeout); at 15:00 the
 * applicant is logged out to /login with the automatic-logout message; "Yes" keeps the session.
 */
import { expect, MESSAGES, signUpAndConfirmApi, test, uniqueUsername } from './fixtures.ts';
import { expectStep } from './support/application.ts';

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await signUpAndConfirmApi(page.request, uniqueUsername('idle'));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
});

test('the idle warning appears 60 s before the timeout, then the applicant is logged out', async ({
  page,
}) => {
  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
  await page.clock.fastForward('13:50');
  await expect(warning).toBeHidden();
  await page.clock.fastForward('00:11');
  await expect(warning).toBeVisible();

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.autoLogout)).toBeVisible();
  // Logged out for real: the form pages no longer know the applicant.
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
});

test('"Yes" keeps the session', async ({ page }) => {
  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
  await page.clock.fastForward('14:01');
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: /^Yes/ }).click();
  await expect(warning).toBeHidden();

  // A full minute later (past the first timeout) the applicant is still in, with no warning.
  await page.clock.fastForward('01:30');
  await expect(page).toHaveURL(/\/about$/);
  await expect(warning).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  // And the warning comes back only after another 14 quiet minutes.
  await page.clock.fastForward('12:40');
  await expect(warning).toBeVisible();
});

test('"No" logs out at once', async ({ page }) => {
  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
  await page.clock.fastForward('14:01');
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: /^No/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
});
