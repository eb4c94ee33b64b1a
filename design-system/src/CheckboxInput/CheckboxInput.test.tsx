import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './CheckboxInput.stories';

const { Default, Checked, WithHint, Required, WithError, Disabled } = composeStories(stories);

const optIn = () =>
  page.getByRole('checkbox', { name: 'Send me text message updates about my application' });
const certify = () => page.getByRole('checkbox', { name: /^I certify that/ });

describe('CheckboxInput', () => {
  it('is a checkbox named by its label, anchored by its id', async () => {
    await Default.run();
    await expect.element(optIn()).not.toBeChecked();
    await expect.element(optIn()).toHaveAttribute('id', 'optin_sms_ind');
    await expect.element(optIn()).toHaveAttribute('name', 'optin_sms_ind');
  });

  it('shows a ticked box', async () => {
    await Checked.run();
    await expect.element(optIn()).toBeChecked();
  });

  it('gives true when ticked and false when unticked, by click or Space', async () => {
    await Default.run();
    await userEvent.click(page.getByText('Send me text message updates about my application'));
    expect(Default.args.onChange).toHaveBeenLastCalledWith(true);
    await expect.element(optIn()).toBeChecked();
    await userEvent.keyboard(' ');
    expect(Default.args.onChange).toHaveBeenLastCalledWith(false);
    await expect.element(optIn()).not.toBeChecked();
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('describes the checkbox with its hint', async () => {
    await WithHint.run();
    await expect.element(optIn()).toHaveAccessibleDescription('Message and data rates may apply.');
  });

  it('marks a required checkbox for sight and for screen readers', async () => {
    await Required.run();
    await expect.element(certify()).toHaveAttribute('aria-required', 'true');
    await expect.element(page.getByText(/^I certify.*admission\.\s*\*$/)).toBeVisible();
  });

  it('shows the error, the error icon, and ties the message to the checkbox', async () => {
    await WithError.run();
    await expect.element(certify()).toBeInvalid();
    await expect
      .element(certify())
      .toHaveAccessibleDescription(
        'Error: You must certify that your application is complete and accurate.',
      );
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be changed when disabled', async () => {
    await Disabled.run();
    await expect.element(optIn()).toBeDisabled();
  });
});
