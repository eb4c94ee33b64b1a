import { Box, Link } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

import { AccountPopover } from '../AccountPopover';
import { AppHeader } from './AppHeader';

/** A stand-in for the step navigation (its own widget), so the header's slot shows. */
function Steps() {
  const steps = [
    ['/about', 'Personal Info'],
    ['/education', 'Academic History'],
    ['/final-steps', 'Submit'],
  ] as const;
  return (
    <Box component="nav" aria-label="Application steps">
      <Box component="ul" sx={{ display: 'flex', gap: 3, listStyle: 'none', m: 0, p: 0, py: 1.5 }}>
        {steps.map(([href, label], index) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={index === 0 ? 'page' : undefined}
              sx={{ fontWeight: index === 0 ? 700 : 400 }}
              onClick={(event) => {
                event.preventDefault();
              }}
            >
              {label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** A stand-in logo: a lettered roundel (a real one is the college's image). */
function Roundel() {
  return (
    <Box
      aria-hidden
      sx={{
        width: 44,
        height: 44,
        borderRadius: '50%',
        bgcolor: 'accent.main',
        color: 'primary.dark',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
        fontSize: '1.25rem',
      }}
    >
      G
    </Box>
  );
}

const account = {
  onLogOut: fn(),
  onSignIn: fn(),
  onCreateAccount: fn(),
};

const meta = {
  title: 'Layout/AppHeader',
  component: AppHeader,
  args: {
    collegeName: 'Gallatin College MSU',
    title: 'Undergraduate Application',
    logo: <Roundel />,
    actions: <AccountPopover loggedIn username="ada.lovelace@example.com" {...account} />,
    children: <Steps />,
  },
  argTypes: {
    logo: { control: false },
    actions: { control: false },
    children: { control: false },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A logged-in applicant: logo, name, title, the account button and the steps. */
export const Default: Story = {};

/** A visitor: the account button offers Sign In and Create Account. */
export const LoggedOut: Story = {
  args: { actions: <AccountPopover loggedIn={false} {...account} /> },
};

/** SPEC §2, §6: a service user sees no navigation and no account popover. */
export const ServiceUser: Story = {
  args: { actions: undefined, children: undefined },
};

/** Without a logo the name stands alone. */
export const WithoutLogo: Story = {
  args: { logo: undefined },
};

export const Themed: Story = {
  args: { collegeName: 'Example Community College' },
  globals: { theme: 'example' },
};
