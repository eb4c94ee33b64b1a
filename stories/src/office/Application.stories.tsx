import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { LOADED, officeMeta } from './officeStory.tsx';

/** One application at /office/applications/:reference, as the print model renders it. */
const meta = {
  ...officeMeta,
  title: 'Office/Application',
  tags: ['!autodocs'],
  parameters: { ...officeMeta.parameters },
} satisfies Meta<typeof officeMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An officer: the SSN masked until "Show SSN". */
export const Officer: Story = {
  args: { initialPath: '/applications/GAL-7K3M-9QX1' },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Grace Hopper' }, LOADED);
    await expect(canvas.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/office/api/applications/GAL-7K3M-9QX1/application.pdf',
    );
    await expect(canvas.getByRole('link', { name: 'hopper-transcript.pdf' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show SSN' }));
    await expect(await canvas.findByText('123-45-6789')).toBeVisible();
  },
};

/** A reader: the SSN masked, no button to show it. */
export const Reader: Story = {
  args: { initialPath: '/applications/GAL-7K3M-9QX1' },
  parameters: { office: { role: 'reader' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Grace Hopper' }, LOADED);
    await expect(canvas.getAllByText('XXX-XX-6789').length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('button', { name: 'Show SSN' })).toBeNull();
  },
};

/** A reference the office does not know: the server's sentence. */
export const NotFound: Story = {
  args: { initialPath: '/applications/GAL-0000-0000' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'No application has that reference.',
    );
  },
};
