// First: the app's modules, imported below, read their college once (.storybook/college.ts).
import { RIVERBEND } from './riverbend.ts';

import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

import { mockApiOf, pageMeta } from './pageStory.tsx';

/**
 * The second bundled college: Riverbend Community College's own steps, questions and theme,
 * the same app and widgets as Gallatin's. Every story here is Riverbend's whatever the College
 * toolbar says; each passes axe like every story.
 */
const meta = {
  ...pageMeta,
  title: 'Pages/Riverbend',
  tags: ['!autodocs'],
  args: { initialPath: '/about' },
  parameters: { ...pageMeta.parameters, college: RIVERBEND },
} satisfies Meta<typeof pageMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOADED = { timeout: 20_000 };

/** Step 1 as a visitor sees it: Riverbend's header, its own questions, and their conditions. */
export const VisitorAboutYou: Story = {
  parameters: { applicant: 'visitor' },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'About You' }, LOADED);
    await expect(
      within(canvas.getByRole('banner')).getByText('Riverbend Community College'),
    ).toBeVisible();
    await expect(canvas.getByLabelText(/Legal first name/)).toBeVisible();
    // A question Gallatin does not ask, with a follow-up shown only for Yes.
    const aid = canvas.getByRole('radiogroup', { name: /apply for financial aid/ });
    await expect(
      canvas.queryByRole('radiogroup', { name: 'Which application will you file?' }),
    ).toBeNull();
    await userEvent.click(within(aid).getByRole('radio', { name: 'Yes' }));
    await expect(
      await canvas.findByRole('radiogroup', { name: 'Which application will you file?' }),
    ).toBeVisible();
    // Nothing of Gallatin's form.
    await expect(canvas.queryByText(/Montana State University|in-state tuition/i)).toBeNull();
  },
};

/** Step 2, from the college's other pages. */
export const VisitorEducation: Story = {
  args: { initialPath: '/education' },
  parameters: { applicant: 'visitor' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Education' }, LOADED);
  },
};

/** Step 3: Riverbend's own acknowledgements and signature, then Submit. */
export const VisitorSignAndSubmit: Story = {
  args: { initialPath: '/final-steps' },
  parameters: { applicant: 'visitor' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Sign and Submit' }, LOADED);
    await expect(canvas.getByLabelText(/Type your full legal name to sign/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeVisible();
  },
};

/** SPEC §1/§4: the first login at Riverbend records the status `started`, as at Gallatin. */
export const FirstLogin: Story = {
  parameters: { applicant: 'firstLogin' },
  play: async ({ canvas, loaded }) => {
    await canvas.findByRole('heading', { level: 1, name: 'About You' }, LOADED);
    await expect(canvas.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    const api = mockApiOf(loaded);
    await waitFor(async () => {
      await expect(api.state.webStatus).toEqual(['started']);
    });
  },
};
