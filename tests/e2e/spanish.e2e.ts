/**
 * Spanish alongside English, as an applicant gets it: `?lang=es` in a link and a browser that
 * asks for Spanish (Accept-Language) both serve `<html lang="es">`; every route, as served and
 * after hydration, shows no English text of the app's catalogues or the college's questions
 * and has no axe violation; the switch in the header changes the language on every route and
 * keeps what was typed; the states where something goes wrong say so in Spanish; and the mails
 * and the PDF come in the applicant's language.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  MESSAGES,
  PASSWORD,
  readMail,
  saveAnswersApi,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS } from './support/application.ts';
import {
  APPLICANT_ROUTES,
  VISITOR_ROUTES,
  englishIn,
  englishTexts,
  englishShownOn,
  spanishFor,
  switchLanguage,
} from './support/language.ts';
import { SHOTS_DIR } from './support/paths.ts';
import { pdfText } from './support/pdfText.ts';
import {
  failedLogin,
  failedSubmit,
  freshApplicant,
  settled,
  unauthorized,
  weakPasswordAtSignUp,
  wrongFileType,
} from './support/states.ts';

/** SPEC's English messages of the states, word for word (their Spanish is looked up by them). */
const STATE_MESSAGES = {
  loginFailed: 'Incorrect username or password.',
  passwordLength: 'At least 12 characters',
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  fileType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
} as const;

const ENGLISH = englishTexts();

function spanish(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=es`;
}

/** The page is in Spanish and shows no English text of the app's or the college's. */
async function expectSpanish(page: Page, where: string): Promise<void> {
  // Soft: a page left in English says so, and the texts below still name what is left.
  await expect.soft(page.locator('html')).toHaveAttribute('lang', 'es');
  const shown = await englishShownOn(page, ENGLISH);
  expect(shown, `English on ${where} (${page.url()}):\n  ${shown.join('\n  ')}`).toEqual([]);
}

/** Photographs the page at both widths for people to read, checking axe at each. */
async function readAtBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: join(SHOTS_DIR, `spanish-${name}-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoAxeViolations(page, `${name} in Spanish at ${viewport.width} px`, {
      soft: true,
    });
  }
}

