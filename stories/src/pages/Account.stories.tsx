import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

import { ACCOUNT } from './mockApi.ts';
import { mockApiOf, pageMeta } from './pageStory.tsx';

/**
 * The five account pages of SPEC §2 (sign-up, confirm, login, forgot, reset) in their layout:
 * the college's header and footer around one card, against a mocked server.
 */
const meta = {
  ...pageMeta,
  title: 'Pages/Account',
  // Not in pageMeta: Storybook's indexer reads tags from this file, and the docs page would
  // render every story at once, against one mocked server.
  tags: ['!autodocs'],
  // Spelled out here: Storybook's docs plugin writes this file's own `parameters` over the
  // spread ones.
  parameters: { ...pageMeta.parameters },
} satisfies Meta<typeof pageMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOADED = { timeout: 20_000 };

/** /signup: email, password, and the password rules (inactive while it is empty). */
export const SignUp: Story = {
  args: { initialPath: '/signup' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Sign Up' }, LOADED);
    await expect(canvas.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  },
};

/** SPEC §5: Submit with nothing typed shows each field's message and focuses the first. */
export const SignUpWithErrors: Story = {
  args: { initialPath: '/signup' },
  play: async ({ canvas, userEvent, loaded }) => {
    await canvas.findByRole('heading', { name: 'Sign Up' }, LOADED);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    const email = canvas.getByRole('textbox', { name: /Email Address/ });
    await waitFor(async () => {
      await expect(email).toHaveFocus();
    });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    // Refused in the browser: nothing was sent.
    await expect(mockApiOf(loaded).requests).toEqual([]);
  },
};

/** /confirm: the code from the email. */
export const Confirm: Story = {
  args: { initialPath: '/confirm' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Confirm Your Account' }, LOADED);
    await expect(canvas.getByRole('button', { name: 'Resend confirmation code' })).toBeVisible();
  },
};

/** /login, with its links to sign up, resend the code and reset the password. */
export const Login: Story = {
  args: { initialPath: '/login' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Log In' }, LOADED);
    await expect(canvas.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forgot',
    );
  },
};

/**
 * SPEC §2: logging in leads to the default route with the success message, and the returning
 * applicant resumes at the last page stored (Academic History).
 */
export const LoginThenResume: Story = {
  args: { initialPath: '/login' },
  parameters: { applicant: 'returningLoggedOut' },
  play: async ({ canvas, userEvent, loaded }) => {
    await canvas.findByRole('heading', { name: 'Log In' }, LOADED);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email Address/ }), ACCOUNT.username);
    await userEvent.type(canvas.getByLabelText(/^Password/), ACCOUNT.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await canvas.findByRole('heading', { level: 1, name: 'Academic History' }, LOADED);
    await expect(
      await within(document.body).findByText('You have successfully logged in.', {}, LOADED),
    ).toBeVisible();
    // Once, also after the resume to the last page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(
      within(document.body).getAllByText('You have successfully logged in.'),
    ).toHaveLength(1);
    await expect(mockApiOf(loaded).state.logins).toHaveLength(3);
  },
};

/** /forgot: the email address a reset link goes to. */
export const Forgot: Story = {
  args: { initialPath: '/forgot' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Forgot Password' }, LOADED);
    await expect(canvas.getByRole('textbox', { name: /Email Address/ })).toHaveValue('');
  },
};

/** /reset from the emailed link: username and reset code filled in from its query. */
export const Reset: Story = {
  args: {
    initialPath: `/reset?username=${encodeURIComponent(ACCOUNT.username)}&id=7f3c9a2e-reset-link`,
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Reset Password' }, LOADED);
    await expect(canvas.getByRole('textbox', { name: /Email Address/ })).toHaveValue(
      ACCOUNT.username,
    );
    await expect(canvas.getByRole('textbox', { name: /Reset code/ })).toHaveValue(
      '7f3c9a2e-reset-link',
    );
  },
};
