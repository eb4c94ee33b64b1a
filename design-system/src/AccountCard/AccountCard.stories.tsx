import { englishMessages, passwordRequirementStates, passwordRules } from '@admit/form-model';
import { Box } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { PasswordRequirements } from '../PasswordRequirements';
import { TextInput, type TextInputProps } from '../TextInput';

import { AccountCard } from './AccountCard';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

/** The account pages' limits: the longest e-mail address, a long passphrase. */
const MAX_LENGTH = { email: 254, password: 1024 } as const;

/** A text input holding its own value, as the form would. */
function Field({
  initial = '',
  maxLength,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange' | 'maxLength'> & {
  initial?: string;
  maxLength?: number;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      {...rest}
      maxLength={maxLength ?? (rest.type === 'password' ? MAX_LENGTH.password : MAX_LENGTH.email)}
      value={value}
      onChange={setValue}
    />
  );
}

/** A new password with its rules under it, spanning both columns' width of one column. */
function NewPassword({ id, label }: { id: string; label: string }) {
  const [password, setPassword] = useState('');
  const errors = passwordRules
    .filter((rule) => !rule.test(password))
    .map((rule) => messages[rule.messageKey]);
  return (
    <Box>
      <TextInput
        id={id}
        label={label}
        type="password"
        maxLength={MAX_LENGTH.password}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <Box sx={{ mt: 1.5 }}>
        <PasswordRequirements
          id={`${id}-rules`}
          rules={passwordRequirementStates(password, errors, messages)}
        />
      </Box>
    </Box>
  );
}

/** Stops a story's link from leaving the page, as the app's router would. */
const stayOnPage = (event: { preventDefault: () => void }) => {
  event.preventDefault();
};

const meta = {
  title: 'Account/AccountCard',
  component: AccountCard,
  args: {
    header: 'Log In',
    columns: 2,
    onSubmit: fn(),
    footerQuestion: "Don't have an account?",
    footerLinkLabel: 'Sign Up',
    footerHref: '/signup',
    onFooterLinkClick: fn(stayOnPage),
    links: [
      { label: 'Resend confirmation code', onClick: fn() },
      { label: 'Forgot password', href: '/forgot', onClick: fn(stayOnPage) },
    ],
    children: (
      <>
        <Field id="username" label="Email" type="email" autoComplete="email" />
        <Field id="password" label="Password" type="password" autoComplete="current-password" />
      </>
    ),
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof AccountCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2: the login card, two columns, with its resend and forgot-password links. */
export const Default: Story = {};

/** SPEC §2: sign-up: two columns, the new password with its rules. */
export const TwoColumns: Story = {
  args: {
    header: 'Sign Up',
    footerQuestion: 'Already have an account?',
    footerLinkLabel: 'Log In',
    footerHref: '/login',
    links: [],
    children: (
      <>
        <Field id="username" label="Email" type="email" autoComplete="email" />
        <NewPassword id="password" label="Password" />
      </>
    ),
  },
};

/** SPEC §2: confirm: one column, with a resend link. */
export const OneColumn: Story = {
  args: {
    header: 'Confirm Your Account',
    columns: 1,
    footerQuestion: 'Already confirmed?',
    footerLinkLabel: 'Log In',
    footerHref: '/login',
    links: [{ label: 'Resend confirmation code', onClick: fn() }],
    children: (
      <>
        <Field id="username" label="Email" type="email" initial="ada@example.com" />
        <Field
          id="code"
          label="Confirmation Code"
          hint="The 6 numbers we sent to your e-mail."
          maxLength={6}
          autoComplete="one-time-code"
        />
      </>
    ),
  },
};

/** SPEC §2: forgot password: one column, the e-mail only. */
export const ForgotPassword: Story = {
  args: {
    header: 'Forgot Password',
    columns: 1,
    footerQuestion: 'Remembered it?',
    footerLinkLabel: 'Log In',
    footerHref: '/login',
    links: [],
    children: <Field id="username" label="Email" type="email" autoComplete="email" />,
  },
};

/** SPEC §2: reset password: two columns, new password and its confirmation. */
export const ResetPassword: Story = {
  args: {
    header: 'Reset Password',
    footerQuestion: 'Remembered it?',
    footerLinkLabel: 'Log In',
    footerHref: '/login',
    links: [],
    children: (
      <>
        <NewPassword id="password" label="New Password" />
        <Field id="confirm_password" label="Confirm Password" type="password" />
      </>
    ),
  },
};

/** Fields the last submit found wrong (SPEC §5 messages). */
export const WithError: Story = {
  args: {
    children: (
      <>
        <Field
          id="username"
          label="Email"
          type="email"
          initial="ada@"
          error="Please provide a valid email address."
        />
        <Field id="password" label="Password" type="password" error="Password is required." />
      </>
    ),
  },
};

/** The call is under way: Submit shows a spinner and ignores more presses. */
export const Busy: Story = {
  args: { busy: true },
};

export const Disabled: Story = {
  args: {
    disabled: true,
    children: (
      <>
        <Field id="username" label="Email" type="email" disabled />
        <Field id="password" label="Password" type="password" disabled />
      </>
    ),
  },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};
