/**
 * Review before submit: /final-steps offers "Review your application"; /review
 * checks your answers (every answered question as its PDF prints it, the SSN masked, each with
 * a Change link that lands on its field), links back to each step, and downloads a draft PDF
 * marked "DRAFT: not submitted" on every page. Unsaved answers are saved first, so neither the
 * review nor the draft is ever stale. Also the keyboard path, the failure a person can meet
 * (nothing answered), visitors and submitted applicants, and axe at 1280 and 375 px with
 * screenshots (test-results/shots/).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type Download, type Locator, type Page } from '@playwright/test';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  saveAnswersApi,
  signUpAndConfirmApi,
  submitApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { chooseRadio, COMPLETE_ANSWERS, expectStep, stepButton } from './support/application.ts';
import { tabTo } from './support/keyboard.ts';
import { SHOTS_DIR } from './support/paths.ts';
import { type PdfText, pdfText } from './support/pdfText.ts';

const DRAFT_MARK = 'DRAFT: not submitted';
const CONVICTED = 'Have you ever been convicted of any of these crimes, as an adult or a juvenile?';
const CITIZEN = 'Are you a citizen of the United States?';

/** Whitespace does not matter when comparing the review with the PDF's wrapped lines. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The review's answer to the question `label` (its term's definition), lines joined by " | ". */
async function reviewAnswer(review: Locator, label: string): Promise<string> {
  // The first: the applicant's own (a parent's "First Name" comes later).
  const question = review.getByRole('term').getByText(label, { exact: true }).first();
  await expect(question).toBeVisible();
  const answer = question.locator('xpath=following-sibling::dd[1]');
  const lines = await answer.locator('p').allInnerTexts();
  return lines.map((line) => line.trim()).join(' | ');
}

