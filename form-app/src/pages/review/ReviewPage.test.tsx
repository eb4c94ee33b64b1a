/** The /review page: check your answers, and the characters the PDF cannot print. */
import { type PrintModel } from '@admit/form-model';
import { createIntl } from 'react-intl';
import { catalogues } from 'virtual:admit-catalogues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { returningApplicant } from '../../testing/fakeServer.ts';
import { type RenderedApp, renderFormLayout } from '../../testing/harness.tsx';
import { answeredSteps } from './checkAnswers.ts';
import { unprintableSentence } from './unprintable.ts';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
  vi.restoreAllMocks();
});

const LOADED = { timeout: 15_000 };

describe('check your answers on /review', () => {
  it('lists the answered questions by step with a Change link that lands on the field, focused', async () => {
    const server = returningApplicant({
      first_name: 'Ada',
      last_name: 'Lovelace',
      ssn: '123-45-6789',
      us_citizen: 'Y',
    });
    app = await renderFormLayout('/review', { loggedIn: true });
    const answers = page.getByRole('region', { name: 'Your answers' });
    await expect.element(answers, LOADED).toBeVisible();
    await expect
      .element(answers.getByRole('heading', { level: 2, name: 'Personal Info' }))
      .toBeVisible();

    // Questions are terms, answers their definitions; the SSN masked as in the PDF.
    const terms = answers.getByRole('term');
    await expect.element(terms.getByText('First Name', { exact: true })).toBeVisible();
    await expect.element(answers.getByText('XXX-XX-6789')).toBeVisible();
    expect(answers.element().textContent).not.toContain('123-45-6789');
    // Only what is answered: a blank question is not listed.
    await expect.element(terms.getByText('Middle Name', { exact: true })).not.toBeInTheDocument();
    // A step with nothing answered says so, with its link.
    await expect
      .element(answers.getByRole('link', { name: 'Go to Academic History' }))
      .toBeVisible();

    const change = answers.getByRole('link', { name: 'Change Last Name', exact: true });
    await expect.element(change).toHaveAttribute('href', '/about#last_name');
    await expect.element(change).toHaveTextContent(/^Change/);
    await userEvent.click(change);
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Personal Info' }), LOADED)
      .toBeVisible();
    await vi.waitFor(() => {
      expect(document.activeElement?.id).toBe('last_name');
    }, LOADED);
    expect(app.router.state.location.pathname).toBe('/about');
    expect(server.unexpected).toEqual([]);
  });
});

describe('answeredSteps', () => {
  const model: PrintModel = {
    steps: [
      {
        title: 'Personal Info',
        sections: [
          {
            title: 'Your Name',
            blocks: [
              {
                kind: 'question',
                key: 'first_name',
                label: 'First Name',
                answer: { kind: 'text', text: 'Ada' },
              },
              {
                kind: 'question',
                key: 'middle_name',
                label: 'Middle Name',
                answer: { kind: 'blank' },
              },
              { kind: 'info', text: 'As on your passport.' },
            ],
          },
          {
            title: 'Demographics',
            blocks: [
              {
                kind: 'question',
                key: 'race',
                label: 'Race',
                answer: {
                  kind: 'choices',
                  choices: [
                    { label: 'Asian', checked: true },
                    { label: 'White', checked: true },
                    { label: 'Other', checked: false },
                  ],
                },
              },
              {
                kind: 'question',
                key: 'us_citizen',
                label: 'Citizen?',
                answer: {
                  kind: 'choices',
                  choices: [
                    { label: 'Yes', checked: true },
                    { label: 'No', checked: false },
                  ],
                },
              },
            ],
          },
          {
            title: 'Military',
            blocks: [{ kind: 'checkbox', key: 'military_none', label: 'None', checked: false }],
          },
        ],
      },
      {
        title: 'Academic History',
        sections: [
          {
            title: 'Colleges Attended',
            blocks: [
              { kind: 'group', heading: 'College 1' },
              {
                kind: 'question',
                key: 'college_name',
                label: 'College',
                answer: { kind: 'text', text: 'MSU' },
              },
              { kind: 'group', heading: 'College 2' },
              {
                kind: 'question',
                key: 'college_name_2',
                label: 'College',
                answer: { kind: 'blank' },
              },
              {
                kind: 'question',
                key: 'college_file_2',
                label: 'Transcript',
                answer: { kind: 'document', fileName: 'a.pdf' },
              },
            ],
          },
        ],
      },
      {
        title: 'Submit',
        sections: [
          {
            title: 'Certification',
            blocks: [{ kind: 'checkbox', key: 'certify', label: 'I certify.', checked: false }],
          },
        ],
      },
    ],
  };

  it('keeps every answered question by step, section and group, and nothing unanswered', () => {
    expect(answeredSteps(model, 'Yes')).toEqual([
      {
        title: 'Personal Info',
        sections: [
          {
            title: 'Your Name',
            parts: [{ rows: [{ key: 'first_name', label: 'First Name', value: 'Ada' }] }],
          },
          {
            title: 'Demographics',
            parts: [
              {
                rows: [
                  { key: 'race', label: 'Race', value: ['Asian', 'White'] },
                  { key: 'us_citizen', label: 'Citizen?', value: 'Yes' },
                ],
              },
            ],
          },
        ],
      },
      {
        title: 'Academic History',
        sections: [
          {
            title: 'Colleges Attended',
            parts: [
              {
                heading: 'College 1',
                rows: [{ key: 'college_name', label: 'College', value: 'MSU' }],
              },
              {
                heading: 'College 2',
                rows: [{ key: 'college_file_2', label: 'Transcript', value: 'a.pdf' }],
              },
            ],
          },
        ],
      },
      { title: 'Submit', sections: [] },
    ]);
  });
});

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
    const intl = createIntl({ locale: 'en', messages: catalogues.en });
    expect(unprintableSentence({ step: 'Personal Info', label: 'City', characters }, intl)).toBe(
      'Your answer to City contains 4 characters our PDF cannot print: “\uE000” at the start, “\uE001” after “a”, “\uE002” after “a”, and 1 more.',
    );
  });
});
