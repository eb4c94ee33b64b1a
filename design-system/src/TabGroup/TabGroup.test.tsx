import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './TabGroup.stories';

const { Default, ThreeTabs, Disabled, BlockedWhileUploading, CheckedBeforeSwitching } =
  composeStories(stories);

const tab = (name: string) => page.getByRole('tab', { name });

describe('TabGroup', () => {
  it('is a tab list named by its label, the chosen tab selected and naming the panel', async () => {
    await Default.run();
    await expect
      .element(page.getByRole('tablist', { name: 'How to give your essay' }))
      .toBeVisible();
    await expect.element(tab('Upload a file')).toHaveAttribute('aria-selected', 'true');
    await expect.element(tab('Type your essay')).toHaveAttribute('aria-selected', 'false');
    await expect
      .element(page.getByRole('tabpanel', { name: 'Upload a file' }))
      .toHaveTextContent('Upload your essay as a .pdf or .docx file of at most 1 MB.');
  });

  it('switches tab on click and reports the chosen id', async () => {
    await Default.run();
    await userEvent.click(tab('Type your essay'));
    expect(Default.args.onChange).toHaveBeenLastCalledWith('type');
    await expect.element(tab('Type your essay')).toHaveAttribute('aria-selected', 'true');
    await expect
      .element(page.getByRole('tabpanel', { name: 'Type your essay' }))
      .toHaveTextContent(/up to 1500 characters/);
  });

  it('moves between tabs with the arrow keys and chooses with Enter', async () => {
    await ThreeTabs.run();
    await userEvent.tab();
    await expect.element(tab('Type your essay')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Send it later')).toHaveFocus();
    // Moving focus alone never switches: switching clears the other tab's answers.
    expect(ThreeTabs.args.onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect.element(tab('Upload a file')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(ThreeTabs.args.onChange).toHaveBeenLastCalledWith('upload');
  });

  it('stays on the tab when beforeChange refuses, and the caller explains why (SPEC §4)', async () => {
    await BlockedWhileUploading.run();
    await userEvent.click(tab('Type your essay'));
    expect(BlockedWhileUploading.args.beforeChange).toHaveBeenCalledWith('type');
    expect(BlockedWhileUploading.args.onChange).not.toHaveBeenCalled();
    await expect
      .element(page.getByRole('dialog', { name: 'File Upload in Progress' }))
      .toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'OK' }));
    await expect.element(tab('Upload a file')).toHaveAttribute('aria-selected', 'true');
  });

  it('switches once an asynchronous beforeChange allows it', async () => {
    await CheckedBeforeSwitching.run();
    await userEvent.click(tab('Type your essay'));
    expect(CheckedBeforeSwitching.args.onChange).not.toHaveBeenCalled();
    await expect.element(tab('Type your essay')).toHaveAttribute('aria-selected', 'true');
    expect(CheckedBeforeSwitching.args.onChange).toHaveBeenCalledWith('type');
  });

  it('cannot switch when disabled', async () => {
    await Disabled.run();
    await expect.element(tab('Type your essay')).toBeDisabled();
  });
});
