/**
 * Journey 2 (SPEC §6): a visitor types an answer and is sent to /signup carrying it;
 * after sign-up, confirm and login the answer is there, and it is saved to the account.
 */
import { baseUrl, expect, logIn, signUpAndConfirm, test, uniqueUsername } from './fixtures.ts';
import { expectStep, stepButton } from './support/application.ts';

test('a visitor’s answer travels through sign-up, confirm and login into the new account', async ({
  page,
}) => {
  const username = uniqueUsername('visitor');
  await page.goto('/about');
  await expectStep(page, '/about', 'Personal Info');
  await page.locator('#first_name').fill('Marie');
  await page.locator('#last_name').fill('Curie');

  // SPEC §2/§6: with an answer typed, Save and Continue goes to /signup carrying the answers.
  await stepButton(page, 'Save and Continue').click();
  await expect(page).toHaveURL(/\/signup$/);

  await signUpAndConfirm(page, username);
  await logIn(page, username);
  await expectStep(page, '/about', 'Personal Info');
  await expect(page.locator('#first_name')).toHaveValue('Marie');
  await expect(page.locator('#last_name')).toHaveValue('Curie');

  // The carried answers are saved to the account, not only shown.
  await expect
    .poll(async () => {
      const response = await page.request.get(`${baseUrl()}/api/profile`);
      const profile = (await response.json()) as { answer: Record<string, unknown> };
      return [profile.answer.first_name, profile.answer.last_name];
    })
    .toEqual(['Marie', 'Curie']);
  await page.reload();
  await expect(page.locator('#first_name')).toHaveValue('Marie');
});
