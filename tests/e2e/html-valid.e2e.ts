/**
 * The step pages are valid HTML: the Nu HTML Checker (vnu, the W3C's checker, from the
 * `vnu-jar` devDependency, run with the system's Java) reports no error on /about, /education
 * and /final-steps as the server sends them (the prerendered HTML a visitor gets first), once
 * the app has hydrated them, and as a logged-in applicant has them; and axe finds no WCAG 2.2
 * A/AA violation on the live pages. A `<label for>` that points at an element which is not a
 * form control (the custom select's `div`) is one such error: the label then names nothing for
 * a browser that follows the standard.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { committedByReact } from './support/react.ts';

/** The checker's jar, as the npm package ships it. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface Step {
  path: string;
  heading: string;
  /** A question the step opens with: once React has committed it, the page has hydrated. */
  firstKey: string;
}

const STEPS: readonly Step[] = [
  { path: '/about', heading: 'Personal Info', firstKey: 'first_name' },
  { path: '/education', heading: 'Academic History', firstKey: 'diploma_ged' },
  { path: '/final-steps', heading: 'Submit', firstKey: 'crime_no' },
];

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Runs vnu once over every document (one Java start for all of them) and returns its errors
 * per document name, each as a line a person can act on. Warnings (advice, such as a
 * redundant role) are not errors and are left out, as `--errors-only` does.
 */
async function vnuErrors(documents: Record<string, string>): Promise<Record<string, string[]>> {
  const folder = mkdtempSync(join(tmpdir(), 'admit-vnu-'));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = join(folder, `${name.replace(/[^a-z0-9-]+/gi, '_')}.html`);
      writeFileSync(file, html);
      return { name, file };
    });
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        'java',
        [
          '-jar',
          VNU_JAR,
          '--format',
          'json',
          '--stdout',
          '--errors-only',
          '--exit-zero-always',
          ...files.map((f) => f.file),
        ],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error !== null) reject(new Error(`vnu did not run: ${error.message}\n${stderr}`));
          else resolve(stdout);
        },
      );
    });
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const errors: Record<string, string[]> = {};
    for (const { name, file } of files) {
      errors[name] = messages
        .filter((m) => m.type === 'error' && m.url?.endsWith(file) === true)
        .map((m) => `line ${String(m.lastLine ?? '?')}: ${m.message} «${m.extract ?? ''}»`);
    }
    // A message about no document (the checker itself failing) must not pass unseen.
    const stray = messages.filter((m) => !files.some((f) => m.url?.endsWith(f.file) === true));
    expect(stray, 'vnu reported something about no checked document').toEqual([]);
    return errors;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The page once the app has hydrated it: its heading shown, its first question React's. */
async function hydrated(page: Page, step: Step): Promise<string> {
  await page.goto(step.path);
  await expect(page.getByRole('heading', { level: 1, name: step.heading })).toBeVisible();
  await page.waitForFunction(committedByReact, step.firstKey);
  await expect(page.getByRole('progressbar', { name: 'loading spinner' })).toHaveCount(0);
  return page.content();
}

function expectNoErrors(errors: Record<string, string[]>): void {
  for (const [name, list] of Object.entries(errors)) {
    expect.soft(list, `vnu errors in ${name}:\n${list.join('\n')}`).toEqual([]);
  }
}

test('the step pages as served are valid HTML (vnu: 0 errors)', async ({ request }) => {
  const documents: Record<string, string> = {};
  for (const step of STEPS) {
    const response = await request.get(`${baseUrl()}${step.path}`);
    expect(response.ok(), `GET ${step.path} answered ${String(response.status())}`).toBe(true);
    const html = await response.text();
    // The prerendered step, not the loading shell: the heading is in the HTML.
    expect(html, `${step.path} is sent already rendered`).toContain(step.heading);
    documents[`${step.path} as served`] = html;
  }
  expectNoErrors(await vnuErrors(documents));
});

test('the step pages after hydration are valid HTML (vnu: 0 errors) and pass axe', async ({
  page,
}) => {
  const documents: Record<string, string> = {};
  for (const step of STEPS) {
    documents[`${step.path} hydrated`] = await hydrated(page, step);
    await expectNoAxeViolations(page, `${step.path} hydrated (visitor)`, { soft: true });
  }
  expectNoErrors(await vnuErrors(documents));
});

test('the step pages of a logged-in applicant are valid HTML (vnu: 0 errors) and pass axe', async ({
  page,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('html-valid'));
  const documents: Record<string, string> = {};
  for (const step of STEPS) {
    // A logged-in applicant resumes at the stored last page (SPEC §2): make it this one.
    const stored = await page.request.put(`${baseUrl()}/api/last-page`, {
      data: { last_page: step.path.slice(1) },
      headers: { Origin: baseUrl() },
    });
    expect(stored.ok(), `PUT /api/last-page ${step.path}`).toBe(true);
    documents[`${step.path} logged in`] = await hydrated(page, step);
    await expectNoAxeViolations(page, `${step.path} (logged in)`, { soft: true });
  }
  expectNoErrors(await vnuErrors(documents));
});
