import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './EmailInput.stories';

const { Default, Required, WithHint, WithError, Disabled, Username } = composeStories(stories);

const email = () => page.getByRole('textbox', { name: 'Email Address' });

describe('EmailInput', () => {
  it('is an e-mail text box named by its label, with e-mail autofill and no spell-check', async () => {
    await Default.run();
    await expect.element(email()).toHaveAttribute('id', 'email_address');
    await expect.element(email()).toHaveAttribute('type', 'email');
    await expect.element(email()).toHaveAttribute('autocomplete', 'email');
    await expect.element(email()).toHaveAttribute('spellcheck', 'false');
  });

  it('passes what is typed to onChange and reports blur', async () => {
    await Default.run();
    await userEvent.type(email(), 'ada@example.com');
    expect(Default.args.onChange).toHaveBeenLastCalledWith('ada@example.com');
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('holds at most the characters it is given', async () => {
    await Default.run();
    await expect.element(email()).toHaveAttribute('maxlength', '100');
    await userEvent.fill(email(), `${'a'.repeat(95)}@example.com`);
    expect((email().element() as HTMLInputElement).value).toHaveLength(100);
  });

  it('autofills the username on account pages', async () => {
    await Username.run();
    await expect
      .element(page.getByRole('textbox', { name: 'Email' }))
      .toHaveAttribute('autocomplete', 'username');
  });

  it('marks a required field for sight and for screen readers', async () => {
    await Required.run();
    await expect.element(email()).toBeRequired();
  });

  it('describes the input with its hint', async () => {
    await WithHint.run();
    await expect
      .element(email())
      .toHaveAccessibleDescription('We send your application updates here.');
  });

  it('shows the error, the error icon, and ties the message to the input', async () => {
    await WithError.run();
    await expect.element(email()).toBeInvalid();
    await expect
      .element(email())
      .toHaveAccessibleDescription(
        'Error: Enter a valid email address, for example name@example.com.',
      );
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be edited when disabled', async () => {
    await Disabled.run();
    await expect.element(email()).toBeDisabled();
  });
});
