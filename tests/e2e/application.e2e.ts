/**
 * Journey 1: sign up, read the code from /dev/mail, confirm, log in, fill every
 * required answer on the three steps, upload a PNG and a PDF, submit, reach /completion,
 * download the PDF and find the answers in it.
 */
import { readFile } from 'node:fs/promises';

import { type Page } from '@playwright/test';

import { expect, logIn, MESSAGES, signUpAndConfirm, test, uniqueUsername } from './fixtures.ts';
import {
  APPLICANT,
  expectStep,
  fillAcademicHistory,
  fillPersonalInfo,
  fillSubmitStep,
  stepButton,
} from './support/application.ts';
import { answerFileChoosers, type FilePayload, makePdf, makePng } from './support/files.ts';
import { pdfText } from './support/pdfText.ts';

/** Text of the essay PDF: the application PDF appends converted documents. */
const ESSAY_LINE = 'Why Gallatin: the welding lab and the mountains.';

/** Uploads through "Choose file" (the native chooser is answered by Playwright). */
async function upload(page: Page, nextFile: (file: FilePayload) => void, file: FilePayload) {
  nextFile(file);
  await page.locator('#decision_essay_file').click();
  // SPEC §4: conversion is polled every 2 s; the file then shows with a delete action.
  await expect(page.getByRole('button', { name: `Delete ${file.name}` })).toBeVisible({
    timeout: 20_000,
  });
}

test('an applicant signs up, fills every required answer, uploads, submits and downloads the PDF', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const username = uniqueUsername('journey');
  const nextFile = answerFileChoosers(page);

  await page.goto('/signup');
  await signUpAndConfirm(page, username);
  await logIn(page, username);
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.getByText('You have successfully logged in.')).toBeVisible();

  await fillPersonalInfo(page);

  // The decision essay's upload tab: a PNG, deleted after confirmation, then a PDF.
  await page.getByRole('tab', { name: 'Upload a document' }).click();
  await expect(page.getByRole('tab', { name: 'Upload a document' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await upload(page, nextFile, { name: 'essay.png', mimeType: 'image/png', buffer: makePng() });
  await page.getByRole('button', { name: 'Delete essay.png' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete essay.png?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Choose file' })).toBeVisible();
  await upload(page, nextFile, {
    name: 'essay.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf([ESSAY_LINE]),
  });

  await stepButton(page, 'Save and Continue').click();
  await fillAcademicHistory(page);
  await stepButton(page, 'Save and Continue').click();
  await fillSubmitStep(page);
  await stepButton(page, 'Submit').click();

  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you for applying to Gallatin College',
  );
  await expect(page.getByText(MESSAGES.submitted).first()).toBeVisible();

  // SPEC §2: a submitted applicant is always sent to /completion.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/completion$/);

  const link = page.getByRole('link', { name: 'Download a PDF copy of your application' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
  const { text, numPages } = await pdfText(await readFile(await download.path()));

  for (const answer of [
    APPLICANT.firstName,
    APPLICANT.lastName,
    APPLICANT.street,
    APPLICANT.city,
    APPLICANT.zip,
    APPLICANT.phone,
    APPLICANT.entryTerm,
    APPLICANT.goal,
    APPLICANT.parentEducation,
    APPLICANT.highSchool,
    '[X] None of these',
    ESSAY_LINE,
  ]) {
    expect(text, `the application PDF shows "${answer}"`).toContain(answer);
  }
  expect(text).toMatch(/\[X\] Yes/);
  expect(numPages).toBeGreaterThanOrEqual(2);
});
