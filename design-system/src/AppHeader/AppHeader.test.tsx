import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './AppHeader.stories';

const { Default, ServiceUser } = composeStories(stories);

describe('AppHeader', () => {
  it('is the banner, with the college name and the application title', async () => {
    await Default.run();
    const banner = page.getByRole('banner');
    await expect.element(banner.getByText('Gallatin College MSU')).toBeVisible();
    await expect.element(banner.getByText('Undergraduate Application')).toBeVisible();
  });

  it('holds the step navigation and the account popover', async () => {
    await Default.run();
    const banner = page.getByRole('banner');
    await expect
      .element(banner.getByRole('navigation', { name: 'Application steps' }))
      .toBeVisible();
    await userEvent.click(banner.getByRole('button', { name: 'Account' }));
    await expect.element(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
  });

  it('shows neither navigation nor account for a service user (SPEC §6)', async () => {
    await ServiceUser.run();
    await expect.element(page.getByText('Gallatin College MSU')).toBeVisible();
    await expect.element(page.getByRole('navigation')).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });
});
