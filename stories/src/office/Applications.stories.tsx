import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

import { LOADED, mockOfficeOf, officeMeta } from './officeStory.tsx';

/** The applications list at /office: search, filters, sorting, paging, export. */
const meta = {
  ...officeMeta,
  title: 'Office/Applications',
  tags: ['!autodocs'],
  parameters: { ...officeMeta.parameters },
} satisfies Meta<typeof officeMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { initialPath: '/' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Applications' }, LOADED);
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    await expect(within(table).getByRole('columnheader', { name: /Submitted/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(canvas.getByRole('link', { name: 'Audit log' })).toBeVisible();
    await expect(canvas.getByLabelText(/Include full SSNs/)).toBeInTheDocument();
  },
};

/** A reader: no audit log link, no full-SSN export. */
export const AsReader: Story = {
  args: { initialPath: '/' },
  parameters: { office: { role: 'reader' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Applications' }, LOADED);
    await expect(canvas.queryByRole('link', { name: 'Audit log' })).toBeNull();
    await expect(canvas.queryByLabelText(/Include full SSNs/)).toBeNull();
  },
};

/** A search that finds nothing: the empty state says the filters are why, and clears them. */
export const NoMatch: Story = {
  args: { initialPath: '/?q=nobody' },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByText('No applications match these filters.', {}, LOADED),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Clear the filters' }));
    await canvas.findByRole('table', { name: 'Applications' }, LOADED);
    await expect(canvas.getByRole('textbox', { name: /Search/ })).toHaveValue('');
  },
};

/** No application at all yet. */
export const Empty: Story = {
  args: { initialPath: '/' },
  parameters: { office: { applications: [] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No applications yet.', {}, LOADED)).toBeVisible();
  },
};

/** Search on Enter, sort by a header: each asks the server with the list's address. */
export const SearchAndSort: Story = {
  args: { initialPath: '/' },
  play: async ({ canvas, userEvent, loaded }) => {
    await canvas.findByRole('table', { name: 'Applications' }, LOADED);
    await userEvent.type(canvas.getByRole('textbox', { name: /Search/ }), 'hopper{Enter}');
    await waitFor(async () => {
      await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    });
    await userEvent.click(canvas.getByRole('button', { name: /Name/ }));
    await waitFor(async () => {
      await expect(mockOfficeOf(loaded).requests.map((request) => request.search)).toContain(
        '?q=hopper&sort=name&page=1',
      );
    });
  },
};

/** Export CSV: read as it streams, then saved; the live region says how much. */
export const Exported: Story = {
  args: { initialPath: '/' },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table', { name: 'Applications' }, LOADED);
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(
      await canvas.findByText(/Saved applications-2026-11-28\.csv: 4 rows/, {}, LOADED),
    ).toBeVisible();
  },
};