async function openReview(page: Page): Promise<Locator> {
  await expect(page).toHaveURL(/\/review$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Review your application' }),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'loading spinner' })).toHaveCount(0);
  return page.getByRole('region', { name: 'Your answers' });
}

async function draftPdf(download: Download): Promise<PdfText> {
  expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
  return pdfText(await readFile(await download.path()));
}

function expectDraftOnEveryPage(pdf: PdfText): void {
  expect(pdf.numPages).toBeGreaterThan(0);
  pdf.pages.forEach((lines, index) => {
    expect(lines, `page ${index + 1} of the draft says "${DRAFT_MARK}"`).toContain(DRAFT_MARK);
  });
}

test('an applicant reviews the answers as the PDF prints them and downloads a draft PDF', async ({
  page,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('review'));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.locator('#first_name').fill('Ada');
  await page.locator('#last_name').fill('Lovelace');
  await page.locator('#ssn').pressSequentially('123456789');
  await chooseRadio(page, CITIZEN, 'Yes');
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/education', 'Academic History');
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/final-steps', 'Submit');

  // Ticked and reviewed at once, before any autosave: the review must not be stale.
  await page.locator('#crime_no').check();
  const offer = page.getByRole('region', { name: 'Before you submit' });
  await offer.getByRole('link', { name: 'Review your application' }).click();
  const review = await openReview(page);

  const rows = [
    ['First Name', 'Ada'],
    ['Last Name', 'Lovelace'],
    // Masked as in the applicant's PDF: only the last four digits.
    ['Social Security Number', 'XXX-XX-6789'],
  ] as const;
  for (const [label, answer] of rows) expect(await reviewAnswer(review, label)).toBe(answer);
  // A question with choices: the chosen ones (the PDF prints every choice, marked).
  expect(await reviewAnswer(review, CITIZEN)).toBe('Yes');
  expect(await reviewAnswer(review, CONVICTED)).toBe('None of these');
  expect(await review.innerText()).not.toContain('123-45-6789');
  // Only answered questions: the unanswered middle name is not listed.
  await expect(review.getByRole('term').getByText('Middle Name', { exact: true })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download a draft PDF' }).click();
  const pdf = await draftPdf(await downloading);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your draft PDF is downloading.' }),
  ).toBeVisible();

  expectDraftOnEveryPage(pdf);
  const lines = pdf.pages.flat();
  // The review's text is what the PDF's text layer says.
  for (const [label, answer] of rows) expect(lines).toContain(`${label} ${answer}`);
  expect(lines).toContain(`${CITIZEN} [X] Yes [ ] No`);
  // A long question wraps beside its choices in the PDF: the chosen one is marked there.
  const start = pdf.text.indexOf('Have you ever been convicted');
  const printed = squeeze(pdf.text.slice(start, pdf.text.indexOf('Are criminal charges', start)));
  expect(printed).toContain(squeeze('[X] None of these'));
  expect(printed).toContain(squeeze('[ ] Arson'));
  expect(pdf.text).not.toContain('123-45-6789');

  // Back to a step from its heading.
  await review.getByRole('link', { name: 'Go to Personal Info' }).click();
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#first_name')).toHaveValue('Ada');
});

test('check your answers: Change lands on the field, focused, and the review shows the new answer', async ({
  page,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('review-change'));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.locator('#first_name').fill('Ada');
  await page.locator('#last_name').fill('Byron');
  await page.locator('#mailing_city').fill('London');
  // A fresh load of /review resumes at the last page (SPEC §2): go the applicant's way.
  const reviewFromLastStep = async () => {
    await page
      .getByRole('navigation', { name: 'Application steps' })
      .getByRole('link', { name: 'Submit' })
      .click();
    await expectStep(page, '/final-steps', 'Submit');
    await page
      .getByRole('region', { name: 'Before you submit' })
      .getByRole('link', { name: 'Review your application' })
      .click();
    return openReview(page);
  };
  let review = await reviewFromLastStep();
  expect(await reviewAnswer(review, 'Last Name')).toBe('Byron');
  // GOV.UK's summary list: "Change" on screen, the question after it for a screen reader.
  const change = review.getByRole('link', { name: 'Change Last Name', exact: true });
  await expect(change).toHaveAttribute('href', '/about#last_name');
  // The question is there for a screen reader only: clipped to a pixel on screen.
  await expect(change.getByText('Last Name')).toHaveCSS('position', 'absolute');
  await expect(change.getByText('Last Name')).toHaveCSS('width', '1px');
  await page.screenshot({ path: join(SHOTS_DIR, 'review-check-answers-1280.png') });

  await change.click();
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#last_name')).toBeFocused();
  await expect(page.locator('#last_name')).toBeInViewport();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Lovelace');
  review = await reviewFromLastStep();
  expect(await reviewAnswer(review, 'Last Name')).toBe('Lovelace');
  expect(await reviewAnswer(review, 'First Name')).toBe('Ada');

  // A question further down the step: the field scrolls into view, focused.
  await review.getByRole('link', { name: 'Change City', exact: true }).first().click();
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#mailing_city')).toBeFocused();
  await expect(page.locator('#mailing_city')).toBeInViewport();
});

test('the review and its draft PDF work from the keyboard alone', async ({ page }) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('review-keys'));
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');

  await tabTo(page, { tag: 'a', text: 'Review your application' });
  await page.keyboard.press('Enter');
  const review = await openReview(page);
  expect(await reviewAnswer(review, 'First Name')).toBe('Grace');

  await tabTo(page, { tag: 'button', text: 'Download a draft PDF' });
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const pdf = await draftPdf(await downloading);
  expectDraftOnEveryPage(pdf);
  expect(pdf.pages.flat()).toContain('First Name Grace');
  // Focus stays on the button while the PDF is made.
  await expect(page.getByRole('button', { name: 'Download a draft PDF' })).toBeFocused();

  await tabTo(page, { tag: 'a', text: 'Go to Academic History' });
  await page.keyboard.press('Enter');
  await expectStep(page, '/education', 'Academic History');
});

test('a draft PDF of nothing says why it cannot be made', async ({ page }) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('review-empty'));
  await page.goto('/review');
  await openReview(page);
  await page.getByRole('button', { name: 'Download a draft PDF' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your draft PDF could not be made' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(
    'There is nothing to print yet. Answer a question first, then download a draft PDF.',
  );
});

