import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { fakeServer } from '../testing/fakeServer.ts';
import { type RenderedApp, renderFormLayout } from '../testing/harness.tsx';
import { afterOtherTabSaved, OTHER_TAB_SAVED_MESSAGE, SAVES_CHANNEL } from './useSaving.ts';

describe('afterOtherTabSaved (tabs learn of each other’s saves)', () => {
  it('takes the newer answer where this tab has no unsaved edit, and names the fields where it has one', () => {
    const saved = { first_name: 'Ada', last_name: 'Byron', city: 'London' };
    // last_name typed here and unsaved; city on its way to the server; first_name untouched.
    const current = { first_name: 'Ada', last_name: 'King', city: 'Paris', zip: '' };
    const sending = { city: 'Paris' };
    expect(
      afterOtherTabSaved(saved, current, sending, {
        first_name: 'Augusta',
        last_name: 'Lovelace',
        city: 'Bath',
        zip: '59715',
      }),
    ).toEqual({ take: { first_name: 'Augusta', zip: '59715' }, conflicts: ['last_name', 'city'] });
  });

  it('does nothing where both tabs already show the same answer', () => {
    expect(
      afterOtherTabSaved(
        {},
        { first_name: 'Ada' },
        {},
        { first_name: 'Ada', optin_sms_ind: false },
      ),
    ).toEqual({ take: {}, conflicts: [] });
  });
});

describe('the notice at a field another tab saved', () => {
  let app: RenderedApp | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
    vi.restoreAllMocks();
  });

  it('is said beside the hint, not as an error: the field is not marked invalid (regression: the notice looked like a refusal)', async () => {
    // The autosave cannot reach the server: the answer typed here stays unsaved.
    fakeServer({
      'GET /api/profile': {
        answer: { first_name: 'Ada', last_name: 'Byron' },
        document_answer: {},
        username: 'ada@example.edu',
        last_page: '',
        successful_login: [{ logged_in_at: '2026-01-05T10:00:00Z' }],
        web_status: [{ web_status: 'started' }],
      },
      'GET /api/tabs': {},
      'GET /api/add-another': {},
      'GET /api/document-answer': {},
      'PUT /api/last-page': { message: 'Saved.' },
    });
    app = await renderFormLayout('/about', { loggedIn: true });
    // The applicant's own (a parent's "Last Name" comes later on the page).
    const input = await vi.waitFor(
      () => {
        const found = document.getElementById('last_name');
        if (found === null) throw new Error('the step has not rendered yet');
        return found;
      },
      { timeout: 15_000 },
    );
    const lastName = page.elementLocator(input);
    await expect.element(lastName).toHaveValue('Byron');
    await userEvent.fill(lastName, 'King');

    const otherTab = new BroadcastChannel(SAVES_CHANNEL);
    try {
      otherTab.postMessage({ username: 'ada@example.edu', answers: { last_name: 'Lovelace' } });
      await expect
        .element(lastName)
        .toHaveAccessibleDescription(new RegExp(OTHER_TAB_SAVED_MESSAGE.slice(0, 40)));
    } finally {
      otherTab.close();
    }
    await expect.element(lastName).toHaveValue('King');
    await expect.element(lastName).not.toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByTestId('error-icon')).not.toBeInTheDocument();
  });
});
