import { Button, Stack } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { type MouseEvent, useState } from 'react';
import { fn } from 'storybook/test';

import { ValidationSummary, type ValidationSummaryProps } from './ValidationSummary';

const meta = {
  title: 'Feedback/ValidationSummary',
  component: ValidationSummary,
  args: {
    items: [
      { href: '/about#first_name', label: 'First Name is a required field' },
      { href: '/about#mailing_city', label: 'City is a required field' },
      { href: '/education#hs_name', label: 'High School Name is a required field' },
      { href: '/final-steps#certify_checkbox', label: 'You must certify your application' },
    ],
    // A story has nowhere to go: stay on the page, as the app's router would.
    onNavigate: fn((_href: string, event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
    }),
  },
} satisfies Meta<typeof ValidationSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §2: the summary after a submit with missing answers; it takes focus on arrival. */
export const Default: Story = {};

/** A single missing answer. */
export const OneItem: Story = {
  args: {
    items: [{ href: '/about#us_citizen', label: 'Are you a citizen of the United States?' }],
  },
};

/** The summary appears after Submit, as in the app: focus moves from the button onto it. */
export const AfterSubmit: Story = {
  render: function SubmitThenSummary(args: ValidationSummaryProps) {
    const [submitted, setSubmitted] = useState(false);
    return (
      <Stack sx={{ gap: 2, alignItems: 'flex-start' }}>
        {submitted && <ValidationSummary {...args} />}
        <Button
          variant="contained"
          onClick={() => {
            setSubmitted(true);
          }}
        >
          Submit
        </Button>
      </Stack>
    );
  },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};
