/**
 * The admissions office, end to end (docs/operations/office.md): an applicant submits an
 * application with a document; a staff member added with the staff CLI signs in at /office
 * with the password and the current code of their authenticator app, finds the application by
 * its reference, opens it (the SSN masked), downloads its PDF and the document, exports the
 * day's submissions (the SSN masked), reveals the SSN as an officer; and the audit log, in the
 * office and through `admin audit`, lists each of those steps.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type APIRequestContext, type Page } from '@playwright/test';
import { TOTP, URI } from 'otpauth';

import {
  baseUrl,
  expect,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS } from './support/application.ts';
import { makePdf } from './support/files.ts';
import { ROOT, SHOTS_DIR } from './support/paths.ts';

const SSN = '219-09-9999';
const MASKED = 'XXX-XX-9999';
const STAFF_PASSWORD = 'Office-Journey-Passphrase-2027';
const DOCUMENT_NAME = 'why-gallatin.pdf';
/** The steps the Done-when of the office names, as the audit log writes them. */
const STEPS = [
  'sign_in',
  'list',
  'view',
  'download_pdf',
  'download_document',
  'export',
  'ssn_reveal',
] as const;

/**
 * The staff CLI on the journeys' server: its DATA_DIR (so its database and data key), as an
 * operator runs `npm run admin -- …` beside a running server. `input` is standard input.
 */
function admin(
  args: string[],
  input = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'admin.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_ORIGIN: baseUrl() },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

/** An applicant's submitted application with a PDF for its essay; answers its reference. */
async function submittedApplication(request: APIRequestContext, lastName: string): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`${baseUrl()}${path}`, {
      data,
      headers: { Origin: baseUrl() },
    });
    expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response;
  };
  await signUpAndConfirmApi(request, uniqueUsername('office-applicant'));
  await saveAnswersApi(request, { ...COMPLETE_ANSWERS, last_name: lastName, ssn: SSN });
  // The essay as a document, uploaded as the browser does: a presigned form, then the check.
  const presigned = (await (
    await post('/api/presigned-url', { answer_key: 'decision_essay_file' })
  ).json()) as { url: string; fields: Record<string, string> };
  const upload = await request.post(presigned.url, {
    headers: { Origin: baseUrl() },
    multipart: {
      ...presigned.fields,
      'Content-Type': 'application/pdf',
      file: {
        name: DOCUMENT_NAME,
        mimeType: 'application/pdf',
        buffer: await makePdf(['Why Gallatin College', 'Because it is close to home.']),
      },
    },
  });
  expect(upload.ok(), `upload: ${upload.status()} ${await upload.text()}`).toBe(true);
  await post('/api/pdf/document-answer/decision_essay_file', {
    file_key: presigned.fields.key,
    file_name: DOCUMENT_NAME,
  });
  // Converted before the submit, as the app waits: the application PDF includes the document.
  await expect
    .poll(
      async () => {
        const status = await request.get(
          `${baseUrl()}/api/pdf/document-answer/decision_essay_file`,
        );
        return ((await status.json()) as { status: string }).status;
      },
      { message: 'the document converted', timeout: 60_000 },
    )
    .toBe('completed');
  const tabs = await request.put(`${baseUrl()}/api/tabs`, {
    data: { tab_id: 'decision_essay', chosen_tab: 'upload' },
    headers: { Origin: baseUrl() },
  });
  expect(tabs.ok()).toBe(true);
  await submitApi(request);
  const receipt = await request.get(`${baseUrl()}/api/receipt`);
  expect(receipt.ok()).toBe(true);
  return ((await receipt.json()) as { reference_number: string }).reference_number;
}

/** Clicks what starts a download; answers the downloaded file's bytes and name. */
async function downloaded(
  page: Page,
  start: () => Promise<void>,
): Promise<{ bytes: Buffer; name: string }> {
  const started = page.waitForEvent('download');
  await start();
  const download = await started;
  const path = await download.path();
  return { bytes: await readFile(path), name: download.suggestedFilename() };
}

/** Today in the college's time zone (the office's dates are the college's days). */
function collegeToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(new Date());
}

