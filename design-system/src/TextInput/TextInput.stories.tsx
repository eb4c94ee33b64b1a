import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { TextInput, type TextInputProps } from './TextInput';

/** Holds the value the way a form would, so typing in a story shows up. */
function ControlledTextInput(props: TextInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <TextInput
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
  title: 'Inputs/TextInput',
  component: TextInput,
  // Remount when the value control changes, so the control and the input agree.
  render: (args) => <ControlledTextInput key={args.value} {...args} />,
  args: {
    id: 'first_name',
    label: 'First Name',
    // The app gives each question its kind's limit (SPEC §9: 45 for text).
    maxLength: 45,
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Filled: Story = {
  args: { value: 'Ada' },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: {
    id: 'prev_name',
    label: 'Previous Last Name',
    hint: 'Any last name you have used on school records.',
  },
};

export const WithError: Story = {
  args: { required: true, error: 'First Name is a required field' },
};

/** SPEC §3: each field's errors come as a list; every message shows. */
export const WithErrors: Story = {
  args: {
    id: 'email_address',
    label: 'Email Address',
    type: 'email',
    value: 'ada@',
    error: ['Your email address must be valid.', 'Email Address is a required field'],
  },
};

export const Disabled: Story = {
  args: { value: 'Ada', disabled: true },
};

export const Email: Story = {
  args: { id: 'username', label: 'Email', type: 'email', autoComplete: 'email' },
};

export const Password: Story = {
  args: {
    id: 'password',
    label: 'Password',
    type: 'password',
    value: 'correct horse battery staple',
    autoComplete: 'current-password',
  },
};

/** SPEC §9: 45 characters at most, the limit a text question is given. */
export const AtMaxLength: Story = {
  args: { id: 'city', label: 'City', value: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllanty' },
};

export const Themed: Story = {
  args: { value: 'Ada', hint: 'As it appears on your passport.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { required: true, error: 'First Name is a required field' },
  globals: { theme: 'example' },
};
