/**
 * The applicant's SSN once saved (SPEC §9, server/README.md "The SSN at rest"): the server
 * sends it back masked (XXX-XX-1234). The browser shows the mask, never saves it back, accepts
 * it as answered at Submit, and takes a new number typed over it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import {
  baseUrl,
  expect,
  saveAnswersApi,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS, expectStep, stepButton } from './support/application.ts';
import { ROOT, SHOTS_DIR } from './support/paths.ts';

const SSN = '219-09-9999';

test('a saved SSN shows masked, is never sent back, and the application submits with it', async ({
  page,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('ssn-masked'));
  await saveAnswersApi(page.request, { ...COMPLETE_ANSWERS, ssn: SSN });
  // Every save the browser sends from here on, as sent.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/answer') && request.method() === 'PUT')
      saves.push(request.postData() ?? '');
  });

  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  const ssn = page.locator('#ssn');
  await expect(ssn).toHaveValue('XXX-XX-9999');
  await page.getByRole('button', { name: 'Show Social Security number' }).click();
  await page.screenshot({ path: join(SHOTS_DIR, 'ssn-masked-1280.png') });
  // A change elsewhere is saved; the SSN is not part of it.
  await page.locator('#first_name').fill('Adaline');
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/education', 'Academic History');

  // By the step links: a fresh load would take the applicant back to their last page.
  const steps = page.getByRole('navigation', { name: 'Application steps' });
  await steps.getByRole('link', { name: 'Submit' }).click();
  await expectStep(page, '/final-steps', 'Submit');
  await stepButton(page, 'Submit').click();
  await expect(page).toHaveURL(/\/completion$/);
  expect(saves.length).toBeGreaterThan(0);
  for (const body of saves) {
    expect(body).not.toContain('XXX-XX');
    expect(body).not.toContain('"ssn"');
  }
});

test('the service view prints the SSN masked', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('ssn-service');
  const applicant = await playwright.request.newContext();
  await signUpAndConfirmApi(applicant, username);
  await saveAnswersApi(applicant, { ...COMPLETE_ANSWERS, ssn: SSN });
  await applicant.dispose();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'scripts', 'admin.mjs'), 'service-token', username],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_ORIGIN: baseUrl() },
      timeout: 90_000,
    },
  );
  await page.goto(/https?:\/\/\S*service_token=\S+/.exec(stdout)?.[0] ?? '');
  const printout = page.getByRole('article');
  await expect(printout).toBeVisible();
  const text = await printout.innerText();
  expect(text).toContain('XXX-XX-9999');
  expect(text).not.toContain('219-09');
});

test('a number typed over the mask replaces the saved one, and comes back masked in turn', async ({
  page,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('ssn-replaced'));
  await saveAnswersApi(page.request, { ...COMPLETE_ANSWERS, ssn: SSN });
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  const ssn = page.locator('#ssn');
  await expect(ssn).toHaveValue('XXX-XX-9999');
  await ssn.click();
  await ssn.press('End');
  await ssn.pressSequentially('078051120');
  await expect(ssn).toHaveValue('078-05-1120');
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/education', 'Academic History');

  // Loaded afresh: the profile sends the new number masked in turn.
  await page.reload();
  await expectStep(page, '/education', 'Academic History');
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: 'Personal Info' })
    .click();
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#ssn')).toHaveValue('XXX-XX-1120');
});
