/**
 * The step pages are valid HTML: the Nu HTML Checker (vnu, the W3C's checker, from the
 * `vnu-jar` devDependency, run with the system's Java) reports no error on /about, /education
 * and /final-steps as the server sends them (the prerendered HTML a visitor gets first), once
 * the app has hydrated them, and as a logged-in applicant has them; and axe finds no WCAG 2.2
 * A/AA violation on the live pages. A `<label for>` that points at an element which is not a
 * form control (the custom select's `div`) is one such error: the label then names nothing for
 * a browser that follows the standard.
 */

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
import { expectNoVnuErrors, vnuErrors } from './support/vnu.ts';

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

/** The page once the app has hydrated it: its heading shown, its first question React's. */
async function hydrated(page: Page, step: Step): Promise<string> {
  await page.goto(step.path);
  await expect(page.getByRole('heading', { level: 1, name: step.heading })).toBeVisible();
  await page.waitForFunction(committedByReact, step.firstKey);
  await expect(page.getByRole('progressbar', { name: 'loading spinner' })).toHaveCount(0);
  return page.content();
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
  expectNoVnuErrors(await vnuErrors(documents));
});

test('the step pages after hydration are valid HTML (vnu: 0 errors) and pass axe', async ({
  page,
}) => {
  const documents: Record<string, string> = {};
  for (const step of STEPS) {
    documents[`${step.path} hydrated`] = await hydrated(page, step);
    await expectNoAxeViolations(page, `${step.path} hydrated (visitor)`, { soft: true });
  }
  expectNoVnuErrors(await vnuErrors(documents));
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
  expectNoVnuErrors(await vnuErrors(documents));
});
