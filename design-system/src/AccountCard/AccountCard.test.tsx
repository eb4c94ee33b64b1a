import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './AccountCard.stories';

const { Default, OneColumn, Busy, Disabled, WithError } = composeStories(stories);

/** The left edge of each field, in px, to tell one column from two. */
function fieldLefts(...labels: string[]): number[] {
  return labels.map(
    (label) => page.getByLabelText(label, { exact: true }).element().getBoundingClientRect().left,
  );
}

describe('AccountCard', () => {
  afterEach(async () => {
    await page.viewport(414, 896);
  });

  it('is a form named by its header, with a Submit button (SPEC §2)', async () => {
    await Default.run();
    const form = page.getByRole('form', { name: 'Log In' });
    await expect.element(form).toBeVisible();
    await expect.element(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect.element(form.getByRole('button', { name: 'Submit' })).toBeVisible();
  });

  it('submits with the button and with Enter', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    expect(Default.args.onSubmit).toHaveBeenCalledOnce();
    await userEvent.type(page.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(Default.args.onSubmit).toHaveBeenCalledTimes(2);
  });

  it('ends with a question and a link to another account page', async () => {
    await Default.run();
    await expect.element(page.getByText("Don't have an account?")).toBeVisible();
    const link = page.getByRole('link', { name: 'Sign Up' });
    await expect.element(link).toHaveAttribute('href', '/signup');
    await userEvent.click(link);
    expect(Default.args.onFooterLinkClick).toHaveBeenCalledOnce();
  });

  it('offers the login card its resend and forgot-password links (SPEC §2)', async () => {
    await Default.run();
    await expect
      .element(page.getByRole('link', { name: 'Forgot password' }))
      .toHaveAttribute('href', '/forgot');
    await userEvent.click(page.getByRole('button', { name: 'Resend confirmation code' }));
    expect(Default.args.links?.[0]?.onClick).toHaveBeenCalledOnce();
  });

  it('sets the fields side by side above the mobile breakpoint (SPEC §2)', async () => {
    await page.viewport(1024, 800);
    await Default.run();
    const [email = 0, password = 0] = fieldLefts('Email', 'Password');
    expect(password).toBeGreaterThan(email);
  });

  it('stacks the fields below the mobile breakpoint (SPEC §2)', async () => {
    await page.viewport(600, 800);
    await Default.run();
    const [email, password] = fieldLefts('Email', 'Password');
    expect(password).toBe(email);
  });

  it('stacks the fields of a one-column card at any width', async () => {
    await page.viewport(1024, 800);
    await OneColumn.run();
    await expect.element(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
    const [email, code] = fieldLefts('Email', 'Confirmation Code');
    expect(code).toBe(email);
  });

  it('says it is submitting, and ignores presses while busy', async () => {
    await Busy.run();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect.element(submit).toHaveAttribute('aria-disabled', 'true');
    await expect.element(page.getByRole('status')).toHaveTextContent('Submitting…');
    await userEvent.type(page.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    expect(Busy.args.onSubmit).not.toHaveBeenCalled();
  });

  it('cannot be submitted when disabled', async () => {
    await Disabled.run();
    await expect.element(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows its fields’ errors', async () => {
    await WithError.run();
    await expect
      .element(page.getByRole('textbox', { name: 'Email' }))
      .toHaveAccessibleDescription('Error: Please provide a valid email address.');
  });
});
