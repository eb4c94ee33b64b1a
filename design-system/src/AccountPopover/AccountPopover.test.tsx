import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './AccountPopover.stories';

const { Default, LoggedIn, LoggedOut, Disabled } = composeStories(stories);

describe('AccountPopover', () => {
  it('is a button named "Account" that opens a dialog titled "Account" (SPEC §2)', async () => {
    await Default.run();
    const button = page.getByRole('button', { name: 'Account' });
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    await expect.element(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    await expect.element(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    // The open popover hides the page behind it from assistive technology, the button too.
    await expect
      .element(page.getByRole('button', { name: 'Account', includeHidden: true }))
      .toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the logged-in username and logs out', async () => {
    await LoggedIn.run();
    const dialog = page.getByRole('dialog', { name: 'Account' });
    await expect.element(dialog.getByText('ada.lovelace@example.com')).toBeVisible();
    await expect
      .element(dialog.getByText('Logged in as ada.lovelace@example.com'))
      .toBeInTheDocument();
    await expect.element(dialog.getByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Log Out' }));
    expect(LoggedIn.args.onLogOut).toHaveBeenCalledOnce();
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('offers Sign In and Create Account when logged out', async () => {
    await LoggedOut.run();
    const dialog = page.getByRole('dialog', { name: 'Account' });
    await expect.element(dialog.getByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Sign In' }));
    expect(LoggedOut.args.onSignIn).toHaveBeenCalledOnce();
    await userEvent.click(page.getByRole('button', { name: 'Account' }));
    await userEvent.click(page.getByRole('button', { name: 'Create Account' }));
    expect(LoggedOut.args.onCreateAccount).toHaveBeenCalledOnce();
  });

  it('closes with its close button and with Escape, giving focus back', async () => {
    await LoggedIn.run();
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    const button = page.getByRole('button', { name: 'Account' });
    await expect.element(button).toHaveFocus();
    await userEvent.click(button);
    await expect.element(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(button).toHaveFocus();
  });

  it('does not open when disabled', async () => {
    await Disabled.run();
    await expect.element(page.getByRole('button', { name: 'Account' })).toBeDisabled();
  });
});
