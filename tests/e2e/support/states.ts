/**
 * The states the language journeys look at ("Done when" of the Spanish work: a failed login, a
 * weak password at sign-up, a failed Submit's summary, a file of the wrong type, a 401), reached
 * in any language: by ids, roles and addresses, never by an English name.
 */
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

import { baseUrl, PASSWORD, signUpAndConfirmApi, uniqueUsername } from '../fixtures.ts';
import { answerFileChoosers } from './files.ts';

/** The cookie that remembers a browser's language (the server's choice of language). */
const LANGUAGE_COOKIE = 'admit-lang';

/** The page has drawn itself: its h1 shown, no spinner turning, nothing left to fetch. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** A message the page announces (a toast, a notice), shown with some text. */
export async function announced(page: Page): Promise<void> {
  await expect(
    page.locator('[role="alert"], [role="status"]').filter({ hasText: /\S/ }).first(),
  ).toBeVisible();
}

/** The account form's submit button (every account page has one form). */
function submitButton(page: Page) {
  return page.locator('form button[type="submit"]');
}

/** /login with a known address and a wrong password: the refusal is shown. */
export async function failedLogin(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await settled(page);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(`${PASSWORD}-wrong`);
  await submitButton(page).click();
  await announced(page);
}

/**
 * /signup with a password that breaks SPEC §5's rules (the requirement list and the field say
 * so), then with one that meets them but is common (the server refuses it).
 */
export async function weakPasswordAtSignUp(page: Page, step: 'rules' | 'common'): Promise<void> {
  await page.goto('/signup');
  await settled(page);
  await page.locator('#username').fill(uniqueUsername('weak'));
  await page.locator('#password').fill(step === 'rules' ? 'abc' : 'Password123!');
  await submitButton(page).click();
  if (step === 'rules') {
    await expect(page.locator('#password')).toBeFocused();
    await expect(page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
  } else {
    await announced(page);
  }
}

/**
 * A confirmed applicant with nothing answered, logged in in the page's browser. Signed up from
 * a request context of its own: the page's may carry a language (`admit-lang`), and the
 * fixtures find the code by the English mail's subject. The page keeps its language: only the
 * session's cookies are handed over.
 */
export async function freshApplicant(page: Page, label: string): Promise<string> {
  const username = uniqueUsername(label);
  const api = await request.newContext();
  try {
    await signUpAndConfirmApi(api, username);
    const { cookies } = await api.storageState();
    await page.context().addCookies(cookies.filter((cookie) => cookie.name !== LANGUAGE_COOKIE));
  } finally {
    await api.dispose();
  }
  return username;
}

/** Submit on the last step with nothing answered: the summary of what is missing, focused. */
export async function failedSubmit(page: Page): Promise<void> {
  await freshApplicant(page, 'failed-submit');
  await page.goto('/final-steps');
  await settled(page);
  await page.locator('button[id$="-submit"]').click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('section:focus')).toBeVisible();
  await settled(page);
}

/** A file named .pdf whose bytes are plain text, chosen for the essay: refused at its field. */
export async function wrongFileType(page: Page): Promise<void> {
  const nextFile = answerFileChoosers(page);
  await freshApplicant(page, 'wrong-file');
  await page.goto('/about');
  await settled(page);
  const uploadTab = page.locator('[role="tab"][id$="-tab-upload"]');
  await uploadTab.click();
  await expect(uploadTab).toHaveAttribute('aria-selected', 'true');
  nextFile({
    name: 'essay.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Why Gallatin? Because of the welding lab.\n'),
  });
  await page.locator('#decision_essay_file').click();
  await expect(page.locator('#decision_essay_file-error')).toHaveText(/\S/, { timeout: 20_000 });
  await announced(page);
}

/** Ends the page's session on the server, as a logout in another browser would. */
async function endSessionElsewhere(page: Page, request: APIRequestContext): Promise<void> {
  const cookies = await page.context().cookies();
  const response = await request.get(`${baseUrl()}/api/logout`, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
  expect(response.status()).toBe(200);
}

/**
 * A 401: the session ends elsewhere, the next keep-alive is refused, and the app lands on
 * /login saying the session is invalid.
 */
export async function unauthorized(page: Page, request: APIRequestContext): Promise<void> {
  await freshApplicant(page, 'unauthorized');
  await page.goto('/about');
  await settled(page);
  await endSessionElsewhere(page, request);
  const ping = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/profile',
  );
  // Activity, nothing else: the first one sends the keep-alive request.
  await page.getByRole('heading', { level: 1 }).click();
  expect((await ping).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  await settled(page);
  await announced(page);
}
