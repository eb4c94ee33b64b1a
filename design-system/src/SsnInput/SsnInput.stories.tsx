import { formatSsn, englishMessages } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { SsnInput, type SsnInputProps } from './SsnInput';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

/** Holds the value the way a form would, so typing in a story shows up. */
function ControlledSsnInput(props: SsnInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SsnInput
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
  title: 'Inputs/SsnInput',
  component: SsnInput,
  // Remount when the value control changes, so the control and the input agree.
  render: (args) => <ControlledSsnInput key={args.value} {...args} />,
  args: {
    id: 'ssn',
    label: 'Social Security Number',
    value: '',
    format: formatSsn,
    onChange: fn(),
    onBlur: fn(),
  },
  argTypes: { format: { control: false } },
} satisfies Meta<typeof SsnInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §3: masked 3-2-4 with dashes as it is typed or pasted. */
export const Default: Story = {};

export const Filled: Story = {
  args: { value: '123-45-6789' },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { hint: 'Optional. We use it only to match your records.' },
};

export const WithError: Story = {
  args: { value: '123-45', error: messages.ssn },
};

export const Disabled: Story = {
  args: { value: '123-45-6789', disabled: true },
};

/** The number hidden like a password until "Show Social Security number" is pressed. */
export const Concealed: Story = {
  args: { value: '123-45-6789', concealable: true },
};

export const Themed: Story = {
  args: { value: '123-45-6789', hint: 'Optional.', required: true, concealable: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { value: '123-45', error: messages.ssn },
  globals: { theme: 'example' },
};
