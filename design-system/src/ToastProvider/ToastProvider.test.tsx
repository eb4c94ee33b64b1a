import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './ToastProvider.stories';

const { Default } = composeStories(stories);

describe('ToastProvider', () => {
  it('shows a success toast in the status region when asked', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('button', { name: 'Show a success toast' }));
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('Your answers have been saved.');
  });

  it('shows an error toast in the alert region, and closes it', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('button', { name: 'Show an error toast' }));
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent('Sign Up Card Error');
    await userEvent.click(page.getByRole('button', { name: 'Close Sign Up Card Error' }));
    await expect.element(alert).toHaveTextContent('');
  });

  it('stacks toasts, and replaces one shown again under the same id', async () => {
    await Default.run();
    await userEvent.click(page.getByRole('button', { name: 'Show an error toast' }));
    await userEvent.click(page.getByRole('button', { name: 'Show an error toast' }));
    await expect
      .poll(() => page.getByRole('button', { name: 'Close Sign Up Card Error' }).elements())
      .toHaveLength(2);
    await userEvent.click(page.getByRole('button', { name: 'Show an error-boundary toast' }));
    await userEvent.click(page.getByRole('button', { name: 'Show an error-boundary toast' }));
    await expect
      .poll(() => page.getByRole('button', { name: 'Close Unexpected Error' }).elements())
      .toHaveLength(1);
  });
});