test('a visitor reviews the answers in the tab; a submitted applicant goes to /completion', async ({
  page,
  playwright,
}) => {
  await page.goto('/about');
  await page.locator('#first_name').fill('Mary');
  // A visitor's answers are kept in the tab (sessionStorage) for a reload.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('admit.visitorAnswers') ?? ''))
    .toContain('Mary');
  await page.goto('/review');
  const review = await openReview(page);
  expect(await reviewAnswer(review, 'First Name')).toBe('Mary');
  await expect(page.getByRole('button', { name: 'Download a draft PDF' })).toHaveCount(0);
  await expect(page.getByText('A draft PDF can be downloaded once you have')).toBeVisible();

  const submitted = await playwright.request.newContext();
  await signUpAndConfirmApi(submitted, uniqueUsername('review-submitted'));
  await saveAnswersApi(submitted, COMPLETE_ANSWERS);
  await submitApi(submitted);
  await page.context().addCookies((await submitted.storageState()).cookies);
  await submitted.dispose();
  await page.goto('/review');
  await expect(page).toHaveURL(/\/completion$/);
});

for (const width of [1280, 375]) {
  test(`the offer and the review have no WCAG 2.2 A/AA violations at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signUpAndConfirmApi(page.request, uniqueUsername(`review-a11y-${width}`));
    await saveAnswersApi(page.request, { ...COMPLETE_ANSWERS, ssn: '123-45-6789' });
    await page.goto('/final-steps');
    await expectStep(page, '/final-steps', 'Submit');
    const offer = page.getByRole('region', { name: 'Before you submit' });
    await offer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS_DIR, `final-steps-offer-${width}.png`) });
    await expectNoAxeViolations(page, `/final-steps at ${width} px`);

    await offer.getByRole('link', { name: 'Review your application' }).click();
    await openReview(page);
    await page.screenshot({ path: join(SHOTS_DIR, `review-top-${width}.png`) });
    await page.screenshot({ path: join(SHOTS_DIR, `review-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page, `/review at ${width} px`);

    await page.getByRole('button', { name: 'Download a draft PDF' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your draft PDF is downloading.' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, `/review after the download at ${width} px`);
  });
}

test('an applicant who types a character the PDF cannot print into City is told so on the review, and can still submit', async ({
  page,
}) => {
  await signUpAndConfirmApi(page.request, uniqueUsername('review-unprintable'));
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  // U+E000 is a private-use character: no font of the PDF draws it.
  await page.locator('#mailing_city').fill('Bost\uE000n');
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/education', 'Academic History');
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/final-steps', 'Submit');
  await page
    .getByRole('region', { name: 'Before you submit' })
    .getByRole('link', { name: 'Review your application' })
    .click();
  await openReview(page);

  // In words, as part of the page (under its own heading), never as a code point.
  const warning = page.getByRole('region', { name: 'Some characters will not print' });
  await expect(warning).toContainText(
    'Your answer to City contains a character our PDF cannot print: “\uE000” after “Bost”.',
  );
  await expect(warning).toContainText('type the character another way, or leave it out');
  await expect(warning).toContainText('You can also submit your application as it is');
  expect(await warning.innerText()).not.toMatch(/U\+[0-9A-F]{4}/);
  // Only City: the other answers print.
  await expect(warning.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: join(SHOTS_DIR, 'review-unprintable-1280.png') });
  await expectNoAxeViolations(page, '/review with an unprintable character');

  // The link goes to the step that asks it, where the answer is as typed.
  await warning.getByRole('link', { name: 'Change your answer to City' }).click();
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#mailing_city')).toHaveValue('Bost\uE000n');

  // A warning only: the application is submitted, with the answer stored as typed.
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/education', 'Academic History');
  await stepButton(page, 'Save and Continue').click();
  await expectStep(page, '/final-steps', 'Submit');
  await stepButton(page, 'Submit').click();
  await expect(page).toHaveURL(/\/completion$/);
  const profile = (await (await page.request.get(`${baseUrl()}/api/profile`)).json()) as {
    answer: Record<string, unknown>;
  };
  expect(profile.answer.mailing_city).toBe('Bost\uE000n');
});
