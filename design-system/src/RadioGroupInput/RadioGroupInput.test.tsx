import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './RadioGroupInput.stories';

const { Default, Chosen, Column, Required, WithHint, WithError, Disabled } =
  composeStories(stories);

const question = 'Are you a citizen of the United States?';
const group = () => page.getByRole('radiogroup', { name: question });

describe('RadioGroupInput', () => {
  it('is a radio group named by its legend, one radio per answer', async () => {
    await Default.run();
    await expect.element(group()).toBeVisible();
    expect(group().element().tagName).toBe('FIELDSET');
    await expect.element(group().getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    await expect.element(group().getByRole('radio', { name: 'No' })).not.toBeChecked();
    // The first radio carries the answer key, for `#us_citizen` links.
    await expect
      .element(page.getByRole('radio', { name: 'Yes' }))
      .toHaveAttribute('id', 'us_citizen');
  });

  it('shows the chosen answer', async () => {
    await Chosen.run();
    await expect.element(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  });

  it('gives the value and the label when an answer is clicked', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('radio', { name: 'No' }));
    expect(Default.args.onChange).toHaveBeenCalledWith('N', 'No');
    await expect.element(page.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('moves between answers with the arrow keys', async () => {
    await Column.run();
    await userEvent.click(page.getByRole('radio', { name: 'High school diploma' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(Column.args.onChange).toHaveBeenLastCalledWith('G', 'GED or HiSET');
    await expect.element(page.getByRole('radio', { name: 'GED or HiSET' })).toHaveFocus();
    await userEvent.tab();
    expect(Column.args.onBlur).toHaveBeenCalled();
  });

  it('marks a required group for sight and for screen readers', async () => {
    await Required.run();
    await expect
      .element(page.getByText(/^Are you a citizen of the United States\?\s*\*$/))
      .toBeVisible();
    await expect.element(group()).toHaveAttribute('aria-required', 'true');
  });

  it('describes the group with its hint', async () => {
    await WithHint.run();
    await expect.element(group()).toHaveAccessibleDescription('Permanent residents answer No.');
  });

  it('shows the error, the error icon, and ties the message to the group', async () => {
    await WithError.run();
    await expect.element(group()).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(group())
      .toHaveAccessibleDescription(`Error: ${question} is a required field`);
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be changed when disabled', async () => {
    await Disabled.run();
    await expect.element(page.getByRole('radio', { name: 'Yes' })).toBeDisabled();
    await expect.element(page.getByRole('radio', { name: 'No' })).toBeDisabled();
  });
});
