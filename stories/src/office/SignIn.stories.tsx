import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';

import { STAFF } from './mockOffice.ts';
import { LOADED, mockOfficeOf, officeMeta } from './officeStory.tsx';

/** The staff sign-in at /office/login: e-mail address, password and the authenticator's code. */
const meta = {
  ...officeMeta,
  title: 'Office/Sign in',
  tags: ['!autodocs'],
  parameters: { ...officeMeta.parameters, office: { role: undefined } },
} satisfies Meta<typeof officeMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignIn: Story = {
  args: { initialPath: '/login' },
  play: async ({ canvas }) => {
    await canvas.findByRole(
      'heading',
      { level: 1, name: 'Sign in to the admissions office' },
      LOADED,
    );
    const code = canvas.getByLabelText(/Authentication code/);
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
  },
};

/** A wrong code: the server's sentence in an alert, nothing else said of why. */
export const Refused: Story = {
  args: { initialPath: '/login' },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1 }, LOADED);
    await userEvent.type(canvas.getByLabelText(/^Email/), STAFF.email);
    await userEvent.type(canvas.getByLabelText(/^Password/), STAFF.password);
    await userEvent.type(canvas.getByLabelText(/Authentication code/), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The e-mail address, password or code is not correct.',
    );
  },
};

/** The right password and code: the applications list. */
export const SignedIn: Story = {
  args: { initialPath: '/login' },
  play: async ({ canvas, userEvent, loaded }) => {
    await canvas.findByRole('heading', { level: 1 }, LOADED);
    await userEvent.type(canvas.getByLabelText(/^Email/), STAFF.email);
    await userEvent.type(canvas.getByLabelText(/^Password/), STAFF.password);
    await userEvent.type(canvas.getByLabelText(/Authentication code/), `${STAFF.code}{Enter}`);
    await canvas.findByRole('heading', { level: 1, name: 'Applications' }, LOADED);
    await waitFor(async () => {
      await expect(mockOfficeOf(loaded).requests.map((request) => request.path)).toContain(
        '/office/api/applications',
      );
    });
  },
};

/** A page opened without a session: the sign-in, with nothing said of an ended session. */
export const NoSession: Story = {
  args: { initialPath: '/' },
  play: async ({ canvas }) => {
    await canvas.findByRole(
      'heading',
      { level: 1, name: 'Sign in to the admissions office' },
      LOADED,
    );
    await expect(canvas.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  },
};

/** The session ends while the office is open: the next call's 401 sends to the sign-in, which says so. */
export const SessionEnded: Story = {
  args: { initialPath: '/' },
  parameters: { office: { role: 'officer' } },
  play: async ({ canvas, userEvent, loaded }) => {
    await canvas.findByRole('table', { name: 'Applications' }, LOADED);
    mockOfficeOf(loaded).endSession();
    await userEvent.click(canvas.getByRole('link', { name: 'Audit log' }));
    await expect(
      await canvas.findByText('Your session has ended. Please sign in again.', {}, LOADED),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Sign in to the admissions office',
    );
  },
};
