import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './RevealButton.stories';

const { Default, Disabled } = composeStories(stories);

const button = () => page.getByRole('button', { name: 'Add a previous name' });

describe('RevealButton', () => {
  it('is a collapsed button with its label and id (SPEC §4 trigger)', async () => {
    await Default.run();
    await expect.element(button()).toBeEnabled();
    await expect.element(button()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(button()).toHaveAttribute('id', 'add_prev_name');
  });

  it('reveals the after-content when pressed, in place of the button', async () => {
    await Default.run();
    await userEvent.click(button());
    expect(Default.args.onClick).toHaveBeenCalledOnce();
    await expect.element(page.getByRole('textbox', { name: 'Previous Last Name' })).toHaveFocus();
    await expect.element(button()).not.toBeInTheDocument();
  });

  it('is pressed with the keyboard', async () => {
    await Default.run();
    await userEvent.tab();
    await expect.element(button()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(Default.args.onClick).toHaveBeenCalledOnce();
  });

  it('cannot be pressed when disabled', async () => {
    await Disabled.run();
    await expect.element(button()).toBeDisabled();
  });
});
