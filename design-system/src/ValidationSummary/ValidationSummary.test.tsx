import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './ValidationSummary.stories';

const { Default, AfterSubmit } = composeStories(stories);

describe('ValidationSummary', () => {
  it('is a region named "We are missing some information!" (SPEC §2)', async () => {
    await Default.run();
    const summary = page.getByRole('region', { name: 'We are missing some information!' });
    await expect.element(summary).toBeVisible();
    await expect
      .element(summary.getByRole('heading', { level: 2, name: 'We are missing some information!' }))
      .toBeVisible();
    await expect.element(summary.getByText(/links below show what still needs/)).toBeVisible();
  });

  it('links each missing answer to /{page}#{key} (SPEC §2)', async () => {
    await Default.run();
    const summary = page.getByRole('region', { name: 'We are missing some information!' });
    expect(summary.getByRole('listitem').elements()).toHaveLength(4);
    await expect
      .element(summary.getByRole('link', { name: 'First Name is a required field' }))
      .toHaveAttribute('href', '/about#first_name');
    await expect
      .element(summary.getByRole('link', { name: 'High School Name is a required field' }))
      .toHaveAttribute('href', '/education#hs_name');
  });

  it('tells the app which link was followed, so it can route and move focus', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('link', { name: 'City is a required field' }));
    expect(Default.args.onNavigate).toHaveBeenCalledExactlyOnceWith(
      '/about#mailing_city',
      expect.anything(),
    );
  });

  it('takes focus when it appears, and Tab goes on to its first link', async () => {
    await AfterSubmit.run();
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    const summary = page.getByRole('region', { name: 'We are missing some information!' });
    await expect.element(summary).toHaveFocus();
    await userEvent.tab();
    await expect
      .element(page.getByRole('link', { name: 'First Name is a required field' }))
      .toHaveFocus();
  });
});
