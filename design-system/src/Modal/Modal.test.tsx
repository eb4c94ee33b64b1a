import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './Modal.stories';

const { Default, SizeXs, SizeS, SizeM, WithActions, LoadedOnFirstOpening } =
  composeStories(stories);

/** The dialog's rendered width in px. */
function dialogWidth(): number {
  return page.getByRole('dialog').element().getBoundingClientRect().width;
}

describe('Modal', () => {
  afterEach(async () => {
    await page.viewport(414, 896);
  });

  it('is a dialog named "Error" by default, with a close button (SPEC §2)', async () => {
    await Default.run();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await expect
      .element(dialog.getByText("We've encountered an unexpected error at this time."))
      .toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  });

  it('closes with the close button', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    expect(Default.args.onClose).toHaveBeenCalledOnce();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    await Default.run();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(Default.args.onClose).toHaveBeenCalledOnce();
  });

  it('keeps focus inside while open and gives it back to the trigger on close', async () => {
    await Default.run();
    const dialog = page.getByRole('dialog').element();
    await expect.element(page.getByRole('dialog')).toHaveFocus();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(page.getByRole('button', { name: 'Open modal' }));
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    await expect.element(page.getByRole('button', { name: 'Open modal' })).toHaveFocus();
  });

  it('needs an answer when it cannot be closed: no close button, Escape ignored', async () => {
    await WithActions.run();
    const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).toBeVisible();
    expect(WithActions.args.onClose).not.toHaveBeenCalled();
    await expect.element(dialog.getByRole('button', { name: 'Yes' })).toBeVisible();
  });

  // SPEC §3: xs 30rem, s 60rem, m 80vw; at and below tablet 30rem, 70vw, 90vw (1rem = 16px).
  it.each([
    ['xs', SizeXs, 1280, 480],
    ['s', SizeS, 1280, 960],
    ['m', SizeM, 1280, 1024],
    ['xs', SizeXs, 800, 480],
    ['s', SizeS, 800, 560],
    ['m', SizeM, 800, 720],
  ] as const)('is %s wide at a %i px window: %i px', async (_size, Story, windowWidth, width) => {
    await page.viewport(windowWidth, 900);
    await Story.run();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    expect(dialogWidth()).toBeCloseTo(width, 0);
  });

  it.each([
    ['xs', SizeXs],
    ['s', SizeS],
    ['m', SizeM],
  ] as const)('takes a phone’s width less its margins at every size (%s)', async (_size, Story) => {
    await page.viewport(375, 812);
    await Story.run();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    expect(dialogWidth()).toBeCloseTo(375 - 32, 0);
  });

  it('LazyModal: opens once its code has loaded, and closes back to its trigger', async () => {
    await LoadedOnFirstOpening.run();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Open modal' })).toHaveFocus();
    expect(LoadedOnFirstOpening.args.onClose).toHaveBeenCalledOnce();
  });
});
