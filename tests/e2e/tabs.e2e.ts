/**
 * A tab switch that would erase typed text or an uploaded document asks
 * first, in a dialog naming what will be deleted; the tab labels fit a 375 px phone.
 */
import { type Page } from '@playwright/test';

import { expect, signUpAndConfirmApi, test, uniqueUsername } from './fixtures.ts';
import { expectStep } from './support/application.ts';
import { answerFileChoosers, makePng } from './support/files.ts';
import { holdRequests } from './support/hold.ts';

const ESSAY_QUESTION = 'Why have you chosen Gallatin College?';

async function openAbout(page: Page, label: string): Promise<void> {
  await signUpAndConfirmApi(page.request, uniqueUsername(label));
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
}

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name });
}

test('switching away from typed text or an uploaded document asks first, naming it', async ({
  page,
}) => {
  const nextFile = answerFileChoosers(page);
  await openAbout(page, 'tabs');
  await page.locator('#decision_essay').fill('The welding lab.');

  await tab(page, 'Upload a document').click();
  let dialog = page.getByRole('alertdialog', { name: 'Switch to “Upload a document”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Your answer to “${ESSAY_QUESTION}”`);
  // Cancel keeps the tab and the text.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab(page, 'Type your answer')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#decision_essay')).toHaveValue('The welding lab.');

  await tab(page, 'Upload a document').click();
  await dialog.getByRole('button', { name: 'Delete and switch' }).click();
  await expect(tab(page, 'Upload a document')).toHaveAttribute('aria-selected', 'true');

  nextFile({ name: 'essay.png', mimeType: 'image/png', buffer: makePng() });
  await page.locator('#decision_essay_file').click();
  await expect(page.getByRole('button', { name: 'Delete essay.png' })).toBeVisible({
    timeout: 20_000,
  });

  await tab(page, 'Type your answer').click();
  dialog = page.getByRole('alertdialog', { name: 'Switch to “Type your answer”?' });
  await expect(dialog).toContainText('The uploaded document “essay.png” (Your essay)');
  await dialog.getByRole('button', { name: 'Delete and switch' }).click();
  await expect(tab(page, 'Type your answer')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#decision_essay')).toHaveValue('');

  // Nothing to lose: the switch happens without asking.
  await tab(page, 'Upload a document').click();
  await expect(tab(page, 'Upload a document')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Choose file' })).toBeVisible();
});

function uploadInProgress(page: Page) {
  return page.getByRole('dialog', { name: 'File Upload in Progress' });
}

test('a switch while the document is still uploading waits for it, and the upload completes (SPEC §4)', async ({
  page,
}) => {
  const nextFile = answerFileChoosers(page);
  await openAbout(page, 'tabs-uploading');
  await tab(page, 'Upload a document').click();
  await expect(tab(page, 'Upload a document')).toHaveAttribute('aria-selected', 'true');

  // The upload's first request waits: the server knows of no conversion yet.
  const release = await holdRequests(page, '**/api/presigned-url');
  const asked = page.waitForRequest('**/api/presigned-url');
  nextFile({ name: 'essay.png', mimeType: 'image/png', buffer: makePng() });
  await page.locator('#decision_essay_file').click();
  await asked;

  await tab(page, 'Type your answer').click();
  const dialog = uploadInProgress(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Please wait until the file upload has completed.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab(page, 'Upload a document')).toHaveAttribute('aria-selected', 'true');

  release();
  await expect(page.getByRole('button', { name: 'Delete essay.png' })).toBeVisible({
    timeout: 20_000,
  });
  // Once it is done, the switch asks as before, naming the document.
  await tab(page, 'Type your answer').click();
  await expect(
    page.getByRole('alertdialog', { name: 'Switch to “Type your answer”?' }),
  ).toContainText('The uploaded document “essay.png” (Your essay)');
});

test('a switch while the documents are being fetched waits for them (SPEC §4)', async ({
  page,
}) => {
  await openAbout(page, 'tabs-fetching');
  await tab(page, 'Upload a document').click();
  await expect(page.getByRole('button', { name: 'Choose file' })).toBeVisible();

  // Back on the page, the upload tab is the stored choice and its documents are asked for.
  const release = await holdRequests(page, '**/api/document-answer');
  const asked = page.waitForRequest('**/api/document-answer');
  await page.reload();
  await expectStep(page, '/about', 'Personal Info');
  await asked;
  await tab(page, 'Type your answer').click();
  await expect(uploadInProgress(page)).toBeVisible();
  await uploadInProgress(page).getByRole('button', { name: 'OK' }).click();
  await expect(tab(page, 'Upload a document')).toHaveAttribute('aria-selected', 'true');

  // Once they are in, nothing is lost by switching: it goes ahead without asking.
  release();
  await page.waitForResponse('**/api/document-answer');
  await tab(page, 'Type your answer').click();
  await expect(tab(page, 'Type your answer')).toHaveAttribute('aria-selected', 'true');
  await expect(uploadInProgress(page)).toBeHidden();
});

test('the tab labels fit a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAbout(page, 'tabs-phone');
  for (const name of ['Type your answer', 'Upload a document']) {
    const box = await tab(page, name).boundingBox();
    expect(box, name).not.toBeNull();
    if (box === null) continue;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(375);
    // The whole label shows: nothing is clipped inside the tab.
    const clipped = await tab(page, name).evaluate(
      (element) => element.scrollWidth > element.clientWidth,
    );
    expect(clipped, `${name} is clipped`).toBe(false);
  }
});
