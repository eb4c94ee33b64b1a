/**
 * A receipt: an applicant submits, the completion page shows the reference
 * number, and the dev mailbox holds the receipt naming the same reference with the submitted
 * application's PDF attached (which prints that reference too). axe finds nothing on the
 * completion page at 1280 and 375 px.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  baseUrl,
  expect,
  expectNoAxeViolations,
  MESSAGES,
  readMail,
  saveAnswersApi,
  signUpAndConfirmApi,
  test,
  uniqueUsername,
} from './fixtures.ts';
import { COMPLETE_ANSWERS, expectStep, stepButton } from './support/application.ts';
import { SHOTS_DIR } from './support/paths.ts';
import { pdfText } from './support/pdfText.ts';

/** Screenshots of the changed page, for people to look at (not committed). */
const REFERENCE = /^[A-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The dev mailbox's view of a mail, with what was attached. */
interface MailWithAttachments {
  subject: string;
  text: string;
  sent_at: string | null;
  attachments: { file_name: string; content_type: string; url: string }[];
}

test('submitting shows the reference number, and the mailed receipt names it with the PDF attached', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const username = uniqueUsername('receipt');
  await signUpAndConfirmApi(page.request, username);
  await saveAnswersApi(page.request, COMPLETE_ANSWERS);

  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');
  await stepButton(page, 'Submit').click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText(MESSAGES.submitted).first()).toBeVisible();

  // The reference number, in a section a screen reader finds by its name.
  const section = page.getByRole('region', { name: 'Your reference number' });
  await expect(section).toBeVisible();
  const shown = section.getByText(REFERENCE);
  await expect(shown).toBeVisible();
  const reference = (await shown.textContent())?.trim() ?? '';
  expect(reference).toMatch(REFERENCE);
  expect(reference.startsWith('GAL-')).toBe(true);

  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(section).toBeVisible();
    await expectNoAxeViolations(page, `/completion at ${width} px`);
    await page.screenshot({
      path: join(SHOTS_DIR, `receipt-completion-${width}.png`),
      fullPage: true,
    });
  }

  // The receipt, sent by the mail worker with the submitted PDF built and attached.
  let receipt: MailWithAttachments | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMail(
          page.request,
          username,
          5,
        )) as unknown as MailWithAttachments[];
        receipt = mails.find((mail) => mail.subject.includes('was received'));
        return receipt?.sent_at ?? null;
      },
      { message: `the receipt mailed to ${username}`, timeout: 30_000 },
    )
    .not.toBeNull();
  if (receipt === undefined) throw new Error('no receipt');
  expect(receipt.subject).toBe(
    `Your application to Gallatin College was received: reference ${reference}`,
  );
  expect(receipt.text).toContain(`Your reference number is ${reference}.`);
  expect(receipt.text).toContain('Thank you for applying to Gallatin College.');
  expect(receipt.attachments).toEqual([
    expect.objectContaining({
      file_name: 'Gallatin-Application-Hopper-Grace.pdf',
      content_type: 'application/pdf',
    }),
  ]);

  const file = await page.request.get(`${baseUrl()}${receipt.attachments[0]?.url ?? ''}`);
  expect(file.ok()).toBe(true);
  const bytes = await file.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Kept beside the screenshots for people to look at.
  writeFileSync(join(SHOTS_DIR, 'receipt-attachment.pdf'), bytes);
  const { text } = await pdfText(bytes);
  expect(text).toContain(reference);
  expect(text).not.toContain('DRAFT');
});
