import { Typography } from '@mui/material';
import { type Meta, type StoryObj } from '@storybook/react-vite';
import { within } from 'storybook/test';

import { AppFooter } from './AppFooter';

const meta = {
  title: 'Layout/AppFooter',
  component: AppFooter,
  args: {
    helpEmail: 'gallatin.admissions@example.edu',
    helpAddress: ['Gallatin College MSU', 'PO Box 172640', 'Bozeman, MT 59717-2640'],
    helpPhone: '(406) 555-0142',
    privacyParagraphs: [
      'We use the information you give in this application only to consider you for admission and, if you enrol, to keep your student record.',
      'This site sets cookies that are needed to keep you logged in. It sets no advertising or tracking cookies.',
      'You may ask to see or correct the information we hold about you by contacting the admissions office.',
    ],
    children: <Typography variant="body2">© Gallatin College MSU</Typography>,
  },
  argTypes: { children: { control: false } },
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, height: '360px' } },
  },
} satisfies Meta<typeof AppFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The footer with its two buttons. */
export const Default: Story = {};

/** SPEC §1: Help: e-mail, postal address and phone from the tenant. */
export const HelpOpen: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Help' }));
    // The dialog's code loads on first opening: wait for it, so that axe checks it too.
    await within(document.body).findByRole('dialog', { name: 'Help' });
  },
};

/** SPEC §1: the Privacy Policy and Cookie Notice. */
export const PrivacyOpen: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Privacy Policy and Cookie Notice' }));
    await within(document.body).findByRole('dialog', { name: 'Privacy Policy and Cookie Notice' });
  },
};

export const Themed: Story = {
  globals: { theme: 'example' },
};

export const ThemedHelpOpen: Story = {
  globals: { theme: 'example' },
  play: HelpOpen.play,
};

/** Spanish: the Help dialog's labels ("Correo electrónico") set the width of their column. */
export const SpanishHelpOpen: Story = {
  globals: { language: 'es' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ayuda' }));
    await within(document.body).findByRole('dialog', { name: 'Ayuda' });
  },
};