test('a staff member added by the CLI finds, opens, downloads, exports and reveals, and the audit log lists each step', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  const lastName = `Office${Date.now().toString(36)}`;
  const applicant = await playwright.request.newContext();
  const reference = await submittedApplication(applicant, lastName);
  await applicant.dispose();

  // The staff member, added as the operator would: the password on standard input.
  const email = `officer-${Date.now().toString(36)}@gallatin.example`;
  const added = await admin(['staff', 'add', email, '--role', 'officer'], `${STAFF_PASSWORD}\n`);
  expect(added.code, added.stderr).toBe(0);
  const totp = URI.parse(added.stdout.trim());
  if (!(totp instanceof TOTP)) throw new Error(`staff add printed no TOTP URI: ${added.stdout}`);

  // Sign-in with the password and the app's current code.
  await page.goto('/office/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel(/^Password\W*$/).fill(STAFF_PASSWORD);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totp.generate());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();

  // Found by its reference.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(reference);
  await page.getByRole('textbox', { name: 'Search', exact: true }).press('Enter');
  const table = page.getByRole('table', { name: 'Applications' });
  const link = table.getByRole('link', { name: reference });
  await expect(link).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: join(SHOTS_DIR, 'office-search-1280.png') });

  // Opened: the applicant's name, the SSN masked.
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);
  await expect(page.getByText(MASKED).first()).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain(SSN);
  await page.screenshot({ path: join(SHOTS_DIR, 'office-application-1280.png'), fullPage: true });

  // The application PDF and the document, downloaded.
  const pdf = await downloaded(page, () =>
    page.getByRole('link', { name: 'Download PDF' }).click(),
  );
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const document = await downloaded(page, () =>
    page.getByRole('link', { name: DOCUMENT_NAME }).click(),
  );
  expect(document.name).toBe(DOCUMENT_NAME);
  expect(document.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // An officer reveals the full number.
  await page.getByRole('button', { name: 'Show SSN' }).click();
  await expect(page.getByText(SSN)).toBeVisible();

  // The day's submissions exported, the SSN masked.
  await page.getByRole('link', { name: 'Back to applications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  // The list keeps its search: cleared, the export takes the dates alone.
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill('');
  await search.press('Enter');
  const today = collegeToday();
  await page.getByLabel('Submitted from').fill(today);
  await page.getByLabel('Submitted to').fill(today);
  await expect(page.getByLabel('Include full SSNs')).not.toBeChecked();
  const csv = await downloaded(page, () =>
    page.getByRole('button', { name: 'Export CSV' }).click(),
  );
  const text = csv.bytes.toString('utf8');
  const row = text.split(/\r?\n/).find((line) => line.includes(reference));
  expect(row, text.slice(0, 500)).toBeDefined();
  expect(row).toContain(MASKED);
  expect(text).not.toContain(SSN);
  // The export asked for the day's submissions, without the earlier search.
  const exports = await page.request.get(`${baseUrl()}/office/api/audit?action=export`);
  expect(exports.ok()).toBe(true);
  const [newest] = ((await exports.json()) as { rows: { details: Record<string, unknown> }[] })
    .rows;
  expect(newest?.details).toMatchObject({ from: today, to: today, ssn: 'masked' });
  expect(newest?.details).not.toHaveProperty('q');

  // The office's audit page lists each step, this staff member's.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Staff', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Staff', exact: true }).press('Enter');
  // Each action in the words of the office's catalogue (office-app/src/locales).
  const catalogue = JSON.parse(
    await readFile(join(ROOT, 'office-app', 'src', 'locales', 'en', 'office.json'), 'utf8'),
  ) as Record<string, string>;
  const said = (step: string) => catalogue[`office.audit.action.${step}`] ?? step;
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: said('ssn_reveal') })).toHaveCount(1);
  const shown = await log.innerText();
  for (const step of STEPS) expect(shown, step).toContain(said(step));
  await page.screenshot({ path: join(SHOTS_DIR, 'office-audit-1280.png'), fullPage: true });

  // And the CLI lists them too, each on the application where it has one.
  const audit = await admin(['audit', '--staff', email]);
  expect(audit.code, audit.stderr).toBe(0);
  const lines = audit.stdout.trim().split('\n');
  const actions = new Set(lines.map((line) => line.split('\t')[2]));
  for (const step of STEPS) expect(actions, step).toContain(step);
  for (const step of ['view', 'download_pdf', 'download_document', 'ssn_reveal'])
    expect(
      lines.some((line) => line.split('\t')[2] === step && line.split('\t')[3] === reference),
      step,
    ).toBe(true);
  expect(audit.stdout).not.toContain(SSN);
});
