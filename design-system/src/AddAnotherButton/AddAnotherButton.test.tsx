import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './AddAnotherButton.stories';

const { Default, NearMax, AtMax, AtCustomMax, Disabled } = composeStories(stories);

const button = () => page.getByRole('button', { name: 'Add Another College' });

describe('AddAnotherButton', () => {
  it('adds one group per press', async () => {
    await Default.run();
    await userEvent.click(button());
    await userEvent.click(button());
    expect(Default.args.onClick).toHaveBeenCalledTimes(2);
    await expect.element(page.getByText('Colleges shown: 3')).toBeVisible();
  });

  it('stops at the maximum of 10 and says why (SPEC §4, §9)', async () => {
    await NearMax.run();
    await expect.element(button()).toBeEnabled();
    await userEvent.click(button());
    await expect.element(button()).toBeDisabled();
    await expect.element(page.getByText('You can add up to 10.')).toBeVisible();
    await expect.element(button()).toHaveAccessibleDescription('You can add up to 10.');
    expect(NearMax.args.onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled with its explanation when shown at the maximum', async () => {
    await AtMax.run();
    await expect.element(button()).toBeDisabled();
    await expect.element(page.getByText('You can add up to 10.')).toBeVisible();
  });

  it('honours a lower maximum', async () => {
    await AtCustomMax.run();
    await expect.element(button()).toBeDisabled();
    await expect.element(page.getByText('You can add up to 3.')).toBeVisible();
  });

  it('says nothing about a limit below it', async () => {
    await Default.run();
    await expect.element(page.getByText(/You can add up to/)).not.toBeInTheDocument();
  });

  it('cannot be pressed when disabled', async () => {
    await Disabled.run();
    await expect.element(button()).toBeDisabled();
  });
});
