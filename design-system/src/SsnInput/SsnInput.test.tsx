import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './SsnInput.stories';

const { Default, Filled, Required, WithHint, WithError, Disabled, Concealed } =
  composeStories(stories);

const ssn = () => page.getByRole('textbox', { name: 'Social Security Number' });

/** Puts `text` on the clipboard the way an applicant would: select it somewhere and copy. */
async function copy(text: string) {
  const source = document.createElement('textarea');
  source.value = text;
  document.body.append(source);
  source.select();
  await userEvent.copy();
  source.remove();
}

/** Whether the input's digits are drawn as discs. */
function isConcealed(): boolean {
  const style = getComputedStyle(ssn().element());
  return style.getPropertyValue('-webkit-text-security') === 'disc';
}

describe('SsnInput', () => {
  it('is a text box named by its label, with the number pad and no autofill', async () => {
    await Default.run();
    await expect.element(ssn()).toHaveAttribute('id', 'ssn');
    await expect.element(ssn()).toHaveAttribute('inputmode', 'numeric');
    await expect.element(ssn()).toHaveAttribute('autocomplete', 'off');
  });

  it('masks 3-2-4 character by character as typed (SPEC §9)', async () => {
    await Default.run();
    await userEvent.click(ssn());
    const shown = [
      '1',
      '12',
      '123',
      '123-4',
      '123-45',
      '123-45-6',
      '123-45-67',
      '123-45-678',
      '123-45-6789',
    ];
    for (const [index, digit] of Array.from('123456789').entries()) {
      await userEvent.keyboard(digit);
      await expect.element(ssn()).toHaveValue(shown[index]);
    }
    expect(Default.args.onChange).toHaveBeenLastCalledWith('123-45-6789');
    // A tenth digit, letters and punctuation are refused.
    await userEvent.keyboard('0a-');
    await expect.element(ssn()).toHaveValue('123-45-6789');
  });

  it('masks a pasted number, non-digits stripped (SPEC §3)', async () => {
    await Default.run();
    await copy(' 123 45 6789 ');
    await userEvent.click(ssn());
    await userEvent.paste();
    await expect.element(ssn()).toHaveValue('123-45-6789');
    expect(Default.args.onChange).toHaveBeenCalledTimes(1);
    expect(Default.args.onChange).toHaveBeenCalledWith('123-45-6789');
  });

  it('steps back over a dash on Backspace, taking the digit before it', async () => {
    await Filled.run();
    await userEvent.click(ssn());
    // "123-|45-6789": Backspace removes the 3.
    (ssn().element() as HTMLInputElement).setSelectionRange(4, 4);
    await userEvent.keyboard('{Backspace}');
    await expect.element(ssn()).toHaveValue('124-56-789');
    expect((ssn().element() as HTMLInputElement).selectionStart).toBe(2);
  });

  it('hides the number until asked to show it, then hides it again', async () => {
    await Concealed.run();
    expect(isConcealed()).toBe(true);
    await userEvent.click(page.getByRole('button', { name: 'Show Social Security number' }));
    expect(isConcealed()).toBe(false);
    await userEvent.click(page.getByRole('button', { name: 'Hide Social Security number' }));
    expect(isConcealed()).toBe(true);
  });

  it('shows the number by default', async () => {
    await Filled.run();
    expect(isConcealed()).toBe(false);
    await expect
      .element(page.getByRole('button', { name: 'Show Social Security number' }))
      .not.toBeInTheDocument();
  });

  it('reports blur', async () => {
    await Default.run();
    await userEvent.click(ssn());
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('marks a required field for sight and for screen readers', async () => {
    await Required.run();
    await expect.element(ssn()).toBeRequired();
  });

  it('describes the input with its hint', async () => {
    await WithHint.run();
    await expect
      .element(ssn())
      .toHaveAccessibleDescription('Optional. We use it only to match your records.');
  });

  it('shows the error, the error icon, and ties the message to the input', async () => {
    await WithError.run();
    await expect.element(ssn()).toBeInvalid();
    await expect
      .element(ssn())
      .toHaveAccessibleDescription(
        'Error: Enter a 9-digit Social Security number, for example 123-45-6789.',
      );
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be edited when disabled', async () => {
    await Disabled.run();
    await expect.element(ssn()).toBeDisabled();
  });
});
