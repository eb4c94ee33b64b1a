import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { CheckboxInput, type CheckboxInputProps } from './CheckboxInput';

/** Holds the value the way a form would, so ticking in a story shows up. */
function ControlledCheckboxInput(props: CheckboxInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <CheckboxInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const certification =
  'I certify that the information in this application is complete and accurate, and I ' +
  'understand that false or missing information may be grounds for cancelling my admission.';

const meta = {
  title: 'Inputs/CheckboxInput',
  component: CheckboxInput,
  // Remount when the value control changes, so the control and the checkbox agree.
  render: (args) => <ControlledCheckboxInput key={String(args.value)} {...args} />,
  args: {
    id: 'optin_sms_ind',
    label: 'Send me text message updates about my application',
    value: false,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof CheckboxInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Checked: Story = {
  args: { value: true },
};

export const WithHint: Story = {
  args: { hint: 'Message and data rates may apply.' },
};

/** SPEC §5: a certification must be ticked; the label wraps beside the box. */
export const Required: Story = {
  args: { id: 'certify_checkbox', label: certification, required: true },
};

export const WithError: Story = {
  args: {
    id: 'certify_checkbox',
    label: certification,
    required: true,
    error: 'You must certify that your application is complete and accurate.',
  },
};

export const Disabled: Story = {
  args: { value: true, disabled: true },
};

export const Themed: Story = {
  args: { value: true, hint: 'Message and data rates may apply.' },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { ...WithError.args },
  globals: { theme: 'example' },
};
