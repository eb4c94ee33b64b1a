import { Box, Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { AddAnotherButton, type AddAnotherButtonProps } from './AddAnotherButton';

/** Counts presses the way the form would, and lists the groups it adds. */
function CountingAddAnotherButton(props: AddAnotherButtonProps) {
  const [count, setCount] = useState(props.count);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>
        Colleges shown: <strong>{count}</strong>
      </Typography>
      <AddAnotherButton
        {...props}
        count={count}
        onClick={() => {
          setCount((shown) => shown + 1);
          props.onClick();
        }}
      />
    </Box>
  );
}

const meta = {
  title: 'Inputs/AddAnotherButton',
  component: AddAnotherButton,
  // Remount when the count control changes, so the control and the button agree.
  render: (args) => <CountingAddAnotherButton key={args.count} {...args} />,
  args: {
    id: 'add_college',
    label: 'Add Another College',
    count: 1,
    // SPEC §9: at most 10 groups; the app gives each group its own limit.
    max: 10,
    onClick: fn(),
  },
} satisfies Meta<typeof AddAnotherButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC §9: one group to start with. */
export const Default: Story = {};

/** One press from the maximum of 10 (SPEC §9). */
export const NearMax: Story = {
  args: { count: 9 },
};

/** SPEC §4: at 10 the button is disabled and says why. */
export const AtMax: Story = {
  args: { count: 10 },
};

/** A group with its own, lower limit: up to 3 colleges (SPEC §9). */
export const AtCustomMax: Story = {
  args: { count: 3, max: 3 },
};

export const Disabled: Story = {
  args: { disabled: true },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};

export const ThemedAtMax: Story = {
  args: { count: 10 },
  globals: { theme: 'example' },
};
