import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './TextInput.stories';

const {
  Default,
  Required,
  WithHint,
  WithError,
  WithErrors,
  Disabled,
  Email,
  Password,
  AtMaxLength,
} = composeStories(stories);

describe('TextInput', () => {
  it('is a text box named by its label, anchored by its id', async () => {
    await Default.run();
    const input = page.getByRole('textbox', { name: 'First Name' });
    await expect.element(input).toHaveAttribute('id', 'first_name');
    await expect.element(input).toHaveAttribute('name', 'first_name');
    await expect.element(input).toBeValid();
  });

  it('passes what is typed to onChange and reports blur', async () => {
    await Default.run();
    const input = page.getByRole('textbox', { name: 'First Name' });
    await userEvent.type(input, 'Ada');
    await expect.element(input).toHaveValue('Ada');
    expect(Default.args.onChange).toHaveBeenLastCalledWith('Ada');
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('holds at most the characters it is given (SPEC §9: 45 for a text question)', async () => {
    await AtMaxLength.run();
    const input = page.getByRole('textbox', { name: 'City' });
    await expect.element(input).toHaveAttribute('maxlength', '45');
    await userEvent.type(input, 'more');
    await expect.element(input).toHaveValue('Llanfairpwllgwyngyllgogerychwyrndrobwllllanty');
  });

  it('marks a required field for sight and for screen readers', async () => {
    await Required.run();
    await expect.element(page.getByText(/^First Name\s*\*$/)).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'First Name' })).toBeRequired();
  });

  it('describes the input with its hint', async () => {
    await WithHint.run();
    await expect
      .element(page.getByRole('textbox', { name: 'Previous Last Name' }))
      .toHaveAccessibleDescription('Any last name you have used on school records.');
  });

  it('shows the error message, the error icon, and ties the message to the input', async () => {
    await WithError.run();
    const input = page.getByRole('textbox', { name: 'First Name' });
    await expect.element(input).toBeInvalid();
    await expect
      .element(input)
      .toHaveAccessibleDescription('Error: First Name is a required field');
    await expect.element(page.getByText('First Name is a required field')).toBeVisible();
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('shows every message of an error list, each once', async () => {
    await WithErrors.run();
    await expect.element(page.getByText('Your email address must be valid.')).toBeVisible();
    await expect.element(page.getByText('Email Address is a required field')).toBeVisible();
  });

  it('shows a repeated message once (SPEC §5: de-duplicated per field)', async () => {
    await WithError.run({
      args: { ...WithError.args, error: ['Too long', 'Not a name', 'Too long'] },
    });
    await expect.element(page.getByText('Not a name')).toBeVisible();
    expect(page.getByText('Too long').elements()).toHaveLength(1);
  });

  it('cannot be edited when disabled', async () => {
    await Disabled.run();
    await expect.element(page.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  });

  it('is an e-mail input when asked', async () => {
    await Email.run();
    await expect
      .element(page.getByRole('textbox', { name: 'Email' }))
      .toHaveAttribute('type', 'email');
  });

  it('hides a password until asked to show it, then hides it again', async () => {
    await Password.run();
    const input = page.getByLabelText('Password', { exact: true });
    await expect.element(input).toHaveAttribute('type', 'password');
    await userEvent.click(page.getByRole('button', { name: 'Show password' }));
    await expect.element(input).toHaveAttribute('type', 'text');
    await userEvent.click(page.getByRole('button', { name: 'Hide password' }));
    await expect.element(input).toHaveAttribute('type', 'password');
  });
});
