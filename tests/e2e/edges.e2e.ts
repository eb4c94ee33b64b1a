/**
 * Nothing lost or hidden at the edges of a session: answers typed just before the tab closes
 * still reach the server, and leaving while a save has failed asks first.
 */
import { type Page } from '@playwright/test';

import { baseUrl, expect, signUpAndConfirmApi, test, uniqueUsername } from './fixtures.ts';
import { expectStep } from './support/application.ts';

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
  await page.route('**/api/answer', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
  );
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
