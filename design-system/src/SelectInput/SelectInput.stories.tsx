import { usStates, yesNo } from '@admit/form-model';
import { Box } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { SelectInput, type SelectInputProps } from './SelectInput';

/** Holds the value the way a form would, so choosing in a story shows up. */
function ControlledSelectInput(props: SelectInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SelectInput
      {...props}
      value={value}
      onChange={(next, label) => {
        setValue(next);
        props.onChange(next, label);
      }}
    />
  );
}

const meta = {
  title: 'Inputs/SelectInput',
  component: SelectInput,
  // Remount when the value control changes, so the control and the select agree.
  render: (args) => <ControlledSelectInput key={args.value} {...args} />,
  args: {
    id: 'mailing_state',
    label: 'State',
    options: usStates,
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof SelectInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §5: nothing chosen shows the empty "--" option. */
export const Default: Story = {};

export const Chosen: Story = {
  args: { value: 'MT' },
};

export const Required: Story = {
  args: { required: true },
};

export const WithHint: Story = {
  args: { hint: 'Where you receive mail.' },
};

export const WithError: Story = {
  args: { required: true, error: 'State is a required field' },
};

export const Disabled: Story = {
  args: { value: 'MT', disabled: true },
};

/** A short list, as for the yes/no questions (SPEC §3: `{key}_desc` keeps the label). */
export const YesNo: Story = {
  args: {
    id: 'us_citizen',
    label: 'Are you a citizen of the United States?',
    options: yesNo,
    required: true,
  },
};

/** The menu open: "--" first, the chosen option marked, at most 300 px tall (SPEC §9). */
export const Open: Story = {
  args: { value: 'MT' },
  play: async ({ canvasElement }) => {
    const combobox = within(canvasElement).getByRole('combobox', { name: 'State' });
    await userEvent.click(combobox);
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  },
};

/**
 * A filter (the admissions office's list): the empty option means "any", and says so. The
 * applicant's selects keep SPEC §5's "--".
 */
export const FilterWithEmptyLabel: Story = {
  args: {
    id: 'status',
    label: 'Status',
    options: [
      { value: 'started', label: 'Started' },
      { value: 'submitted', label: 'Submitted' },
    ],
    emptyLabel: 'All statuses',
  },
  play: async ({ canvasElement }) => {
    const combobox = within(canvasElement).getByRole('combobox', { name: 'Status' });
    await expect(combobox).toHaveTextContent('All statuses');
    await userEvent.click(combobox);
    const listbox = within(canvasElement.ownerDocument.body).getByRole('listbox');
    await expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('All statuses');
    await expect(within(listbox).queryByText('--')).toBeNull();
  },
};

/**
 * SPEC §9 collision padding: near the bottom of the window the menu opens above the select,
 * keeping 100 px clear of the edge.
 */
export const NearWindowBottom: Story = {
  render: (args) => (
    <>
      <Box sx={{ height: 'calc(100vh - 140px)' }} />
      <ControlledSelectInput {...args} />
    </>
  ),
  play: Open.play,
};

export const Themed: Story = {
  args: { value: 'MT', hint: 'Where you receive mail.', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { required: true, error: 'State is a required field' },
  globals: { theme: 'example' },
};
