import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';

import { FormSection } from '../FormSection';
import { TextInput } from '../TextInput';
import { Fieldset } from './Fieldset';

/** A text input that holds its own value, as the form would. */
function Field({ id, label, required }: { id: string; label: string; required?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <TextInput
      id={id}
      label={label}
      required={required}
      maxLength={45}
      value={value}
      onChange={setValue}
    />
  );
}

/** An address's questions, their keys starting with `prefix` (SPEC §3 address keys). */
function addressFields(prefix: string) {
  return (
    <>
      <Field id={`${prefix}address_line_1`} label="Street 1" required />
      <Field id={`${prefix}city`} label="City" required />
      <Field id={`${prefix}zip`} label="ZIP Code" required />
    </>
  );
}

const meta = {
  title: 'Layout/Fieldset',
  component: Fieldset,
  args: {
    legend: 'Mailing address',
    children: addressFields('mailing_'),
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof Fieldset>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = {
  args: { hint: 'Your mailing address is where letters about your application go.' },
};

/** Two addresses in one section: each "City" is heard within its own address. */
export const TwoAddresses: Story = {
  render: () => (
    <FormSection title="Contact Information" level={2}>
      <Fieldset legend="Mailing address">{addressFields('mailing_')}</Fieldset>
      <Fieldset legend="Permanent address">{addressFields('')}</Fieldset>
    </FormSection>
  ),
};

export const Themed: Story = {
  args: { hint: 'Where you live most of the year.', legend: 'Permanent address' },
  globals: { theme: 'example' },
};
