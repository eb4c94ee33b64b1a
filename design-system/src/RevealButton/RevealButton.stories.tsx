import { Box, Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { fn } from 'storybook/test';

import { TextInput } from '../TextInput';
import { RevealButton, type RevealButtonProps } from './RevealButton';

/** The revealed question, focused when it appears (the button it replaces is gone). */
function PreviousName() {
  const [value, setValue] = useState('');
  useEffect(() => {
    document.getElementById('prev_name')?.focus();
  }, []);
  return (
    <TextInput
      id="prev_name"
      label="Previous Last Name"
      maxLength={45}
      value={value}
      onChange={setValue}
    />
  );
}

/** SPEC §4 trigger: before-content and the button, then the after-content once pressed. */
function Trigger(props: RevealButtonProps) {
  const [pressed, setPressed] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>Have you used another last name on school records?</Typography>
      {pressed ? (
        <PreviousName />
      ) : (
        <RevealButton
          {...props}
          onClick={() => {
            setPressed(true);
            props.onClick();
          }}
        />
      )}
    </Box>
  );
}

const meta = {
  title: 'Inputs/RevealButton',
  component: RevealButton,
  render: (args) => <Trigger {...args} />,
  args: {
    id: 'add_prev_name',
    label: 'Add a previous name',
    onClick: fn(),
  },
} satisfies Meta<typeof RevealButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before it is pressed: the button, collapsed. Press it to see the revealed question. */
export const Default: Story = {};

export const Disabled: Story = {
  args: { disabled: true },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};