test.describe('the language is chosen by a link or by the browser', () => {
  test('GET /about?lang=es serves <html lang="es"> and remembers the choice', async ({
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const first = await request.get(`${baseUrl()}/about?lang=es`);
    expect(first.ok()).toBe(true);
    expect(await first.text()).toMatch(/<html[^>]* lang="es"/);
    // The choice is a cookie: the next page, without the link's ?lang, is Spanish too.
    const next = await request.get(`${baseUrl()}/login`);
    expect(await next.text()).toMatch(/<html[^>]* lang="es"/);
    await request.dispose();
  });

  for (const header of ['es', 'es-MX,es;q=0.9,en;q=0.5']) {
    test(`Accept-Language: ${header} serves <html lang="es">`, async ({ request }) => {
      const response = await request.get(`${baseUrl()}/about`, {
        headers: { 'Accept-Language': header },
      });
      expect(await response.text()).toMatch(/<html[^>]* lang="es"/);
    });
  }

  test('Accept-Language: en, or none, serves English', async ({ request }) => {
    const asked: Record<string, string>[] = [{ 'Accept-Language': 'en-US,en;q=0.9' }, {}];
    for (const headers of asked) {
      const response = await request.get(`${baseUrl()}/about`, { headers });
      expect(await response.text()).toMatch(/<html[^>]* lang="en"/);
    }
  });

  test.describe('a browser set to Spanish', () => {
    test.use({ locale: 'es-MX' });

    test('gets /about in Spanish, after hydration', async ({ page }) => {
      await page.goto('/about');
      await settled(page);
      await expectSpanish(page, '/about for a browser set to Spanish');
    });
  });
});

test.describe('every route in Spanish: no English, axe 0, photographed at 375 and 1280 px', () => {
  for (const route of VISITOR_ROUTES) {
    test(`${route.name}, as a visitor`, async ({ page }) => {
      await page.goto(spanish(route.path));
      await settled(page);
      await expectSpanish(page, route.name);
      await readAtBothWidths(page, route.name);
    });
  }

  for (const route of APPLICANT_ROUTES) {
    test(`${route.name}, logged in`, async ({ page }) => {
      await freshApplicant(page, `es-${route.name}`);
      await page.goto(spanish(route.path));
      await settled(page);
      await expectSpanish(page, route.name);
      await readAtBothWidths(page, route.name);
    });
  }

  test.describe('as served, before any script runs', () => {
    test.use({ javaScriptEnabled: false });

    for (const route of [...VISITOR_ROUTES, { name: 'about', path: '/about' }]) {
      test(`${route.name}: the prerendered page`, async ({ page }) => {
        await page.goto(spanish(route.path));
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectSpanish(page, `${route.name} as served`);
      });
    }
  });
});

test.describe('the switch in the header', () => {
  test('changes the language on every route and keeps what a logged-in applicant typed', async ({
    page,
  }) => {
    await freshApplicant(page, 'es-switch');
    await page.goto('/about');
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.locator('#first_name').fill('Ada');
    // At once: the switch itself saves what was typed before the page comes back.
    await switchLanguage(page, 'es');
    await settled(page);
    await expect(page.locator('#first_name')).toHaveValue('Ada');
    await expectSpanish(page, '/about after the switch');

    // Another route stays in Spanish, and the answer is still there on the way back.
    await page.locator('a[href="/education"]').first().click();
    await expect(page).toHaveURL(/\/education$/);
    await settled(page);
    await expectSpanish(page, '/education after the switch');
    // The lookup arrives in a chunk of its own; a plain text input stands in until then.
    await expect(page.locator('#college_name')).toHaveAttribute('role', 'combobox');
    await page.locator('#college_name').fill('Montana State University');
    await switchLanguage(page, 'en');
    await settled(page);
    // The same route, reloaded in English (the address may keep the switch's ?lang=en).
    await expect(page).toHaveURL(/\/education(\?|$)/);
    await expect(page.locator('#college_name')).toHaveValue('Montana State University');
    await page.locator('a[href="/about"]').first().click();
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#first_name')).toHaveValue('Ada');
  });

  test('keeps what a visitor typed', async ({ page }) => {
    await page.goto('/about');
    await settled(page);
    await page.locator('#first_name').fill('Grace');
    await switchLanguage(page, 'es');
    await settled(page);
    await expect(page.locator('#first_name')).toHaveValue('Grace');
    await switchLanguage(page, 'en');
    await settled(page);
    await expect(page.locator('#first_name')).toHaveValue('Grace');
  });

  test('keeps the e-mail address being typed into the login card, not the password', async ({
    page,
  }) => {
    await page.goto('/login');
    await settled(page);
    await page.locator('#username').fill('grace@example.edu');
    await page.locator('#password').fill('Not-kept-1234');
    await switchLanguage(page, 'es');
    await settled(page);
    await expect(page.locator('#username')).toHaveValue('grace@example.edu');
    await expect(page.locator('#password')).toHaveValue('');
  });

  test('is reached by keyboard on every route', async ({ page }) => {
    await freshApplicant(page, 'es-switch-keys');
    for (const path of ['/login', '/about', '/education', '/final-steps', '/review']) {
      await page.goto(path);
      await settled(page);
      // Tab from the top of the page until the switch has focus, within the header's reach.
      let found = false;
      for (let presses = 0; presses < 15 && !found; presses += 1) {
        await page.keyboard.press('Tab');
        found = await page.evaluate(() => {
          const focused = document.activeElement;
          const name = `${focused?.textContent ?? ''} ${focused?.getAttribute('aria-label') ?? ''}`;
          return /Español|English|Idioma|Language/i.test(name);
        });
      }
      expect(found, `the language switch on ${path} is reached with Tab`).toBe(true);
    }
  });
});

test.describe('each state of "something went wrong" says so in Spanish', () => {
  test('a failed login', async ({ page }) => {
    const username = uniqueUsername('es-login');
    await signUpAndConfirmApi(page.request, username, { logIn: false });
    await page.goto(spanish('/login'));
    await failedLogin(page, username);
    await expect(page.getByText(spanishFor(STATE_MESSAGES.loginFailed)).first()).toBeVisible();
    await expectSpanish(page, 'a failed login');
    await readAtBothWidths(page, 'failed-login');
  });

  test('a password that breaks the rules, and a common one, at sign-up', async ({ page }) => {
    await page.goto(spanish('/signup'));
    await weakPasswordAtSignUp(page, 'rules');
    await expect(page.getByText(spanishFor(STATE_MESSAGES.passwordLength)).first()).toBeVisible();
    await expectSpanish(page, 'a password that breaks the rules');
    await readAtBothWidths(page, 'weak-password-rules');

    await weakPasswordAtSignUp(page, 'common');
    await expect(page.getByText(spanishFor(STATE_MESSAGES.commonPassword)).first()).toBeVisible();
    await expectSpanish(page, 'a common password');
  });

  test('a failed Submit’s summary', async ({ page }) => {
    await page.goto(spanish('/login'));
    await failedSubmit(page);
    await expect(
      page.getByRole('region', { name: spanishFor(MESSAGES.summaryTitle) }),
    ).toBeFocused();
    await expectSpanish(page, 'a failed Submit');
    await readAtBothWidths(page, 'failed-submit');
  });

  test('an upload of a wrong file type', async ({ page }) => {
    await page.goto(spanish('/login'));
    await wrongFileType(page);
    await expect(page.locator('#decision_essay_file-error')).toContainText(
      spanishFor(STATE_MESSAGES.fileType),
    );
    await expectSpanish(page, 'a wrong file type');
    await readAtBothWidths(page, 'wrong-file-type');
  });

  test('a 401: the session ended elsewhere', async ({ page, request }) => {
    await page.goto(spanish('/login'));
    await unauthorized(page, request);
    await expect(page.getByText(spanishFor(MESSAGES.sessionInvalid)).first()).toBeVisible();
    await expectSpanish(page, 'a 401');
    await readAtBothWidths(page, 'unauthorized');
  });
});

test.describe('the validation messages come after the first download', () => {
  test('a birth date too recent says so in Spanish on a first visit: its message is fetched with the date field', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/messages-validation-')) fetched.push(response.url());
    });
    // A new browser context: a cold cache, a visitor's first visit.
    const served = await page.goto(spanish('/about'));
    const html = (await served?.text()) ?? '';
    const block = /<script type="application\/json" id="admit-college">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    const onPage = JSON.parse(block ?? '{}') as {
      messages?: Record<string, unknown>;
      missingAreas?: string[];
    };
    // The page's data block carries the page's texts but not form-model's validation messages.
    expect(Object.keys(onPage.messages ?? {})).toContain('model.error.generic');
    expect(
      Object.keys(onPage.messages ?? {}).filter((id) => id.startsWith('model.validation.')),
    ).toEqual([]);
    expect(onPage.missingAreas).toContain('validation');
    await settled(page);

    // The date picker has taken its placeholder's place once the page was quiet; its first
    // section (the month) takes the typed date.
    const picker = page.getByRole('group', { name: 'Fecha de nacimiento' });
    await picker.getByRole('spinbutton').first().click();
    // 1 January 2020, read either way round: younger than 13 (SPEC §5).
    await page.keyboard.type('01012020');
    await page.keyboard.press('Tab');
    await expect(page.locator('#birth_date-error')).toContainText(
      spanishFor('You must be 13 years or older to apply'),
      { timeout: 20_000 },
    );
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/\/assets\/messages-validation-es-[\w-]+\.json$/);
    await expectSpanish(page, 'a birth date too recent');
  });
});

