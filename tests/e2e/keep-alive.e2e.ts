/**
 * Activity keeps the server's session alive with a light request at most
 * about once a minute ("Yes" included), and the idle clock is one across the applicant's tabs,
 * so a tab left alone does not log out another that is in use.
 */
import { type Page, type Request } from '@playwright/test';

import { expect, MESSAGES, signUpAndConfirmApi, test, uniqueUsername } from './fixtures.ts';
import { expectStep } from './support/application.ts';

function isKeepAlive(request: Request): boolean {
  return request.method() === 'GET' && new URL(request.url()).pathname === '/api/profile';
}

async function openAbout(page: Page): Promise<void> {
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.waitForLoadState('networkidle');
}

test('activity sends a keep-alive request at most once a minute, and "Yes" sends one', async ({
  page,
}) => {
  await page.clock.install();
  await signUpAndConfirmApi(page.request, uniqueUsername('keepalive'));
  await openAbout(page);
  let count = 0;
  page.on('request', (request) => {
    if (isKeepAlive(request)) count += 1;
  });

  const first = page.waitForRequest(isKeepAlive);
  await page.getByRole('heading', { level: 1 }).click();
  expect((await (await first).response())?.status()).toBe(200);
  // More activity within the minute sends nothing more.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Tab');
  // `mouse.wheel` returns before Chromium dispatches the event: wait for the page to see it, or
  // under load it lands after the fast-forward below and takes that minute's request.
  await page.evaluate(() => {
    (window as { wheeled?: Promise<void> }).wheeled = new Promise<void>((resolve) => {
      window.addEventListener(
        'wheel',
        () => {
          resolve();
        },
        { once: true, passive: true },
      );
    });
  });
  await page.mouse.wheel(0, 200);
  await page.evaluate(() => (window as { wheeled?: Promise<void> }).wheeled);
  await page.waitForLoadState('networkidle');
  expect(count).toBe(1);

  await page.clock.fastForward('01:01');
  const second = page.waitForRequest(isKeepAlive);
  await page.getByRole('heading', { level: 1 }).click();
  // Its answer moves the session's end on: wait for it whole, and for the page to have read
  // it, or the 14 minutes below start from the end before it and reach the logout.
  const answer = await (await second).response();
  await answer?.finished();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(count).toBe(2);

  // After 14 quiet minutes the warning comes; "Yes" reaches the server.
  await page.clock.fastForward('14:01');
  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });
  await expect(warning).toBeVisible();
  const yes = page.waitForRequest(isKeepAlive);
  await warning.getByRole('button', { name: /^Yes/ }).click();
  expect((await (await yes).response())?.status()).toBe(200);
  await expect(warning).toBeHidden();
});

test('a tab left alone does not log out another tab that is in use', async ({ page }) => {
  const context = page.context();
  await context.clock.install();
  await signUpAndConfirmApi(page.request, uniqueUsername('tabs'));
  await openAbout(page);
  const other = await context.newPage();
  await openAbout(other);
  const warning = page.getByRole('alertdialog', { name: MESSAGES.idleTitle });

  await context.clock.fastForward('10:00');
  // The applicant works in the other tab; the first hears of it. BroadcastChannel delivers on
  // its own (real) time, to the page's channels in the order they were made: the app's first,
  // then this one, made now.
  await page.evaluate(() => {
    const heard = new BroadcastChannel('admit.idle');
    (window as { heard?: Promise<void> }).heard = new Promise<void>((resolve) => {
      heard.onmessage = () => {
        resolve();
      };
    });
  });
  await other.getByRole('heading', { level: 1 }).click();
  await page.evaluate(() => (window as { heard?: Promise<void> }).heard);

  // 20 minutes after the first tab's own last activity, 10 after the other tab's: still in.
  await context.clock.fastForward('10:00');
  // A logout would start now (save, then /api/logout, then /login): give it time to show.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/about$/);
  await expect(warning).toBeHidden();
  await expect(other).toHaveURL(/\/about$/);

  // The one clock warns 14 minutes after the last activity in either tab.
  await context.clock.fastForward('04:01');
  await expect(warning).toBeVisible();
  await other.close();
});
