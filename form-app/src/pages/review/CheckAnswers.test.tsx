import { type PrintModel } from '@admit/form-model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { returningApplicant } from '../../testing/fakeServer.ts';
import { type RenderedApp, renderFormLayout } from '../../testing/harness.tsx';
import { answeredSteps, checkAnswersMessages } from './checkAnswers.ts';

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
    const answers = page.getByRole('region', { name: checkAnswersMessages.region });
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
    expect(answeredSteps(model)).toEqual([
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
