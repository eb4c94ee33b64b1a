import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

import { mockApiOf, pageMeta } from './pageStory.tsx';

/**
 * The three steps of SPEC §2 in the form layout: the college's header and step navigation,
 * the banner, the validation summary, the step and the footer, against a mocked server.
 */
const meta = {
  ...pageMeta,
  title: 'Pages/Steps',
  // Not in pageMeta: Storybook's indexer reads tags from this file, and the docs page would
  // render every story at once, against one mocked server.
  tags: ['!autodocs'],
  args: { initialPath: '/about' },
  // Spelled out here: Storybook's docs plugin writes this file's own `parameters` over the
  // spread ones.
  parameters: { ...pageMeta.parameters },
} satisfies Meta<typeof pageMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pages load their college's later steps on demand: give a slow machine time. */
const LOADED = { timeout: 20_000 };

/** SPEC §1: a visitor previews step 1; nothing is sent to the server's /api. */
export const VisitorPersonalInfo: Story = {
  parameters: { applicant: 'visitor' },
  play: async ({ canvas, loaded }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Personal Info' }, LOADED);
    await expect(
      canvas.getByRole('heading', { name: 'You are previewing the application.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Log in to save your answers' })).toBeVisible();
    await expect(
      mockApiOf(loaded).requests.filter((request) => request.path.startsWith('/api/')),
    ).toEqual([]);
  },
};

/** Step 2 as a visitor sees it: its page comes with the college's later pages. */
export const VisitorAcademicHistory: Story = {
  args: { initialPath: '/education' },
  parameters: { applicant: 'visitor' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Academic History' }, LOADED);
    await expect(canvas.getByRole('heading', { name: 'High School' })).toBeVisible();
  },
};

/** Step 3, the last: Previous and Submit, no Save and Continue. */
export const VisitorSubmitStep: Story = {
  args: { initialPath: '/final-steps' },
  parameters: { applicant: 'visitor' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Submit' }, LOADED);
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Save and Continue' })).toBeNull();
  },
};

/** SPEC §1/§4: the first login: a welcome, and the app records the status `started`. */
export const FirstLogin: Story = {
  parameters: { applicant: 'firstLogin' },
  play: async ({ canvas, loaded }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Personal Info' }, LOADED);
    await expect(canvas.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    const api = mockApiOf(loaded);
    await waitFor(async () => {
      await expect(api.state.webStatus).toEqual(['started']);
    });
  },
};

/**
 * SPEC §2 rule 3: a returning applicant opening step 1 resumes at the last page stored
 * (Academic History), greeted back, with the saved answers filled in.
 */
export const Returning: Story = {
  parameters: { applicant: 'returning' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Academic History' }, LOADED);
    await expect(canvas.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    await expect(await canvas.findByDisplayValue('Bozeman High School', {}, LOADED)).toBeVisible();
  },
};

/**
 * SPEC §4: validating (Submit was pressed with answers missing): no banner, and the summary
 * links to every missing answer, on every step.
 */
export const ValidatingWithSummary: Story = {
  parameters: { applicant: 'validating' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Submit' }, LOADED);
    const summary = await canvas.findByRole(
      'region',
      { name: 'We are missing some information!' },
      LOADED,
    );
    const links = within(summary).getAllByRole('link');
    await expect(links.length).toBeGreaterThan(3);
    await expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^\/about#/));
    await expect(canvas.queryByRole('heading', { name: 'Welcome back!' })).toBeNull();
  },
};

/**
 * SPEC §4 Submit, by hand: the returning applicant goes on to step 3 and presses Submit with
 * answers missing. The status becomes validating, the errors are sent, and step 1 opens with
 * the summary.
 */
export const SubmitWithAnswersMissing: Story = {
  parameters: { applicant: 'returning' },
  play: async ({ canvas, userEvent, loaded }) => {
    const api = mockApiOf(loaded);
    await canvas.findByRole('heading', { level: 1, name: 'Academic History' }, LOADED);
    await userEvent.click(canvas.getByRole('button', { name: 'Save and Continue' }));
    await canvas.findByRole('heading', { level: 1, name: 'Submit' }, LOADED);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await canvas.findByRole('heading', { level: 1, name: 'Personal Info' }, LOADED);
    await expect(
      await canvas.findByRole('region', { name: 'We are missing some information!' }, LOADED),
    ).toBeVisible();
    await expect(api.state.webStatus).toEqual(['started', 'validating']);
    // While validating each page opened is recorded: step 3, then step 1 where Submit led.
    await waitFor(async () => {
      await expect(
        api.requests
          .filter((request) => request.path === '/api/last-page')
          .slice(-2)
          .map((request) => request.body),
      ).toEqual([{ last_page: 'final-steps' }, { last_page: 'about' }]);
    });
    await expect(
      api.requests.filter((request) => request.path === '/api/validations'),
    ).toHaveLength(1);
  },
};
