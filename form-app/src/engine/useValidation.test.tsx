/**
 * Validation of the form's shape: errors are named by SPEC's flat keys, shown
 * at the field inside its add-another group (an item of the Final Form array), and linked from
 * the validation summary by the flat key, the field's element id (SPEC §2).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';

import { returningApplicant, returningProfile } from '../testing/fakeServer.ts';
import { type RenderedApp, renderFormLayout } from '../testing/harness.tsx';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.restoreAllMocks();
});

describe('validating answers inside add-another groups', () => {
  it('shows a second college’s error at its field, and the summary links to it', async () => {
    const answer = {
      college_name: 'First',
      college_2_name: 'Second',
      college_2_credits_attempted: 'x',
    };
    const server = returningApplicant(answer, {
      'GET /api/profile': {
        ...returningProfile(answer, { logins: 2 }),
        // The status is the count of distinct entries: two are validating.
        web_status: [{ web_status: 'started' }, { web_status: 'validating' }],
      },
      'GET /api/add-another': { college: 2 },
    });
    app = await renderFormLayout('/education', { loggedIn: true });
    const credits = page.getByRole('textbox', { name: 'Credits attempted' });
    await expect.element(credits.nth(1), { timeout: 15_000 }).toBeVisible();
    // At the field of the second group, which the form names `groups.college[1]…`.
    const field = document.getElementById('college_2_credits_attempted');
    expect(field).not.toBeNull();
    await expect.element(credits.nth(1)).toHaveAttribute('aria-invalid', 'true');
    await expect.element(credits.nth(1)).toHaveAccessibleDescription(/Enter a number\./);
    await expect.element(credits.nth(0)).not.toHaveAttribute('aria-invalid', 'true');
    // The summary's link names the flat key, the field's id.
    const link = page.getByRole('link', { name: 'Enter a number.' });
    await expect.element(link).toHaveAttribute('href', '/education#college_2_credits_attempted');
    expect(server.unexpected).toEqual([]);
  });
});
