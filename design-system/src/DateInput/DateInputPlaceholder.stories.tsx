import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DateInputPlaceholder, type DateInputPlaceholderProps } from './DateInputPlaceholder';
import { DATE_INPUT_NOT_A_DATE } from './parts/dateText';

/** Holds the value the way a form would. */
function ControlledPlaceholder(props: DateInputPlaceholderProps) {
  const [value, setValue] = useState(props.value);
  return (
    <DateInputPlaceholder
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
  title: 'Inputs/DateInputPlaceholder',
  component: DateInputPlaceholder,
  render: (args) => <ControlledPlaceholder key={args.value} {...args} />,
  args: {
    id: 'birth_date',
    label: 'Date of Birth',
    hint: 'For example 03/27/2008',
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof DateInputPlaceholder>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, as a visitor first sees a date question: MM/DD/YYYY to type into. */
export const Default: Story = {};

export const Filled: Story = { args: { value: '2008-03-27', required: true } };

/** A real date typed: the answer on leaving is `YYYY-MM-DD`. */
export const TypedDate: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Date of Birth' });
    await userEvent.type(input, '03/27/2008');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenCalledWith('2008-03-27');
    await expect(input).toHaveValue('03/27/2008');
  },
};

/** A date that does not exist: not-a-date, and the picker's message. */
export const NotARealDate: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Date of Birth' }), '02/30/2024');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenCalledWith(DATE_INPUT_NOT_A_DATE);
    await expect(canvas.getByText('Enter a real date.')).toBeVisible();
  },
};
