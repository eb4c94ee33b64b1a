import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { Textarea, type TextareaProps } from './Textarea';

/** Holds the value the way a form would, so typing in a story shows up. */
function ControlledTextarea(props: TextareaProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Textarea
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const essay =
  'I want to study at a two-year college close to home while I work part time. ' +
  'Gallatin College offers the welding programme I have wanted to join since high school.';

/** Text of exactly `length` characters, for the limit stories. */
function textOfLength(length: number): string {
  return essay.repeat(Math.ceil(length / essay.length)).slice(0, length);
}

const meta = {
  title: 'Inputs/Textarea',
  component: Textarea,
  // Remount when the value control changes, so the control and the text area agree.
  render: (args) => <ControlledTextarea key={args.value} {...args} />,
  args: {
    id: 'decision_essay',
    label: 'Why have you decided to apply to Gallatin College?',
    // SPEC §5, §9: a text area's limit unless the college raises it.
    maxLength: 1500,
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Filled: Story = {
  args: { value: essay },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { hint: 'A few sentences are enough.' },
};

export const WithError: Story = {
  args: { required: true, error: 'This question is required' },
};

export const Disabled: Story = {
  args: { value: essay, disabled: true },
};

/** SPEC §5: past 90% of the limit the counter stands out and screen readers hear what is left. */
export const NearLimit: Story = {
  args: { value: textOfLength(1495) },
};

/** SPEC §5: at 1500 characters more typing is refused. */
export const AtLimit: Story = {
  args: { value: textOfLength(1500) },
};

/** SPEC §1: a tenant may raise the limit to 7000. */
export const TenantLimit: Story = {
  args: {
    id: 'suspended_academic_explain',
    label: 'Please explain the circumstances.',
    value: essay,
    maxLength: 7000,
  },
};

export const Themed: Story = {
  args: { value: essay, hint: 'A few sentences are enough.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { required: true, error: 'This question is required' },
  globals: { theme: 'example' },
};
