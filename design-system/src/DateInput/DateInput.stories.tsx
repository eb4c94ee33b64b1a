import { englishMessages } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DateInput, type DateInputProps } from './DateInput';

/** form-model's messages in English, as the stories show them. */
const messages = englishMessages();

/** Holds the value the way a form would, so typing in a story shows up. */
function ControlledDateInput(props: DateInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <DateInput
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
  title: 'Inputs/DateInput',
  component: DateInput,
  // Remount when the value control changes, so the control and the input agree.
  render: (args) => <ControlledDateInput key={args.value} {...args} />,
  args: {
    id: 'birth_date',
    label: 'Date of Birth',
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof DateInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: MM/DD/YYYY placeholders to type into. */
export const Default: Story = {};

export const Filled: Story = {
  args: { value: '2007-03-27' },
};

/** A birth date: the calendar opens on the years. */
export const BirthDate: Story = {
  args: { hint: 'For example, 03/27/2007.', openTo: 'year', required: true },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { hint: 'For example, 03/27/2007.' },
};

/** SPEC §5: a caller's rule failing, e.g. the minimum age. */
export const WithError: Story = {
  args: { value: '2020-01-15', error: messages.tooYoung },
};

/** SPEC §5: validated on change; 02/30/2024 is typed, and is not a real date. */
export const NotARealDate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('spinbutton', { name: 'Month' }));
    await userEvent.keyboard('02302024');
    await expect(await canvas.findByText('Enter a real date.')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { value: '2007-03-27', disabled: true },
};

/** The calendar open on a chosen date. */
export const CalendarOpen: Story = {
  args: { value: '2007-03-27' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Choose date/ }));
  },
};

export const Themed: Story = {
  args: { value: '2007-03-27', hint: 'For example, 03/27/2007.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { value: '2020-01-15', error: messages.tooYoung },
  globals: { theme: 'example' },
};
