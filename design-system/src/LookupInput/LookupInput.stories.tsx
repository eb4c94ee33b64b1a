import { type Meta, type StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { LookupInput, type LookupInputProps, type LookupSuggestion } from './LookupInput';

/** A few colleges as the lookup service would send them (SPEC §3 suggestion shape). */
const colleges: LookupSuggestion[] = [
  { id: '2421', text: 'Montana State University', sub_text: 'Bozeman, MT' },
  { id: '4538', text: 'Montana State University Billings', sub_text: 'Billings, MT' },
  { id: '4540', text: 'Montana State University Northern', sub_text: 'Havre, MT' },
  { id: '4489', text: 'University of Montana', sub_text: 'Missoula, MT' },
  { id: '4541', text: 'Montana Technological University', sub_text: 'Butte, MT' },
  { id: '2536', text: 'Gallatin College MSU', sub_text: 'Bozeman, MT' },
];

/** SPEC §9: the service returns at most five suggestions. */
const LOOKUP_MAX_RESULTS = 5;

/** Resolves after `ms`, or rejects when the lookup is superseded. */
function delay(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/** A stand-in for `GET /lookup/find?text=…&category=college_ceeb&max_results=5`. */
async function findColleges(text: string, signal: AbortSignal): Promise<LookupSuggestion[]> {
  await delay(150, signal);
  const words = text.toLowerCase().split(/\s+/);
  return colleges
    .filter((college) => words.every((word) => college.text.toLowerCase().includes(word)))
    .slice(0, LOOKUP_MAX_RESULTS);
}

/** Holds the stored text the way a form would, so picking and clearing show up. */
function ControlledLookupInput(props: LookupInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <LookupInput
      {...props}
      value={value}
      onChange={(change) => {
        setValue(change.label);
        props.onChange(change);
      }}
      onClear={() => {
        setValue('');
        props.onClear();
      }}
    />
  );
}

const meta = {
  title: 'Inputs/LookupInput',
  component: LookupInput,
  // Remount when the value control changes, so the control and the input agree.
  render: (args) => <ControlledLookupInput key={args.value} {...args} />,
  args: {
    id: 'college_name',
    label: 'College Name',
    hint: 'Start typing, then pick your college or use what you typed.',
    maxLength: 100,
    value: '',
    fetchSuggestions: fn(findColleges),
    onChange: fn(),
    onClear: fn(),
    onBlur: fn(),
  },
  parameters: {
    // The suggestion list opens below the input: give it room on the docs page.
    docs: { story: { height: '360px' } },
  },
} satisfies Meta<typeof LookupInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** An answer already stored: the input shows it and offers a clear button on hover. */
export const Filled: Story = {
  args: { value: 'Montana State University' },
};

export const Required: Story = {
  args: { required: true },
};

export const WithError: Story = {
  args: { required: true, error: 'College Name is a required field' },
};

export const Disabled: Story = {
  args: { value: 'Montana State University', disabled: true },
};

/** SPEC §4: the list after typing: the typed text first ("Use: …"), then the suggestions. */
export const Suggestions: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'College Name' });
    await userEvent.type(input, 'montana state');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(
      await within(listbox).findByRole('option', { name: /Montana State University Billings/ }),
    ).toBeVisible();
  },
};

/**
 * Put in place of a plain input someone was typing into (an app loading the lookup on use):
 * focus arriving opens the list, with the text already there looked up.
 */
export const OpenOnFocus: Story = {
  args: { value: 'montana state', openOnFocus: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'College Name' });
    input.focus();
    const listbox = await within(document.body).findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: 'Use: montana state' })).toBeVisible();
    await expect(
      await within(listbox).findByRole('option', { name: /Montana State University Billings/ }),
    ).toBeVisible();
  },
};

/** SPEC §4: while a lookup runs, a spinner in the input says "Loading suggestions". */
export const Loading: Story = {
  args: {
    // A lookup that never answers, so the loading state stays on screen.
    fetchSuggestions: fn(
      (_text: string, signal: AbortSignal) =>
        new Promise<LookupSuggestion[]>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(signal.reason as Error);
          });
        }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'College Name' }), 'Gallatin');
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading suggestions' }),
    ).toBeVisible();
  },
};

/** SPEC §7, §8: a failed lookup gives an empty list; only "Use: …" is offered. */
export const LookupFails: Story = {
  args: {
    fetchSuggestions: fn<LookupInputProps['fetchSuggestions']>(() =>
      Promise.reject(new Error('502 Bad Gateway')),
    ),
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'College Name' });
    await userEvent.type(input, 'Flathead Valley');
    await expect(
      await within(document.body).findByRole('option', { name: 'Use: Flathead Valley' }),
    ).toBeVisible();
  },
};

export const Themed: Story = {
  args: { value: 'Montana State University', required: true },
  globals: { theme: 'example' },
};

export const ThemedWithError: Story = {
  args: { required: true, error: 'College Name is a required field' },
  globals: { theme: 'example' },
};
