/**
 * Journey 7: journey 1 with the keyboard only. No mouse click at all: Tab and
 * Shift+Tab move, Space ticks and chooses, arrow keys move within radio groups, tabs and
 * lists, Enter submits, opens and follows; each stop is checked on document.activeElement.
 */
import { readFile } from 'node:fs/promises';

import { expect, newestCode, PASSWORD, test, uniqueUsername } from './fixtures.ts';
import { APPLICANT, expectStep } from './support/application.ts';
import { answerFileChoosers, makePng } from './support/files.ts';
import { tabAndChoose, tabAndLookup, tabAndType, tabTo } from './support/keyboard.ts';
import { pdfText } from './support/pdfText.ts';

test('journey 1 with the keyboard only', async ({ page }) => {
  test.setTimeout(180_000);
  const username = uniqueUsername('keyboard');
  const keys = page.keyboard;
  const nextFile = answerFileChoosers(page);

  // Sign up, confirm, log in: Enter submits each card.
  await page.goto('/signup');
  await tabAndType(page, 'username', username);
  await tabAndType(page, 'password', PASSWORD);
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.locator('#username')).toHaveValue(username);
  await tabAndType(page, 'code', await newestCode(page.request, username));
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await tabAndType(page, 'username', username);
  // Shift+Tab back and forth is part of the way around, too.
  await tabTo(page, { id: 'password' });
  await keys.press('Shift+Tab');
  await expect(page.locator('#username')).toBeFocused();
  await tabAndType(page, 'password', PASSWORD);
  await keys.press('Enter');

  // Step 1, Personal Info.
  await expectStep(page, '/about', 'Personal Info');
  await tabAndType(page, 'first_name', APPLICANT.firstName);
  await tabAndType(page, 'last_name', APPLICANT.lastName);
  await tabAndChoose(page, 'mailing_country', APPLICANT.country);
  await expect(page.locator('#mailing_country')).toHaveText(APPLICANT.country);
  await tabAndType(page, 'mailing_address_line_1', APPLICANT.street);
  await expect(page.locator('#mailing_address_line_1')).toHaveValue(APPLICANT.street);
  await tabAndType(page, 'mailing_city', APPLICANT.city);
  await tabAndChoose(page, 'mailing_state', APPLICANT.state);
  await expect(page.locator('#mailing_state')).toHaveText(APPLICANT.state);
  // The ZIP is the place finder: type, ArrowDown to "Use: …", Enter.
  await tabAndLookup(page, 'mailing_zip', APPLICANT.zip);
  await expect(page.locator('#mailing_zip')).toHaveValue(APPLICANT.zip);
  await tabTo(page, { id: 'mailing_addr_same_as_perm_addr' });
  await keys.press('Space');
  await expect(page.locator('#mailing_addr_same_as_perm_addr')).toBeChecked();
  await tabAndType(page, 'phone_home', APPLICANT.phoneDigits);
  await expect(page.locator('#phone_home')).toHaveValue(APPLICANT.phone);
  await tabTo(page, { id: 'us_citizen' });
  await keys.press('Space');
  await expect(page.locator('#us_citizen')).toBeChecked();
  await tabAndChoose(page, 'entry_term', APPLICANT.entryTerm);
  await expect(page.locator('#entry_term')).toHaveText(APPLICANT.entryTerm);
  await tabAndChoose(page, 'educational_goal', APPLICANT.goal);
  await expect(page.locator('#educational_goal')).toHaveText(APPLICANT.goal);
  await tabAndChoose(page, 'parent_education', APPLICANT.parentEducation);
  await expect(page.locator('#parent_education')).toHaveText(APPLICANT.parentEducation);

  // The essay's upload tab: arrow to it, Enter chooses it; Enter on "Choose file" opens the chooser.
  await tabTo(page, { id: 'tabs-decision_essay-tab-write' });
  await keys.press('ArrowRight');
  await expect(page.locator('#tabs-decision_essay-tab-upload')).toBeFocused();
  await keys.press('Enter');
  await expect(page.locator('#tabs-decision_essay-tab-upload')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await tabTo(page, { id: 'decision_essay_file' });
  nextFile({ name: 'essay.png', mimeType: 'image/png', buffer: makePng() });
  await keys.press('Enter');
  await expect(page.getByRole('button', { name: 'Delete essay.png' })).toBeVisible({
    timeout: 20_000,
  });

  await tabTo(page, { tag: 'button', text: 'Save and Continue' });
  await keys.press('Enter');

  // Step 2, Academic History.
  await expectStep(page, '/education', 'Academic History');
  await tabTo(page, { id: 'diploma_ged' });
  await keys.press('Space');
  await expect(page.locator('#diploma_ged')).toBeChecked();
  await tabAndLookup(page, 'hs_name', APPLICANT.highSchool);
  await expect(page.locator('#hs_name')).toHaveValue(APPLICANT.highSchool);
  await tabAndChoose(page, 'grad_month', APPLICANT.gradMonth);
  await expect(page.locator('#grad_month')).toHaveText(APPLICANT.gradMonth);
  await tabAndChoose(page, 'grad_year', APPLICANT.gradYear);
  await expect(page.locator('#grad_year')).toHaveText(APPLICANT.gradYear);
  await tabTo(page, { tag: 'button', text: 'Save and Continue' });
  await keys.press('Enter');

  // Step 3, Submit.
  await expectStep(page, '/final-steps', 'Submit');
  for (const key of ['crime_no', 'pending_no', 'charges_no']) {
    await tabTo(page, { id: key });
    await keys.press('Space');
    await expect(page.locator(`#${key}`)).toBeChecked();
  }
  await tabTo(page, { id: 'register' });
  // Arrow keys move within a radio group and choose: Yes → No.
  await keys.press('ArrowDown');
  await expect(page.locator('#register-N')).toBeFocused();
  await expect(page.locator('#register-N')).toBeChecked();
  for (const key of ['certify_checkbox', 'obligation_checkbox', 'legal_agree']) {
    await tabTo(page, { id: key });
    await keys.press('Space');
    await expect(page.locator(`#${key}`)).toBeChecked();
  }
  await tabTo(page, { tag: 'button', text: 'Submit' });
  await keys.press('Enter');

  await expect(page).toHaveURL(/\/completion$/);
  await expect(
    page.getByText('Your application was successfully submitted.').first(),
  ).toBeVisible();
  const link = page.getByRole('link', { name: 'Download a PDF copy of your application' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await tabTo(page, { tag: 'a', text: 'Download a PDF copy of your application' });
  const downloading = page.waitForEvent('download');
  await keys.press('Enter');
  const { text, numPages } = await pdfText(await readFile(await (await downloading).path()));
  for (const answer of [
    APPLICANT.firstName,
    APPLICANT.lastName,
    APPLICANT.street,
    APPLICANT.phone,
    APPLICANT.highSchool,
    '[X] None of these',
  ]) {
    expect(text, `the application PDF shows "${answer}"`).toContain(answer);
  }
  // The PNG essay is appended as a page of its own.
  expect(numPages).toBeGreaterThanOrEqual(2);
});
