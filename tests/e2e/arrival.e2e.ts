/**
 * What a person meets as they arrive at a page: no error toast left over from the page before,
 * error toasts that never cover the header or the step navigation however many stack up, focus
 * on the page's h1 (not on `<body>`) when they come to /review or /completion, and each
 * repeated address a group named by its legend.
 */
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  saveAnswersApi,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS, expectStep, stepButton } from './support/application.ts';
import { SHOTS_DIR } from './support/paths.ts';

/** The close buttons of the "Unexpected Error" toasts a failed Save raises: one per toast. */
function errorToasts(page: Page) {
  return page.getByRole('button', { name: 'Close Unexpected Error' });
}

/** A logged-in applicant on /about whose saves all fail (the server down for PUT /api/answer). */
async function failingSaves(page: Page, label: string): Promise<void> {
  await signUpAndConfirmApi(page.request, uniqueUsername(label));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.route('**/api/answer', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
  );
  await page.locator('#first_name').fill('Rosalind');
}

/** Presses Save until `count` failed saves have each raised their error toast. */
async function raiseErrorToasts(page: Page, count: number): Promise<void> {
  for (let raised = 1; raised <= count; raised += 1) {
    await stepButton(page, 'Save').click();
    await expect(errorToasts(page)).toHaveCount(raised);
  }
}

test('an error toast ends with its page: moving to another step leaves none behind', async ({
  page,
}) => {
  await failingSaves(page, 'toast-ends');
  await raiseErrorToasts(page, 2);

  await page.unroute('**/api/answer');
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /Academic History/ })
    .click();
  await expectStep(page, '/education', 'Academic History');
  await expect(errorToasts(page)).toHaveCount(0);
  await expect(page.getByText('Unexpected Error', { exact: true })).toHaveCount(0);
});

test('stacked error toasts sit under the header and the step navigation, never over them', async ({
  page,
}) => {
  await failingSaves(page, 'toast-stack');
  await raiseErrorToasts(page, 3);

  // At the top of the step (Save sits at its foot), where the header and navigation show.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const header = await page.getByRole('banner').boundingBox();
  const navigation = await page
    .getByRole('navigation', { name: 'Application steps' })
    .boundingBox();
  const first = await errorToasts(page).first().boundingBox();
  expect(header).not.toBeNull();
  expect(navigation).not.toBeNull();
  expect(first).not.toBeNull();
  if (header === null || navigation === null || first === null) return;
  expect(header.y).toBeGreaterThanOrEqual(0);
  // Every toast, the first (topmost) included, starts below the header and its navigation.
  expect(first.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(first.y).toBeGreaterThanOrEqual(navigation.y + navigation.height);
  await page.screenshot({ path: join(SHOTS_DIR, 'arrival-toasts-under-header.png') });
  // The header and navigation stay usable: a step link takes a click.
  await expect(
    page.getByRole('navigation', { name: 'Application steps' }).getByRole('link').first(),
  ).toBeVisible();

  // Scrolled far down the step, the toasts keep to the top of the window, in sight.
  await page.evaluate(() => {
    window.scrollTo(0, 3000);
  });
  await expect
    .poll(async () => (await errorToasts(page).first().boundingBox())?.y ?? -1)
    .toBeGreaterThanOrEqual(0);
  const scrolled = await errorToasts(page).first().boundingBox();
  expect(scrolled?.y ?? Infinity).toBeLessThan(200);
  await page.screenshot({ path: join(SHOTS_DIR, 'arrival-toasts-scrolled.png') });
});

test('arriving at /review moves focus to its h1, not <body>', async ({ page }) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('focus-review'));
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  const stored = await page.request.put(`${baseUrl()}/api/last-page`, {
    data: { last_page: 'final-steps' },
    headers: { Origin: baseUrl() },
  });
  expect(stored.ok()).toBe(true);
  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');

  await page.getByRole('link', { name: 'Review your application' }).first().click();
  await expect(page).toHaveURL(/\/review$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Review your application' });
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
});

test('arriving at /completion after Submit moves focus to its h1, not <body>', async ({ page }) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('focus-completion'));
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');

  await stepButton(page, 'Submit').click();
  await expect(page).toHaveURL(/\/completion$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
});

test('each repeated address is a group named by its legend (fieldset), so its “City” is told apart', async ({
  page,
}) => {
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  const cityIn = (legend: string) =>
    page.getByRole('group', { name: legend, exact: true }).getByRole('textbox', {
      name: 'City',
      exact: true,
    });
  await expect(cityIn('Mailing address')).toHaveAttribute('id', 'mailing_city');
  await page
    .getByRole('group', { name: 'Mailing address', exact: true })
    .screenshot({ path: join(SHOTS_DIR, 'arrival-mailing-address.png') });
  // SPEC §4: the permanent address shows while "same as my mailing address" is unticked.
  await expect(cityIn('Permanent address')).toHaveAttribute('id', 'city');
  await expect(
    page.getByRole('group', { name: 'Mailing address', exact: true }),
  ).toHaveAccessibleDescription('Your mailing address is where letters about your application go.');
  // A parent's address is a group of its own inside the parent's section.
  await expect(page.locator('fieldset:has(#parent_city) > legend')).toHaveText('Address');
  expect(await page.locator('fieldset').evaluateAll((sets) => sets.length)).toBeGreaterThanOrEqual(
    3,
  );
});
