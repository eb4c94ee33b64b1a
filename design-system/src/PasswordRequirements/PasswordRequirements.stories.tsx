import { englishMessages, passwordRequirementStates, passwordRules } from '@admit/form-model';
import { Stack } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';

import { TextInput } from '../TextInput';
import { PasswordRequirements, type PasswordRequirement } from './PasswordRequirements';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

/** The SPEC §5 rules in one state each, as form-model words them. */
function rulesIn(state: (index: number) => PasswordRequirement['state']): PasswordRequirement[] {
  return passwordRules.map(({ id, messageKey }, index) => ({
    id,
    message: messages[messageKey],
    state: state(index),
  }));
}

const meta = {
  title: 'Account/PasswordRequirements',
  component: PasswordRequirements,
  args: { id: 'password-rules', rules: rulesIn(() => 'inactive') },
} satisfies Meta<typeof PasswordRequirements>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** SPEC §2: nothing typed yet, every rule inactive. */
export const Inactive: Story = {};

/** SPEC §2: some rules met, some broken. */
export const Mixed: Story = {
  args: { rules: rulesIn((index) => (index % 2 === 0 ? 'success' : 'error')) },
};

/** Every rule broken. */
export const WithError: Story = {
  args: { rules: rulesIn(() => 'error') },
};

/** SPEC §2: every rule met. */
export const AllMet: Story = {
  args: { rules: rulesIn(() => 'success') },
};

/** Type a password: each rule follows it, as on the sign-up and reset cards. */
export const WithPasswordInput: Story = {
  render: function TypedPassword(args) {
    const [password, setPassword] = useState('');
    const errors = passwordRules
      .filter((rule) => !rule.test(password))
      .map((rule) => messages[rule.messageKey]);
    return (
      <Stack sx={{ gap: 2, maxWidth: 400 }}>
        <TextInput
          id="password"
          label="Password"
          type="password"
          maxLength={1024}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <PasswordRequirements
          {...args}
          rules={passwordRequirementStates(password, errors, messages)}
        />
      </Stack>
    );
  },
};

export const Themed: Story = {
  args: {
    rules: rulesIn((index) => (['inactive', 'error', 'success'] as const)[index % 3] ?? 'inactive'),
  },
  globals: { theme: 'example' },
};
