import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

import { type ListRow } from '@admit/office-app';

import { APPLICATIONS } from './mockOffice.ts';
import { LOADED, mockOfficeOf, officeMeta, PHONE } from './officeStory.tsx';

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

/** Sets an input's value as a browser does, at once: React's onChange sees it (no await). */
function typeAtOnce(input: HTMLElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Both dates changed before the list has re-rendered with the first (a fast typist, a browser's
 * autofill): the second change keeps the first, and the list asks for both.
 */
export const BothDatesAtOnce: Story = {
  args: { initialPath: '/' },
  play: async ({ canvas, loaded }) => {
    await canvas.findByRole('table', { name: 'Applications' }, LOADED);
    const from = canvas.getByLabelText('Submitted from');
    const to = canvas.getByLabelText('Submitted to');
    // One task, no render between them: what userEvent's awaited steps would never show.
    typeAtOnce(from, '2026-11-01');
    typeAtOnce(to, '2026-11-30');
    await waitFor(async () => {
      await expect(mockOfficeOf(loaded).requests.map((request) => request.search)).toContain(
        '?from=2026-11-01&to=2026-11-30&page=1',
      );
    });
    await expect(from).toHaveValue('2026-11-01');
    await expect(to).toHaveValue('2026-11-30');
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

/**
 * On a phone each application is a list item read top to bottom: its name a heading that
 * opens it, then its cells labelled; nothing scrolls sideways.
 */
export const ListOnPhone: Story = {
  ...PHONE,
  args: { initialPath: '/' },
  play: async ({ canvas, canvasElement }) => {
    const list = await canvas.findByRole('list', { name: 'Applications' }, LOADED);
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(canvas.queryByRole('table')).toBeNull();
    const first = within(items[0] ?? list);
    await expect(first.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
    await expect(first.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
    await expect(first.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Email',
      'Reference',
      'Status',
      'Submitted',
      'Documents',
    ]);
    await expect(first.getByText('grace.hopper@example.org')).toBeVisible();
    await expect(first.getByText('GAL-7K3M-9QX1')).toBeVisible();
    // The application not yet submitted says so where its reference and time would be.
    const started = within(items[3] ?? list);
    await expect(started.getByText('No reference yet')).toBeVisible();
    await expect(started.getByText('Not submitted')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent(
      'Submitted, newest first',
    );
    await expect(canvas.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    const page = canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};

/** A phone sorts with "Sort by": the same `sort` parameter the table's headers set. */
export const SortOnPhone: Story = {
  ...PHONE,
  args: { initialPath: '/' },
  play: async ({ canvas, canvasElement, userEvent, loaded }) => {
    await canvas.findByRole('list', { name: 'Applications' }, LOADED);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort by' }));
    // The options open in a popup outside the story's root.
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'Name, Z to A' }));
    await waitFor(async () => {
      await expect(mockOfficeOf(loaded).requests.map((request) => request.search)).toContain(
        '?sort=-name&page=1',
      );
    });
    await expect(canvas.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent(
      'Name, Z to A',
    );
  },
};

/** A search that finds nothing, on a phone: the same empty state and "Clear the filters". */
export const NoMatchOnPhone: Story = {
  ...PHONE,
  args: { initialPath: '/?q=nobody' },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByText('No applications match these filters.', {}, LOADED),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Clear the filters' }));
    await canvas.findByRole('list', { name: 'Applications' }, LOADED);
  },
};

const LONG_NAME = 'Maria de los Ángeles Fernández-Castellanos Villanueva y Montenegro';
const LONG_EMAIL =
  'maria.de.los.angeles.fernandez-castellanos.villanueva@correo-universitario.example.org';

/**
 * Long values on a phone (a long name, a long e-mail, one with no name yet): they wrap inside
 * their item, and the page still does not scroll sideways.
 */
export const LongValuesOnPhone: Story = {
  ...PHONE,
  args: { initialPath: '/' },
  parameters: {
    ...PHONE.parameters,
    office: {
      applications: [
        { ...APPLICATIONS[0], id: 'long', name: LONG_NAME, email: LONG_EMAIL } as ListRow,
        { ...APPLICATIONS[3], id: 'nameless', name: '', email: LONG_EMAIL } as ListRow,
        ...APPLICATIONS.slice(1, 3),
      ],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const list = await canvas.findByRole('list', { name: 'Applications' }, LOADED);
    await expect(within(list).getByRole('link', { name: LONG_NAME })).toBeVisible();
    // "No name yet" links apart by whose application each opens.
    await expect(
      within(list).getByRole('link', {
        name: (name) =>
          /^No name yet ?, the application of /.test(name) && name.endsWith(LONG_EMAIL),
      }),
    ).toBeVisible();
    const page = canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};
