/**
 * What every journey shares: the server's address, the dev mailbox, accounts made through the
 * UI or (for journeys that do not test sign-up) straight through the API, and the axe check.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';

/** A password SPEC §5 and the server's common-password list both accept. */
export const PASSWORD = 'Gallatin-Valley-2027';

/** SPEC §8 and §2 messages, word for word. */
export const MESSAGES = {
  submitted: 'Your application was successfully submitted.',
  sessionInvalid: 'Your session is invalid. Please clear your cookies and login again.',
  autoLogout: 'You have been automatically logged out due to inactivity.',
  idleTitle: 'Are you still there?',
  summaryTitle: 'We are missing some information!',
} as const;

/** The WCAG 2.2 A/AA rule sets axe knows. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (url === undefined)
    throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
}

let counter = 0;
/** A fresh e-mail address for one account of one run. */
export function uniqueUsername(label: string): string {
  counter += 1;
  return `e2e-${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The dev mailbox (GET /dev/mail), newest first. */
export async function readMail(request: APIRequestContext, to: string, limit = 5): Promise<Mail[]> {
  const response = await request.get(`${baseUrl()}/dev/mail`, {
    params: { to, limit: String(limit) },
  });
  expect(response.ok(), `GET /dev/mail answered ${response.status()}`).toBe(true);
  return (await response.json()) as Mail[];
}

/**
 * The newest confirmation code mailed to `to`, waiting for it to arrive. `notBefore` skips
 * codes already seen (a resend, or a second sign-up).
 */
export async function newestCode(
  request: APIRequestContext,
  to: string,
  notBefore?: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const [mail] = (await readMail(request, to, 1)).filter((m) =>
          /confirmation code/i.test(m.subject),
        );
        const found = mail === undefined ? undefined : /\b(\d{6})\b/.exec(mail.text)?.[1];
        code = found !== undefined && found !== notBefore ? found : undefined;
        return code;
      },
      { message: `a confirmation code mailed to ${to}`, timeout: 10_000 },
    )
    .toBeDefined();
  return code ?? '';
}

/** A POST as the SPA makes it: JSON, from the app's own origin (the server's cross-site guard). */
async function postJson(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(`${baseUrl()}${path}`, {
    data,
    headers: { Origin: baseUrl() },
  });
  expect(
    response.ok(),
    `POST ${path} answered ${response.status()}: ${await response.text()}`,
  ).toBe(true);
  return response;
}

/**
 * Signs up, confirms with the mailed code and logs in through the API. With `page.request`
 * the session cookies land in the page's browser context: the page is then logged in.
 */
export async function signUpAndConfirmApi(
  request: APIRequestContext,
  username: string,
  { logIn = true }: { logIn?: boolean } = {},
): Promise<void> {
  await postJson(request, '/public/signup', { username, password: PASSWORD });
  const code = await newestCode(request, username);
  await postJson(request, '/public/confirm', { username, code });
  if (logIn) await postJson(request, '/public/login', { username, password: PASSWORD });
}

/** Saves answers straight through the API (PUT /api/answer) for a logged-in request context. */
export async function saveAnswersApi(
  request: APIRequestContext,
  answers: Record<string, string | boolean>,
): Promise<void> {
  const response = await request.put(`${baseUrl()}/api/answer`, {
    data: answers,
    headers: { Origin: baseUrl() },
  });
  expect(
    response.ok(),
    `PUT /api/answer answered ${response.status()}: ${await response.text()}`,
  ).toBe(true);
}

/** Submits through the API (POST /api/submit, after the web status steps of SPEC §4). */
export async function submitApi(request: APIRequestContext): Promise<void> {
  await postJson(request, '/api/web-status', { web_status: 'started' });
  await postJson(request, '/api/web-status', { web_status: 'validating' });
  await postJson(request, '/api/submit', {});
}

/** Sign-up through the UI: /signup → /confirm (code from the mailbox) → /login. */
export async function signUpAndConfirm(page: Page, username: string): Promise<void> {
  if (!page.url().includes('/signup')) await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign Up', level: 1 })).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Confirm Your Account', level: 1 })).toBeVisible();
  // SPEC §2: /confirm pre-fills the username passed in navigation state.
  await expect(page.locator('#username')).toHaveValue(username);
  const code = await newestCode(page.request, username);
  await page.locator('#code').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account is confirmed. Please log in.')).toBeVisible();
}

/** Log in through the UI from /login; lands on the default route (or the stored last page). */
export async function logIn(page: Page, username: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Runs axe with the WCAG 2.2 A/AA rule sets and fails on any violation, listing each rule,
 * its impact and the offending elements so the report reads without opening a trace.
 */
export async function expectNoAxeViolations(
  page: Page,
  where: string,
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  // What is still fading in (a dialog, a toast) is checked as it ends up, not half-transparent:
  // axe measures colour contrast through the opacity of the moment. A spinner turns for ever.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Only violations are wanted: collecting every passing node costs seconds on a big page.
    .options({ resultTypes: ['violations'] })
    .analyze();
  const report = results.violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > 5 ? `\n      … and ${violation.nodes.length - 5} more` : '';
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  (soft ? expect.soft : expect)(
    results.violations.length,
    `axe WCAG 2.2 A/AA violations on ${where}:\n${report}`,
  ).toBe(0);
}

/** Page errors and failed API calls are printed, so a failing journey says what the app said. */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use, testInfo) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      });
      await use(problems);
      if (problems.length > 0 && testInfo.status !== testInfo.expectedStatus) {
        console.log(`Browser problems in "${testInfo.title}":\n  ${problems.join('\n  ')}`);
      }
    },
    { auto: true },
  ],
});

export { expect };
