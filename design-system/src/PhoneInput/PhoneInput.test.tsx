import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './PhoneInput.stories';

const { Default, Filled, Required, WithHint, WithError, Disabled, International } =
  composeStories(stories);

const homePhone = () => page.getByRole('textbox', { name: 'Home Phone' });

/** Puts `text` on the clipboard the way an applicant would: select it somewhere and copy. */
async function copy(text: string) {
  const source = document.createElement('textarea');
  source.value = text;
  document.body.append(source);
  source.select();
  await userEvent.copy();
  source.remove();
}

/** The input's caret position. */
function caret(): number | null {
  return (homePhone().element() as HTMLInputElement).selectionStart;
}

describe('PhoneInput', () => {
  it('is a phone text box named by its label, with the number pad and phone autofill', async () => {
    await Default.run();
    await expect.element(homePhone()).toHaveAttribute('id', 'phone_home');
    await expect.element(homePhone()).toHaveAttribute('type', 'tel');
    await expect.element(homePhone()).toHaveAttribute('inputmode', 'tel');
    await expect.element(homePhone()).toHaveAttribute('autocomplete', 'tel');
  });

  it('masks "(NNN) NNN-NNNN" character by character as typed (SPEC §5)', async () => {
    await Default.run();
    await userEvent.click(homePhone());
    const shown = [
      '(4',
      '(40',
      '(406',
      '(406) 5',
      '(406) 55',
      '(406) 555',
      '(406) 555-0',
      '(406) 555-01',
      '(406) 555-012',
      '(406) 555-0123',
    ];
    for (const [index, digit] of Array.from('4065550123').entries()) {
      await userEvent.keyboard(digit);
      await expect.element(homePhone()).toHaveValue(shown[index]);
    }
    expect(Default.args.onChange).toHaveBeenLastCalledWith('(406) 555-0123');
    // An eleventh digit and letters are refused.
    await userEvent.keyboard('9x');
    await expect.element(homePhone()).toHaveValue('(406) 555-0123');
  });

  it('masks a pasted number, dropping the country code and punctuation (SPEC §5)', async () => {
    await Default.run();
    await copy('+1 406.555.0123');
    await userEvent.click(homePhone());
    await userEvent.paste();
    await expect.element(homePhone()).toHaveValue('(406) 555-0123');
    expect(Default.args.onChange).toHaveBeenCalledTimes(1);
    expect(Default.args.onChange).toHaveBeenCalledWith('(406) 555-0123');
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    await Filled.run();
    await userEvent.click(homePhone());
    // "(406) 5|55-0123": type 7 after the first 5.
    (homePhone().element() as HTMLInputElement).setSelectionRange(7, 7);
    await userEvent.keyboard('7');
    await expect.element(homePhone()).toHaveValue('(406) 575-5012');
    expect(caret()).toBe(8);
  });

  it('takes the digit before a dash when Backspace deletes the dash', async () => {
    await Filled.run();
    await userEvent.click(homePhone());
    // "(406) 555-|0123": Backspace removes the last 5, not just the dash the mask puts back.
    (homePhone().element() as HTMLInputElement).setSelectionRange(10, 10);
    await userEvent.keyboard('{Backspace}');
    await expect.element(homePhone()).toHaveValue('(406) 550-123');
    expect(caret()).toBe(8);
    // Backspace again takes the next digit back.
    await userEvent.keyboard('{Backspace}');
    await expect.element(homePhone()).toHaveValue('(406) 501-23');
  });

  it('empties when every digit is deleted', async () => {
    await Filled.run();
    await userEvent.clear(homePhone());
    await expect.element(homePhone()).toHaveValue('');
    expect(Filled.args.onChange).toHaveBeenLastCalledWith('');
  });

  it('keeps "+", digits and spaces in the international variant, typed and pasted', async () => {
    await International.run();
    const phone = page.getByRole('textbox', { name: 'International Phone' });
    await userEvent.click(phone);
    const shown = ['+', '+4', '+44', '+44 ', '+44 2', '+44 20', '+44 20 ', '+44 20 7'];
    for (const [index, key] of Array.from('+44 20-7').entries()) {
      await userEvent.keyboard(key);
      await expect.element(phone).toHaveValue(shown[index]);
    }
    await userEvent.clear(phone);
    await copy('+44 (20) 7946-0958');
    await userEvent.click(phone);
    await userEvent.paste();
    await expect.element(phone).toHaveValue('+44 20 7946 0958');
    expect(International.args.onChange).toHaveBeenLastCalledWith('+44 20 7946 0958');
  });

  it('reports blur', async () => {
    await Default.run();
    await userEvent.click(homePhone());
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('marks a required field for sight and for screen readers', async () => {
    await Required.run();
    await expect.element(homePhone()).toBeRequired();
  });

  it('describes the input with its hint', async () => {
    await WithHint.run();
    await expect
      .element(page.getByRole('textbox', { name: 'Cell Phone' }))
      .toHaveAccessibleDescription('For example (406) 555-0123.');
  });

  it('shows the error, the error icon, and ties the message to the input', async () => {
    await WithError.run();
    await expect.element(homePhone()).toBeInvalid();
    await expect
      .element(homePhone())
      .toHaveAccessibleDescription(
        'Error: Enter a valid phone number, for example (406) 555-0123.',
      );
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be edited when disabled', async () => {
    await Disabled.run();
    await expect.element(homePhone()).toBeDisabled();
  });
});
