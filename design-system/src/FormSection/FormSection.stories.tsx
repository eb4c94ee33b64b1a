import { Box } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';

import { Notice } from '../Notice';
import { TextInput } from '../TextInput';
import { FormSection } from './FormSection';

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

/** The first section of the About page (SPEC §3 name keys). */
const nameFields = (
  <>
    <Field id="first_name" label="First Name" required />
    <Field id="middle_name" label="Middle Name" />
    <Field id="last_name" label="Last Name" required />
  </>
);

const meta = {
  title: 'Layout/FormSection',
  component: FormSection,
  args: {
    id: 'name',
    title: 'Your Name',
    level: 2,
    children: nameFields,
  },
  argTypes: {
    level: { control: 'inline-radio', options: [2, 3] },
    description: { control: 'text' },
    children: { control: false },
  },
} satisfies Meta<typeof FormSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A page section: an h2 card. */
export const Default: Story = {};

/** With a sentence under the heading that describes the section. */
export const WithDescription: Story = {
  args: {
    description: 'Enter your name as it appears on your high school transcript.',
  },
};

/** A level-3 group inside a page section: set off by a rule, not another card. */
export const Nested: Story = {
  args: {
    id: 'parents',
    title: 'Parent or Guardian',
    description: 'Tell us about up to two parents or guardians.',
    children: (
      <>
        <Notice>Parent details help us tell you about family scholarships.</Notice>
        <FormSection id="parent_1" title="Parent or Guardian 1" level={3}>
          <Field id="parent_first_name" label="First Name" />
          <Field id="parent_last_name" label="Last Name" />
        </FormSection>
        <FormSection id="parent_2" title="Parent or Guardian 2" level={3}>
          <Field id="parent_2_first_name" label="First Name" />
          <Field id="parent_2_last_name" label="Last Name" />
        </FormSection>
      </>
    ),
  },
};

/** Two sections one after the other, as on a long page. */
export const Stacked: Story = {
  render: (args) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <FormSection {...args} />
      <FormSection id="contact" title="Contact">
        <Field id="email_address" label="Email Address" />
        <Field id="phone_mobile" label="Cell Phone" />
      </FormSection>
    </Box>
  ),
};

export const Themed: Story = {
  args: { description: 'Enter your name as it appears on your high school transcript.' },
  globals: { theme: 'example' },
};
