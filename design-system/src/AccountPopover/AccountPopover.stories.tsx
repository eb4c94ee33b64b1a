import { Box } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { fn, within } from 'storybook/test';

import { AccountPopover } from './AccountPopover';

const meta = {
  title: 'Navigation/AccountPopover',
  component: AccountPopover,
  args: {
    loggedIn: true,
    username: 'ada.lovelace@example.com',
    onLogOut: fn(),
    onSignIn: fn(),
    onCreateAccount: fn(),
  },
  // The button sits at the right of the header; the popover opens under it, leftwards.
  render: (args) => (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'flex-start',
        minHeight: '16rem',
      }}
    >
      <AccountPopover {...args} />
    </Box>
  ),
  parameters: { docs: { story: { inline: false, height: '320px' } } },
} satisfies Meta<typeof AccountPopover>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The closed button, as it sits in the header. */
export const Default: Story = {};

/** SPEC §2: logged in: the username with a mail icon, and Log Out. */
export const LoggedIn: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    // The popover's code loads on first opening: wait for it, so that axe checks it too.
    await within(document.body).findByRole('dialog', { name: 'Account' });
  },
};

/** SPEC §2: logged out: Sign In and Create Account. */
export const LoggedOut: Story = {
  args: { loggedIn: false, username: undefined },
  play: LoggedIn.play,
};

export const Disabled: Story = {
  args: { disabled: true },
};

export const Themed: Story = {
  globals: { theme: 'example' },
  play: LoggedIn.play,
};
