import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './ToastProvider.stories';

const { Default, UnderTheHeader } = composeStories(stories);

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

  it('puts error toasts under the header in the page’s ToastPlace, so a stack never covers the header or its navigation', async () => {
    await UnderTheHeader.run();
    for (let shown = 0; shown < 3; shown += 1)
      await userEvent.click(page.getByRole('button', { name: 'Show an error toast' }));
    await expect
      .poll(() => page.getByRole('button', { name: 'Close Sign Up Card Error' }).elements())
      .toHaveLength(3);
    const header = page.getByRole('banner').element().getBoundingClientRect();
    const alert = page.getByRole('alert').element().getBoundingClientRect();
    expect(alert.top).toBeGreaterThanOrEqual(header.bottom);
    expect(alert.height).toBeGreaterThan(0);
  });

  it('closes the error toasts when the page is left, and keeps a success toast', async () => {
    await UnderTheHeader.run();
    await userEvent.click(page.getByRole('button', { name: 'Show a success toast' }));
    await userEvent.click(page.getByRole('button', { name: 'Show an error toast' }));
    await userEvent.click(page.getByRole('button', { name: 'Show an error-boundary toast' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Unexpected Error');
    await userEvent.click(page.getByRole('button', { name: 'Leave the page' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('');
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('Your answers have been saved.');
  });
});
