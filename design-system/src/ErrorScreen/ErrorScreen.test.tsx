import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

import * as stories from './ErrorScreen.stories';

const { Default, WithAction } = composeStories(stories);

describe('ErrorScreen', () => {
  it('says SPEC §8’s two sentences, word for word, as the page’s main content', async () => {
    await Default.run();
    const main = page.getByRole('main');
    await expect
      .element(main.getByRole('heading', { level: 1, name: 'Something went wrong.' }))
      .toBeVisible();
    await expect
      .element(
        main.getByText(
          'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.',
          { exact: true },
        ),
      )
      .toBeVisible();
  });

  it('offers the action it is given', async () => {
    await WithAction.run();
    await expect.element(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  });
});