interface MailWithAttachments {
  subject: string;
  text: string;
  attachments?: { url: string }[];
}

test('the confirmation-code mail, the receipt and the PDF come in Spanish', async ({ page }) => {
  test.setTimeout(150_000);
  const username = uniqueUsername('es-mails');
  // Sign-up through the page in Spanish: the account takes the page's language.
  await page.goto(spanish('/signup'));
  await settled(page);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/confirm$/);

  let code: string | undefined;
  let confirmation: MailWithAttachments | undefined;
  await expect
    .poll(
      async () => {
        [confirmation] = (await readMail(
          page.request,
          username,
          1,
        )) as unknown as MailWithAttachments[];
        code = confirmation === undefined ? undefined : /\b(\d{6})\b/.exec(confirmation.text)?.[1];
        return code;
      },
      { message: `the confirmation code mailed to ${username}`, timeout: 15_000 },
    )
    .toBeDefined();
  // The English mail's subject named the code so ("Your confirmation code"): not this one.
  expect(confirmation?.subject).not.toMatch(/confirmation code/i);
  const mailEnglish = englishIn(
    `${confirmation?.subject ?? ''}\n${confirmation?.text ?? ''}`,
    ENGLISH,
  );
  expect(mailEnglish, `English in the confirmation mail:\n  ${mailEnglish.join('\n  ')}`).toEqual(
    [],
  );

  await page.locator('#code').fill(code ?? '');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login$/);
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  await page.goto('/final-steps');
  await settled(page);
  await page.locator('button[id$="-submit"]').click();
  await expect(page).toHaveURL(/\/completion$/);
  await expectSpanish(page, '/completion');
  await readAtBothWidths(page, 'completion');

  let receipt: MailWithAttachments | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMail(
          page.request,
          username,
          5,
        )) as unknown as MailWithAttachments[];
        receipt = mails.find((mail) => (mail.attachments?.length ?? 0) > 0);
        return receipt?.subject;
      },
      { message: `the receipt mailed to ${username}`, timeout: 30_000 },
    )
    .toBeDefined();
  // What the English receipt says (receipt.e2e.ts), none of it here.
  for (const english of ['was received', 'Your reference number is', 'Thank you for applying'])
    expect(`${receipt?.subject ?? ''}\n${receipt?.text ?? ''}`).not.toContain(english);
  const receiptEnglish = englishIn(`${receipt?.subject ?? ''}\n${receipt?.text ?? ''}`, ENGLISH);
  expect(receiptEnglish, `English in the receipt:\n  ${receiptEnglish.join('\n  ')}`).toEqual([]);

  const file = await page.request.get(`${baseUrl()}${receipt?.attachments?.[0]?.url ?? ''}`);
  expect(file.ok()).toBe(true);
  const { text } = await pdfText(await file.body());
  const pdfEnglish = englishIn(text, ENGLISH);
  expect(pdfEnglish, `English in the PDF:\n  ${pdfEnglish.join('\n  ')}`).toEqual([]);
});
