/**
 * Journey 3 (SPEC §2): an empty application submitted while logged in shows the
 * validation summary; every link goes to /{page}#{key} and moves focus to that field.
 */
import { expect, MESSAGES, signUpAndConfirmApi, test, uniqueUsername } from './fixtures.ts';
import { expectStep, stepButton } from './support/application.ts';

/** What an empty application lacks (SPEC §5; tenant-config's "requires exactly" test), by page. */
const MISSING: Record<string, readonly string[]> = {
  about: [
    'first_name',
    'last_name',
    'mailing_country',
    'mailing_address_line_1',
    'mailing_city',
    'phone_home',
    'us_citizen',
    'entry_term',
    'parent_education',
  ],
  education: ['diploma_ged'],
  'final-steps': [
    'crime_no',
    'pending_no',
    'charges_no',
    'register',
    'certify_checkbox',
    'obligation_checkbox',
    'legal_agree',
  ],
};

test('every validation summary link focuses its field', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndConfirmApi(page.request, uniqueUsername('summary'));
  await page.goto('/final-steps');
  await expectStep(page, '/final-steps', 'Submit');
  await stepButton(page, 'Submit').click();

  // SPEC §4: errors send the applicant to the default route, where the summary shows.
  await expectStep(page, '/about', 'Personal Info');
  const summary = page.getByRole('region', { name: MESSAGES.summaryTitle });
  await expect(summary).toBeVisible();
  const links = summary.getByRole('link');
  const expected = Object.entries(MISSING).flatMap(([route, keys]) =>
    keys.map((key) => `/${route}#${key}`),
  );
  await expect(links).toHaveCount(expected.length);
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  expect([...hrefs].sort()).toEqual([...expected].sort());

  for (const href of hrefs) {
    const [path = '', key = ''] = href.split('#');
    await summary.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect
      .poll(
        () =>
          page.evaluate((wanted) => {
            const active = document.activeElement;
            if (active === null) return 'nothing';
            return active.id === wanted || active.closest(`[id="${wanted}"]`) !== null
              ? wanted
              : `${active.tagName.toLowerCase()}#${active.id}`;
          }, key),
        { message: `focus after following ${href}` },
      )
      .toBe(key);
  }
});
