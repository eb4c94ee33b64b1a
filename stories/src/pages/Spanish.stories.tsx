// First: the app's modules, imported below, read their language once (.storybook/language.ts).
import { SPANISH } from './spanish.ts';

import { type Meta, type StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { pageMeta } from './pageStory.tsx';

/**
 * The app's pages in Spanish, as an applicant who chose it reads them: the app's texts from its
 * catalogues, the college's from its `locales/es.json`, MUI's and the date picker's own. Every
 * story here is Spanish whatever the Language toolbar says (the toolbar puts the other page
 * stories in any language); each passes axe like every story, with `lang="es"` on the page.
 */
const meta = {
  ...pageMeta,
  title: 'Pages/Spanish',
  tags: ['!autodocs'],
  args: { initialPath: '/about' },
  globals: { language: SPANISH },
} satisfies Meta<typeof pageMeta.component>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOADED = { timeout: 20_000 };

/** Step 1 as a visitor sees it: the header, the steps and the college's questions in Spanish. */
export const VisitorAboutYou: Story = {
  parameters: { applicant: 'visitor' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Información personal' }, LOADED);
    await expect(document.documentElement.lang).toBe(SPANISH);
    // The applicant's own first name (a parent's further down is labelled the same).
    const [firstName] = canvas.getAllByRole('textbox', { name: /^Nombre\W*$/ });
    await expect(firstName).toBeVisible();
    // The switch offers the other language, named in its own.
    const languages = canvas.getByRole('navigation', { name: 'Idioma / Language' });
    await expect(within(languages).getByRole('link', { name: 'English' })).toBeVisible();
  },
};

/** The login page: the account texts from the app's catalogue. */
export const LogIn: Story = {
  args: { initialPath: '/login' },
  parameters: { applicant: 'visitor' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, LOADED);
    await expect(canvas.queryByRole('heading', { name: 'Log In' })).toBeNull();
  },
};

/** Step 1 of a logged-in applicant, answers filled in by the mocked server. */
export const ApplicantAboutYou: Story = {
  parameters: { applicant: 'returning' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Información personal' }, LOADED);
    await expect(canvas.getByRole('button', { name: 'Guardar y continuar' })).toBeVisible();
  },
};
