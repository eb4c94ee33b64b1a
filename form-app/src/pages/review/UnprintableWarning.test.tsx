import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { returningApplicant } from '../../testing/fakeServer.ts';
import { type RenderedApp, renderFormLayout } from '../../testing/harness.tsx';
import { unprintableSentence } from './unprintable.ts';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.restoreAllMocks();
});

const LOADED = { timeout: 15_000 };
const WARNING = 'Some characters will not print';

describe('the review: characters the PDF cannot print', () => {
  it('warns in words about each answer with one, and links to the step that asks it', async () => {
    const server = returningApplicant({
      first_name: 'Ada',
      last_name: 'Lovelace 👩‍💻',
      mailing_city: 'Bost\uE000n',
    });
    app = await renderFormLayout('/review', { loggedIn: true });
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Review your application' }), LOADED)
      .toBeVisible();

    // Part of the page, under its own heading: not a live region that interrupts.
    const warning = page.getByRole('region', { name: WARNING });
    await expect.element(warning).toBeVisible();
    await expect
      .element(warning.getByRole('listitem'))
      .toHaveTextContent(
        'Your answer to City contains a character our PDF cannot print: “\uE000” after “Bost”. Change your answer to City',
      );
    await expect
      .element(warning)
      .toHaveTextContent('You can also submit your application as it is');
    // The emoji sequence prints: no warning about the last name.
    await expect.element(warning).not.toHaveTextContent('Last Name');
    expect(warning.element().closest('[role="alert"], [role="status"], [aria-live]')).toBeNull();

    await userEvent.click(warning.getByRole('link', { name: 'Change your answer to City' }));
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Personal Info' }), LOADED)
      .toBeVisible();
    await expect
      .element(page.getByRole('textbox', { name: 'City' }).first())
      .toHaveValue('Bost\uE000n');
    expect(server.unexpected).toEqual([]);
  });

  it('shows no warning when every character prints, in any script', async () => {
    returningApplicant({ first_name: '김민준', last_name: 'สมชาย', mailing_city: 'تهران' });
    app = await renderFormLayout('/review', { loggedIn: true });
    await expect.element(page.getByText('تهران'), LOADED).toBeVisible();
    await expect.element(page.getByRole('region', { name: WARNING })).not.toBeInTheDocument();
  });
});

describe('unprintableSentence', () => {
  it('quotes up to three characters with the text before each, and counts the rest', () => {
    const characters = ['\uE000', '\uE001', '\uE002', '\uE003'].map((character, index) => ({
      character,
      before: index === 0 ? '' : 'a',
    }));
    expect(unprintableSentence({ step: 'Personal Info', label: 'City', characters })).toBe(
      'Your answer to City contains 4 characters our PDF cannot print: “\uE000” at the start, “\uE001” after “a”, “\uE002” after “a”, and 1 more.',
    );
  });
});
