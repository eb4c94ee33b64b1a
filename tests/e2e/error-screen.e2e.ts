/**
 * SPEC §8's root error screen, made true and no dead end: a page that cannot load (its code did
 * not arrive, as after a deployment or on a lost connection) shows "Something went wrong.",
 * reports the error to the server, which logs it with the page and the release and without
 * answers, says "has been logged" once it has, offers "Try again" (rendered anew, then loaded
 * anew) and the college's contact.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import {
  expect,
  expectNoAxeViolations,
  saveAnswersApi,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS, expectStep } from './support/application.ts';
import { SERVER_LOG, SHOTS_DIR } from './support/paths.ts';

const LOGGED =
  'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.';

interface ReportLine {
  msg: string;
  release?: string;
  clientError?: { page: string; name: string; message: string; frames: string[] };
}

/** The server's log lines of error-screen reports. */
async function reportLines(): Promise<ReportLine[]> {
  return (await readFile(SERVER_LOG, 'utf8'))
    .split('\n')
    .filter((line) => line.includes('browser: the error screen showed'))
    .map((line) => JSON.parse(line) as ReportLine);
}

test('a page whose code does not arrive shows the error screen, which reports it, says so, and offers Try again and the contact', async ({
  page,
}) => {
  const username = uniqueUsername('error-screen');
  await signUpAndConfirmApi(page.request, username);
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');

  const before = (await reportLines()).length;
  // The review's code cannot be fetched.
  await page.route('**/assets/ReviewPage-*.js', (route) => route.abort());
  await page
    .getByRole('region', { name: 'Before you submit' })
    .getByRole('link', { name: 'Review your application' })
    .click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Something went wrong.' }),
  ).toBeVisible();
  // Said once the server has the report, and only then.
  await expect(page.getByText(LOGGED, { exact: true })).toBeVisible();
  const reports = (await reportLines()).slice(before);
  expect(reports).toHaveLength(1);
  expect(reports[0]?.msg).toBe('browser: the error screen showed on /review');
  expect(reports[0]?.release).toMatch(/^\d+\.\d+\.\d+/);
  expect(reports[0]?.clientError?.page).toBe('/review');
  const logged = JSON.stringify(reports[0]);
  expect(logged).not.toContain(username);
  expect(logged).not.toContain(COMPLETE_ANSWERS.first_name);

  const contact = page.getByRole('region', { name: /^Contact the .* Admissions Office$/ });
  await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(contact.getByRole('link', { name: /\d/ })).toHaveAttribute('href', /^tel:/);
  await page.screenshot({ path: join(SHOTS_DIR, 'error-screen-1280.png'), fullPage: true });
  await expectNoAxeViolations(page, 'the root error screen');

  // Try again: the page is rendered anew; its code still cannot load, so the screen stays and
  // the same error is not reported twice. The second time the page is loaded anew.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Something went wrong.' }),
  ).toBeVisible();
  await page.unroute('**/assets/ReviewPage-*.js');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong.' })).toHaveCount(
    0,
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await reportLines()).slice(before)).toHaveLength(1);
});
