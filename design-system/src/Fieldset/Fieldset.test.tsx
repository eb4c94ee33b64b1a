import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

import * as stories from './Fieldset.stories';

const { Default, WithHint, TwoAddresses } = composeStories(stories);

describe('Fieldset', () => {
  it('is a group named by its legend, holding its questions', async () => {
    await Default.run();
    const group = page.getByRole('group', { name: 'Mailing address' });
    expect(group.element().tagName).toBe('FIELDSET');
    await expect.element(group.getByRole('textbox', { name: 'City' })).toBeVisible();
    await expect.element(group).not.toHaveAttribute('aria-describedby');
  });

  it('is described by its hint', async () => {
    await WithHint.run();
    await expect
      .element(page.getByRole('group', { name: 'Mailing address' }))
      .toHaveAccessibleDescription(
        'Your mailing address is where letters about your application go.',
      );
  });

  it('tells two addresses’ “City” apart by the group each is in (regression: repeated address fields had no group name)', async () => {
    await TwoAddresses.run();
    await expect
      .element(
        page.getByRole('group', { name: 'Mailing address' }).getByRole('textbox', { name: 'City' }),
      )
      .toHaveAttribute('id', 'mailing_city');
    await expect
      .element(
        page
          .getByRole('group', { name: 'Permanent address' })
          .getByRole('textbox', { name: 'City' }),
      )
      .toHaveAttribute('id', 'city');
  });
});
