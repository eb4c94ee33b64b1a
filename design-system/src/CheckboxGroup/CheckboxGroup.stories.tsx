import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { CheckboxGroup, type CheckboxGroupOption, type CheckboxGroupProps } from './CheckboxGroup';

/** Holds the ticks the way a form would, so ticking in a story shows up. */
function ControlledCheckboxGroup(props: CheckboxGroupProps) {
  const [options, setOptions] = useState(props.options);
  return (
    <CheckboxGroup
      {...props}
      options={options}
      onChange={(key, checked) => {
        setOptions((current) =>
          current.map((option) => (option.key === key ? { ...option, checked } : option)),
        );
        props.onChange(key, checked);
      }}
    />
  );
}

const races: CheckboxGroupOption[] = [
  { key: 'race_american_indian', label: 'American Indian or Alaska Native', checked: false },
  { key: 'race_asian', label: 'Asian', checked: false },
  { key: 'race_black', label: 'Black or African American', checked: false },
  {
    key: 'race_native_hawaiian',
    label: 'Native Hawaiian or Other Pacific Islander',
    checked: false,
  },
  { key: 'race_white', label: 'White', checked: false },
];

const crimes: CheckboxGroupOption[] = [
  { key: 'crime_arson', label: 'Arson', checked: false },
  { key: 'crime_assault', label: 'Assault', checked: false },
  { key: 'crime_drugs', label: 'Drug offences', checked: false },
  { key: 'crime_no', label: 'None of these', checked: false },
];

const meta = {
  title: 'Inputs/CheckboxGroup',
  component: CheckboxGroup,
  render: (args) => <ControlledCheckboxGroup {...args} />,
  args: {
    id: 'race',
    label: 'Which of these describe you?',
    hint: 'Select all that apply.',
    options: races,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof CheckboxGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SomeChecked: Story = {
  args: {
    options: races.map((race) => ({
      ...race,
      checked: race.key !== 'race_white' && race.key !== 'race_black',
    })),
  },
};

/** Short answers side by side. */
export const Row: Story = {
  args: {
    id: 'crime',
    label: 'Have you ever been convicted of any of these?',
    hint: undefined,
    options: crimes,
    row: true,
  },
};

/** SPEC §5: "None of these" must be ticked unless an item is. */
export const WithError: Story = {
  args: {
    id: 'crime',
    label: 'Have you ever been convicted of any of these?',
    hint: 'Tick "None of these" if none apply.',
    options: crimes,
    required: true,
    error: 'Select the crimes that apply, or "None of these".',
  },
};

export const Disabled: Story = {
  args: {
    options: races.map((race) => ({ ...race, checked: race.key === 'race_asian' })),
    disabled: true,
  },
};

export const Themed: Story = {
  args: { ...SomeChecked.args },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { ...WithError.args },
  globals: { theme: 'example' },
};
