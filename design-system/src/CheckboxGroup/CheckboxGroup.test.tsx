import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './CheckboxGroup.stories';

const { Default, SomeChecked, WithError, Disabled } = composeStories(stories);

const races = () => page.getByRole('group', { name: 'Which of these describe you?' });

describe('CheckboxGroup', () => {
  it('is a group named by its legend, described by its hint, one checkbox per answer', async () => {
    await Default.run();
    expect(races().element().tagName).toBe('FIELDSET');
    await expect.element(races()).toHaveAccessibleDescription('Select all that apply.');
    expect(races().getByRole('checkbox').elements()).toHaveLength(5);
    // Each checkbox is its own answer, anchored by its key.
    await expect
      .element(page.getByRole('checkbox', { name: 'Asian' }))
      .toHaveAttribute('id', 'race_asian');
  });

  it('shows which are ticked', async () => {
    await SomeChecked.run();
    await expect.element(page.getByRole('checkbox', { name: 'Asian' })).toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'White' })).not.toBeChecked();
  });

  it('gives the key and the new state of the checkbox changed', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('checkbox', { name: 'White' }));
    expect(Default.args.onChange).toHaveBeenLastCalledWith('race_white', true);
    await userEvent.click(page.getByRole('checkbox', { name: 'Asian' }));
    expect(Default.args.onChange).toHaveBeenLastCalledWith('race_asian', true);
    await userEvent.click(page.getByRole('checkbox', { name: 'White' }));
    expect(Default.args.onChange).toHaveBeenLastCalledWith('race_white', false);
    await expect.element(page.getByRole('checkbox', { name: 'Asian' })).toBeChecked();
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('shows the error, the error icon, and ties the message to the group', async () => {
    await WithError.run();
    const crimes = page.getByRole('group', {
      name: 'Have you ever been convicted of any of these?',
    });
    await expect
      .element(crimes)
      .toHaveAccessibleDescription(
        'Tick "None of these" if none apply. Error: Select the crimes that apply, or "None of these".',
      );
    await expect.element(page.getByRole('checkbox', { name: 'None of these' })).toBeInvalid();
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be changed when disabled', async () => {
    await Disabled.run();
    for (const checkbox of races().getByRole('checkbox').all()) {
      await expect.element(checkbox).toBeDisabled();
    }
  });
});
