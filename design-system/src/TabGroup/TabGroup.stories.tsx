import { Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';

import { UploadInProgressDialog } from '../FileInput';
import { TabGroup, type TabGroupProps } from './TabGroup';

const essayTabs = [
  { id: 'upload', label: 'Upload a file' },
  { id: 'type', label: 'Type your essay' },
];

/** What each tab of the stories shows. */
const panels: Record<string, string> = {
  upload: 'Upload your essay as a .pdf or .docx file of at most 1 MB.',
  type: 'Type or paste your essay here; up to 1500 characters.',
  later: 'You can send your essay by post within two weeks of submitting.',
};

/** Holds the chosen tab the way a form would, so switching shows up. */
function ControlledTabGroup(props: TabGroupProps) {
  const [value, setValue] = useState(props.value);
  return (
    <TabGroup
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    >
      <Typography>{panels[value] ?? `The ${value} tab.`}</Typography>
    </TabGroup>
  );
}

const meta = {
  title: 'Inputs/TabGroup',
  component: TabGroup,
  // Remount when the value control changes, so the control and the tabs agree.
  render: (args) => <ControlledTabGroup key={args.value} {...args} />,
  args: {
    id: 'essay_tabs',
    label: 'How to give your essay',
    tabs: essayTabs,
    value: 'upload',
    onChange: fn(),
    children: null,
  },
} satisfies Meta<typeof TabGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ThreeTabs: Story = {
  args: { tabs: [...essayTabs, { id: 'later', label: 'Send it later' }], value: 'type' },
};

/** Long labels on a phone: the tab list scrolls sideways instead of overflowing the page. */
export const ManyTabs: Story = {
  args: {
    id: 'residency_tabs',
    label: 'Residency evidence',
    tabs: [
      { id: 'tax', label: 'State tax return' },
      { id: 'licence', label: "Driver's licence" },
      { id: 'voter', label: 'Voter registration' },
      { id: 'vehicle', label: 'Vehicle registration' },
    ],
    value: 'tax',
  },
};

export const Disabled: Story = {
  args: { disabled: true },
};

/** SPEC §4: a switch asked to wait while the tab's file is still uploading is refused. */
export const BlockedWhileUploading: Story = {
  render: function Render(args) {
    const [blocked, setBlocked] = useState(false);
    return (
      <>
        <ControlledTabGroup
          {...args}
          beforeChange={(next) => {
            // The spy records the question; this story always refuses.
            void args.beforeChange?.(next);
            setBlocked(true);
            return false;
          }}
        />
        <UploadInProgressDialog
          open={blocked}
          onClose={() => {
            setBlocked(false);
          }}
        />
      </>
    );
  },
  args: { beforeChange: fn(() => false) },
};

/** The caller may check with the server first (conversion status) before allowing a switch. */
export const CheckedBeforeSwitching: Story = {
  args: {
    beforeChange: fn(
      () =>
        new Promise<boolean>((resolve) => {
          setTimeout(() => {
            resolve(true);
          }, 300);
        }),
    ),
  },
};

export const Themed: Story = {
  args: { tabs: [...essayTabs, { id: 'later', label: 'Send it later' }] },
  globals: { theme: 'example' },
};
