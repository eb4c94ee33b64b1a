import { formatInternationalPhone, formatUsPhone, englishMessages } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { PhoneInput, type PhoneInputProps } from './PhoneInput';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

/** Holds the value the way a form would, so typing in a story shows up. */
function ControlledPhoneInput(props: PhoneInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <PhoneInput
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
  title: 'Inputs/PhoneInput',
  component: PhoneInput,
  // Remount when the value control changes, so the control and the input agree.
  render: (args) => <ControlledPhoneInput key={args.value} {...args} />,
  args: {
    id: 'phone_home',
    label: 'Home Phone',
    value: '',
    format: formatUsPhone,
    onChange: fn(),
    onBlur: fn(),
  },
  argTypes: { format: { control: false } },
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §5: a US number, masked "(NNN) NNN-NNNN" as it is typed or pasted. */
export const Default: Story = {};

export const Filled: Story = {
  args: { value: '(406) 555-0123' },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { id: 'phone_mobile', label: 'Cell Phone', hint: 'For example (406) 555-0123.' },
};

export const WithError: Story = {
  args: { value: '(106) 555-0123', error: messages.validPhone },
};

export const Disabled: Story = {
  args: { value: '(406) 555-0123', disabled: true },
};

/** SPEC §3 variant: an international number keeps "+", digits and spaces. */
export const International: Story = {
  args: {
    id: 'phone_international',
    label: 'International Phone',
    hint: 'Start with + and the country code, for example +44 20 7946 0958.',
    variant: 'international',
    format: formatInternationalPhone,
  },
};

export const InternationalFilled: Story = {
  args: { ...International.args, value: '+44 20 7946 0958' },
};

export const Themed: Story = {
  args: { value: '(406) 555-0123', hint: 'For example (406) 555-0123.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { value: '(106) 555-0123', error: messages.validPhone },
  globals: { theme: 'example' },
};
