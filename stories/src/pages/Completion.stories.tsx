import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { REFERENCE_NUMBER } from './mockApi.ts';
import { mockApiOf, pageMeta } from './pageStory.tsx';

/** SPEC §2 /completion: where a submitted applicant always lands, with a PDF of the application. */
const meta = {
  ...pageMeta,
  title: 'Pages/Completion',
  // Not in pageMeta: Storybook's indexer reads tags from this file, and the docs page would
  // render every story at once, against one mocked server.
  tags: ['!autodocs'],
  args: { initialPath: '/completion' },
  // Spelled out here: Storybook's docs plugin writes this file's own `parameters` over the
  // spread ones.
  parameters: { ...pageMeta.parameters, applicant: 'submitted' },
} satisfies Meta<typeof pageMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOADED = { timeout: 20_000 };
const TITLE = 'Thank you for applying to Gallatin College';

/** Submitted, the PDF ready to download. */
export const Submitted: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: TITLE }, LOADED);
    await expect(canvas.getByText('Your application was successfully submitted.')).toBeVisible();
    // The reference number, in a section named for it.
    const reference = await canvas.findByRole('region', { name: 'Your reference number' }, LOADED);
    await expect(reference).toHaveTextContent(REFERENCE_NUMBER);
    await expect(
      await canvas.findByRole('link', { name: 'Download a PDF copy of your application' }, LOADED),
    ).toHaveAttribute('href', '/storage/application.pdf');
  },
};

/** SPEC §2 rule 2: a submitted applicant opening a step is sent to /completion. */
export const SubmittedOpensAStep: Story = {
  args: { initialPath: '/education' },
  play: async ({ canvas, loaded }) => {
    await canvas.findByRole('heading', { level: 1, name: TITLE }, LOADED);
    // Nothing is recorded as the last page once submitted (SPEC §4).
    await expect(
      mockApiOf(loaded).requests.filter((request) => request.path === '/api/last-page'),
    ).toEqual([]);
  },
};

/** Just submitted: the PDF is still being made, and the page says so while it asks again. */
export const PdfInPreparation: Story = {
  parameters: { applicant: 'submittedPdfPending' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: TITLE }, LOADED);
    await expect(
      await canvas.findByText('Preparing a PDF copy of your application…', {}, LOADED),
    ).toBeVisible();
  },
};
