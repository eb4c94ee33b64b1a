import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { mockApiOf, pageMeta } from './pageStory.tsx';

/**
 * /review: check your answers (every answered question as its PDF prints it,
 * each with a Change link to its field), a link back to each step, and a draft PDF, opened
 * from "Review your application" on the last step.
 */
const meta = {
  ...pageMeta,
  title: 'Pages/Review',
  // Not in pageMeta: Storybook's indexer reads tags from this file, and the docs page would
  // render every story at once, against one mocked server.
  tags: ['!autodocs'],
  args: { initialPath: '/final-steps' },
  // Spelled out here: Storybook's docs plugin writes this file's own `parameters` over the
  // spread ones.
  parameters: { ...pageMeta.parameters, applicant: 'reviewing' },
} satisfies Meta<typeof pageMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pages load their college's later steps on demand: give a slow machine time. */
const LOADED = { timeout: 20_000 };
const REVIEW = 'Review your application';
const ANSWERS = 'Your answers';

/** Opened from the last step: the saved answers as printed, the SSN masked; a draft PDF made. */
export const ReviewAndDraftPdf: Story = {
  play: async ({ canvas, loaded }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Submit' }, LOADED);
    await userEvent.click(await canvas.findByRole('link', { name: REVIEW }, LOADED));
    await canvas.findByRole('heading', { level: 1, name: REVIEW }, LOADED);
    const review = within(canvas.getByRole('region', { name: ANSWERS }));
    await expect(review.getByRole('heading', { level: 2, name: 'Personal Info' })).toBeVisible();
    await expect(review.getByText('XXX-XX-6789')).toBeVisible();
    await expect(review.queryByText('123-45-6789')).toBeNull();
    await expect(review.getByText('Bozeman High School')).toBeVisible();
    await expect(review.getByRole('link', { name: 'Go to Academic History' })).toHaveAttribute(
      'href',
      '/education',
    );

    const api = mockApiOf(loaded);
    await userEvent.click(canvas.getByRole('button', { name: 'Download a draft PDF' }));
    await canvas.findByText('Your draft PDF is downloading.', {}, LOADED);
    await waitFor(async () => {
      await expect(
        api.requests.filter((request) => request.path === '/api/pdf').length,
      ).toBeGreaterThan(0);
    });
  },
};

/** The server could not make the PDF: the review says so beside the button. */
export const DraftPdfFails: Story = {
  parameters: { applicant: 'reviewingPdfFails' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Submit' }, LOADED);
    await userEvent.click(await canvas.findByRole('link', { name: REVIEW }, LOADED));
    await canvas.findByRole('heading', { level: 1, name: REVIEW }, LOADED);
    await userEvent.click(canvas.getByRole('button', { name: 'Download a draft PDF' }));
    // The page's alert, not the (empty) region its error toasts would show in.
    const message = await canvas.findByText(/Your draft PDF could not be made/, {}, LOADED);
    const alert = message.closest('[role="alert"]');
    await expect(alert).not.toBeNull();
    await expect(alert).toHaveTextContent('Your draft PDF could not be made');
    await expect(alert).toHaveTextContent(
      "We've encountered an unexpected error at this time. Please try again later.",
    );
  },
};

/** A visitor's review: the answers in the tab; a draft PDF needs an account. */
export const Visitor: Story = {
  args: { initialPath: '/review' },
  parameters: { applicant: 'visitor' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: REVIEW }, LOADED);
    await expect(canvas.getByRole('link', { name: 'created an account' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Download a draft PDF' })).toBeNull();
  },
};

/**
 * An answer with a character no font of the PDF draws: the review says which answer, quotes
 * the character after the text before it, links to its step, and says what to do. Part of the
 * page under its own heading (axe checks its contrast), and Submit stays open.
 */
export const UnprintableCharacter: Story = {
  parameters: { applicant: 'reviewingUnprintable' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Submit' }, LOADED);
    await userEvent.click(await canvas.findByRole('link', { name: REVIEW }, LOADED));
    await canvas.findByRole('heading', { level: 1, name: REVIEW }, LOADED);
    const warning = canvas.getByRole('region', { name: 'Some characters will not print' });
    await expect(warning).toHaveTextContent(
      'Your answer to City contains a character our PDF cannot print: “\uE000” after “Bost”.',
    );
    await expect(
      within(warning).getByRole('link', { name: 'Change your answer to City' }),
    ).toHaveAttribute('href', '/about');
    await expect(warning).toHaveTextContent('You can also submit your application as it is');
    await expect(canvas.getByRole('link', { name: 'Back to Submit' })).toBeVisible();
  },
};

/**
 * Check your answers: each answered question with a Change link named after it; following one
 * goes to its step with the field focused.
 */
export const ChangeAnAnswer: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Submit' }, LOADED);
    await userEvent.click(await canvas.findByRole('link', { name: REVIEW }, LOADED));
    await canvas.findByRole('heading', { level: 1, name: REVIEW }, LOADED);
    const review = within(await canvas.findByRole('region', { name: ANSWERS }, LOADED));
    await expect(review.getAllByRole('term')[0]).toHaveTextContent('First Name');
    await expect(review.getByText('Bozeman High School')).toBeVisible();
    const change = review.getByRole('link', { name: 'Change Last Name' });
    await expect(change).toHaveAttribute('href', '/about#last_name');
    await userEvent.click(change);
    await canvas.findByRole('heading', { level: 1, name: 'Personal Info' }, LOADED);
    await waitFor(async () => {
      await expect(canvas.getByDisplayValue('Lovelace')).toHaveFocus();
    }, LOADED);
  },
};
