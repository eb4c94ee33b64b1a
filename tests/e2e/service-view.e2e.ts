/**
 * Journey 5 (SPEC §1/§6): a staff member opens a service token's link and reads the
 * application print-style, read-only: [X]/[ ] for choices, no navigation, popover, header,
 * footer or buttons. The token comes from the staff CLI against the same DATA_DIR. Also the
 * service view's axe check and screenshots (every route, 1280 and 375 px).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  saveAnswersApi,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS } from './support/application.ts';
import { ROOT, SCREENSHOTS_DIR } from './support/paths.ts';

const ADMIN = join(ROOT, 'scripts', 'admin.mjs');

test.describe('service view', () => {
  test.skip(
    !existsSync(ADMIN),
    'scripts/admin.mjs (the staff CLI that prints a service token link) does not exist yet',
  );

  let serviceUrl = '';

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const username = uniqueUsername('service');
    const applicant = await playwright.request.newContext();
    await signUpAndConfirmApi(applicant, username);
    await saveAnswersApi(applicant, COMPLETE_ANSWERS);
    await applicant.dispose();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [ADMIN, 'service-token', username],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_ORIGIN: baseUrl() },
        timeout: 90_000,
      },
    );
    const link = /https?:\/\/\S*service_token=\S+/.exec(stdout)?.[0];
    expect(link, `a service token link in the CLI's output:\n${stdout}`).toBeDefined();
    serviceUrl = link ?? '';
  });

  test('shows the application print-style with [X]/[ ] and nothing to click', async ({ page }) => {
    await page.goto(serviceUrl);
    const printout = page.getByRole('article');
    await expect(printout).toBeVisible();
    await expect(printout.getByText('Grace Hopper')).toBeVisible();
    const text = (await printout.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('[X] Yes');
    expect(text).toContain('[ ] No');
    expect(text).toContain('[X] None of these');
    expect(text).toContain('12 College Street');
    // SPEC §6: no navigation bar, account popover, header, footer or buttons.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });

  for (const width of [1280, 375]) {
    test(`has no WCAG 2.2 A/AA violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(serviceUrl);
      await expect(page.getByRole('article')).toBeVisible();
      await page.screenshot({
        path: join(SCREENSHOTS_DIR, `service-view-${width}.png`),
        fullPage: true,
      });
      await expectNoAxeViolations(page, `the service view at ${width} px`);
    });
  }
});
