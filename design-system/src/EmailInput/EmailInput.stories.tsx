import { englishMessages } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { EmailInput, type EmailInputProps } from './EmailInput';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

/** Holds the value the way a form would, so typing in a story shows up. */
function ControlledEmailInput(props: EmailInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <EmailInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Inputs/EmailInput',
  component: EmailInput,
  // Remount when the value control changes, so the control and the input agree.
  render: (args) => <ControlledEmailInput key={args.value} {...args} />,
  args: {
    id: 'email_address',
    label: 'Email Address',
    maxLength: 100,
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof EmailInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Filled: Story = {
  args: { value: 'ada.lovelace@example.com' },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { hint: 'We send your application updates here.' },
};

export const WithError: Story = {
  args: { value: 'ada@', error: messages.fieldEmail },
};

export const Disabled: Story = {
  args: { value: 'ada.lovelace@example.com', disabled: true },
};

/** The account pages: the username is an e-mail address (SPEC §3). */
export const Username: Story = {
  args: { id: 'username', label: 'Email', autoComplete: 'username', required: true },
};

export const Themed: Story = {
  args: { value: 'ada.lovelace@example.com', hint: 'We send updates here.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { value: 'ada@', error: messages.fieldEmail },
  globals: { theme: 'example' },
};
