import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { LOADED, officeMeta, PHONE } from './officeStory.tsx';

/** The audit log at /office/audit: officers only. */
const meta = {
  ...officeMeta,
  title: 'Office/Audit log',
  tags: ['!autodocs'],
  parameters: { ...officeMeta.parameters },
} satisfies Meta<typeof officeMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Officer: Story = {
  args: { initialPath: '/audit' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Audit log' }, LOADED);
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
    await expect(within(table).getByText('Revealed an SSN')).toBeVisible();
  },
};

/**
 * On a phone each entry is a list item: its time as the heading, then who, what and which
 * application, labelled; nothing scrolls sideways.
 */
export const OfficerOnPhone: Story = {
  ...PHONE,
  args: { initialPath: '/audit' },
  play: async ({ canvas, canvasElement }) => {
    const list = await canvas.findByRole('list', { name: 'Audit log' }, LOADED);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(5);
    await expect(within(list).getByText('Revealed an SSN')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Audit log pages' })).toBeVisible();
    const page = canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};

export const Empty: Story = {
  args: { initialPath: '/audit' },
  parameters: { office: { audit: [] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No entries match these filters.', {}, LOADED),
    ).toBeVisible();
  },
};

/** A reader is told only officers may read it. */
export const Reader: Story = {
  args: { initialPath: '/audit' },
  parameters: { office: { role: 'reader' } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Only admissions officers may read the audit log.', {}, LOADED),
    ).toBeVisible();
  },
};
