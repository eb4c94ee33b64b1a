import { yesNo } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { RadioGroupInput, type RadioGroupInputProps } from './RadioGroupInput';

/** Holds the value the way a form would, so choosing in a story shows up. */
function ControlledRadioGroupInput(props: RadioGroupInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <RadioGroupInput
      {...props}
      value={value}
      onChange={(next, label) => {
        setValue(next);
        props.onChange(next, label);
      }}
    />
  );
}

const diplomaOptions = [
  { value: 'D', label: 'High school diploma' },
  { value: 'G', label: 'GED or HiSET' },
  { value: 'N', label: 'Neither yet' },
];

const meta = {
  title: 'Inputs/RadioGroupInput',
  component: RadioGroupInput,
  // Remount when the value control changes, so the control and the radios agree.
  render: (args) => <ControlledRadioGroupInput key={args.value} {...args} />,
  args: {
    id: 'us_citizen',
    label: 'Are you a citizen of the United States?',
    options: yesNo,
    value: '',
    row: true,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof RadioGroupInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Yes / No side by side. */
export const Default: Story = {};

export const Chosen: Story = {
  args: { value: 'Y' },
};

/** Longer answers stacked in a column. */
export const Column: Story = {
  args: {
    id: 'diploma_ged',
    label: 'Which do you have or expect to have?',
    options: diplomaOptions,
    row: false,
  },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { hint: 'Permanent residents answer No.' },
};

export const WithError: Story = {
  args: {
    required: true,
    error: 'Are you a citizen of the United States? is a required field',
  },
};

export const Disabled: Story = {
  args: { value: 'N', disabled: true },
};

export const Themed: Story = {
  args: { value: 'Y', hint: 'Permanent residents answer No.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: {
    ...Column.args,
    required: true,
    error: 'Which do you have or expect to have? is a required field',
  },
  globals: { theme: 'example' },
};
