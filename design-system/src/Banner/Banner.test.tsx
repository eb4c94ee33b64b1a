import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './Banner.stories';

const { Submitted, FirstLogin, Returning, NotLoggedIn, CustomText } = composeStories(stories);

describe('Banner', () => {
  it.each([
    ['submitted', Submitted, 'Thank you for submitting your application!', /remaining steps/],
    ['first login', FirstLogin, 'Welcome!', /Your account is ready/],
    ['returning', Returning, 'Welcome back!', /where you left off/],
    ['not logged in', NotLoggedIn, 'You are previewing the application.', /not saved/],
  ] as const)('greets the %s applicant (SPEC §1)', async (_state, Story, heading, message) => {
    await Story.run();
    await expect.element(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect.element(page.getByText(message)).toBeVisible();
  });

  it.each([
    ['submitted', Submitted],
    ['first login', FirstLogin],
    ['returning', Returning],
  ] as const)('offers no login link to the %s applicant', async (_state, Story) => {
    await Story.run();
    await expect.element(page.getByRole('link')).not.toBeInTheDocument();
  });

  it('links a visitor to log in, and tells the app', async () => {
    await NotLoggedIn.run();
    const link = page.getByRole('link', { name: 'Log in to save your answers' });
    await expect.element(link).toHaveAttribute('href', '/login');
    await userEvent.click(link);
    expect(NotLoggedIn.args.onLogin).toHaveBeenCalledOnce();
  });

  it('shows the texts it is given', async () => {
    await CustomText.run();
    await expect.element(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
    await expect.element(page.getByText('Academic History is next.')).toBeVisible();
  });
});
