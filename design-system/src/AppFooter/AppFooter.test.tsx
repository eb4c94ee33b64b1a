import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './AppFooter.stories';

const { Default, HelpOpen, PrivacyOpen } = composeStories(stories);

describe('AppFooter', () => {
  it('is the content info, with Help and Privacy Policy and Cookie Notice buttons (SPEC §1)', async () => {
    await Default.run();
    const footer = page.getByRole('contentinfo');
    await expect.element(footer.getByRole('button', { name: 'Help' })).toBeVisible();
    await expect
      .element(footer.getByRole('button', { name: 'Privacy Policy and Cookie Notice' }))
      .toBeVisible();
  });

  it('opens Help with an e-mail link, a phone link and the postal address', async () => {
    await HelpOpen.run();
    const help = page.getByRole('dialog', { name: 'Help' });
    await expect
      .element(help.getByRole('link', { name: 'gallatin.admissions@example.edu' }))
      .toHaveAttribute('href', 'mailto:gallatin.admissions@example.edu');
    await expect
      .element(help.getByRole('link', { name: '(406) 555-0142' }))
      .toHaveAttribute('href', 'tel:4065550142');
    await expect.element(help.getByText('PO Box 172640')).toBeVisible();
    await expect.element(help.getByText('Bozeman, MT 59717-2640')).toBeVisible();
  });

  it('opens the privacy notice, and closes it back to its button', async () => {
    await PrivacyOpen.run();
    const privacy = page.getByRole('dialog', { name: 'Privacy Policy and Cookie Notice' });
    await expect
      .element(privacy.getByText(/sets no advertising or tracking cookies/))
      .toBeVisible();
    await userEvent.click(privacy.getByRole('button', { name: 'Close' }));
    await expect.element(privacy).not.toBeInTheDocument();
    await expect
      .element(page.getByRole('button', { name: 'Privacy Policy and Cookie Notice' }))
      .toHaveFocus();
  });
});
