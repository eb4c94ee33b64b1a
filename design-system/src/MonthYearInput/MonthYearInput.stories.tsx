import { yearOptions } from '@admit/form-model';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { MonthYearInput, type MonthYearInputProps } from './MonthYearInput';

/** Holds both values the way a form would, so choosing in a story shows up. */
function ControlledMonthYearInput(props: MonthYearInputProps) {
  const [value, setValue] = useState({ month: props.monthValue, year: props.yearValue });
  return (
    <MonthYearInput
      {...props}
      monthValue={value.month}
      yearValue={value.year}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

// A fixed "today", so the stories (and their screenshots) do not change every January.
const today = new Date('2026-06-01T12:00:00Z');
const pastYears = yearOptions({ count: 60, direction: 'past' }, today);
const futureYears = yearOptions({ count: 3, direction: 'future' }, today);

const meta = {
  title: 'Inputs/MonthYearInput',
  component: MonthYearInput,
  // Remount when a value control changes, so the controls and the selects agree.
  render: (args) => (
    <ControlledMonthYearInput key={`${args.monthValue}-${args.yearValue}`} {...args} />
  ),
  args: {
    id: 'grad_month',
    yearId: 'grad_year',
    label: 'When did you graduate, or when will you?',
    years: pastYears,
    monthValue: '',
    yearValue: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof MonthYearInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §5: both lists begin with "--". */
export const Default: Story = {};

export const Chosen: Story = {
  args: { monthValue: '6', yearValue: '2024' },
};

/** Only the month answered so far. */
export const MonthOnly: Story = {
  args: { monthValue: '6' },
};

/** SPEC §5: a year list may run into the future (a planned SAT). */
export const FutureYears: Story = {
  args: {
    id: 'sat_plan_month',
    yearId: 'sat_plan_year',
    label: 'When do you plan to take the SAT?',
    years: futureYears,
  },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { hint: 'The month on your diploma.' },
};

export const WithError: Story = {
  args: { monthValue: '6', required: true, error: 'The minimum supported year is 2018' },
};

export const Disabled: Story = {
  args: { monthValue: '6', yearValue: '2024', disabled: true },
};

export const Themed: Story = {
  args: { monthValue: '6', yearValue: '2024', hint: 'The month on your diploma.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { monthValue: '6', required: true, error: 'The minimum supported year is 2018' },
  globals: { theme: 'example' },
};
