import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './Toast.stories';

const { Default, WithError, ErrorBoundary, Stacked, Standalone } = composeStories(stories);

/** Drags from the message's left edge `distance` px to the right, as a finger would. */
function swipeRight(element: Element, distance: number) {
  const box = element.getBoundingClientRect();
  const startX = box.left + 10;
  const y = box.top + box.height / 2;
  const pointer = { bubbles: true, pointerId: 1, pointerType: 'touch', isPrimary: true };
  element.dispatchEvent(
    new PointerEvent('pointerdown', { ...pointer, clientX: startX, clientY: y }),
  );
  element.dispatchEvent(
    new PointerEvent('pointermove', { ...pointer, clientX: startX + distance / 2, clientY: y }),
  );
  element.dispatchEvent(
    new PointerEvent('pointermove', { ...pointer, clientX: startX + distance, clientY: y }),
  );
  element.dispatchEvent(
    new PointerEvent('pointerup', { ...pointer, clientX: startX + distance, clientY: y }),
  );
}

describe('Toast', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await page.viewport(414, 896);
  });

  it('announces a success politely: its message is in a status region', async () => {
    await Default.run();
    const status = page.getByRole('status');
    await expect.element(status).toHaveTextContent('Your application was successfully submitted.');
    expect(page.getByRole('alert').element().textContent).toBe('');
  });

  it('announces an error at once with its title: it is in an alert region', async () => {
    await WithError.run();
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent('Login Card Error');
    await expect.element(alert).toHaveTextContent('Incorrect username or password.');
    expect(page.getByRole('status').element().textContent).toBe('');
  });

  it('is its own status region when standing alone, and never both status and alert', async () => {
    await Standalone.run();
    await expect.element(page.getByRole('status')).toHaveTextContent('Your application was');
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
    await Standalone.run({ args: { ...Standalone.args, severity: 'error' } });
    await expect.element(page.getByRole('alert')).toHaveTextContent('Your application was');
    await expect.element(page.getByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['5000 ms by default', Default, 'Your application was successfully submitted.', 5000],
    ['300000 ms when raised by an error boundary', ErrorBoundary, 'Unexpected Error', 300_000],
  ] as const)('closes itself after %s, not before (SPEC §4)', async (_when, Story, text, ms) => {
    await Story.run();
    // Storybook renders with real timers; the toast under test is the one shown again below.
    await userEvent.click(page.getByRole('button', { name: /^Close/ }));
    await expect.element(page.getByText(text, { exact: true })).not.toBeInTheDocument();
    expect(Story.args.onClose).toHaveBeenCalledExactlyOnceWith('closeButton');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // A DOM click: userEvent would wait on the (now fake) timers.
    (page.getByRole('button', { name: 'Show the toast again' }).element() as HTMLElement).click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(page.getByText(text, { exact: true }).query()).not.toBeNull();
    vi.advanceTimersByTime(ms - 1);
    expect(Story.args.onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(Story.args.onClose).toHaveBeenCalledTimes(2);
    expect(Story.args.onClose).toHaveBeenLastCalledWith('timeout');

    vi.useRealTimers();
    await expect.element(page.getByText(text, { exact: true })).not.toBeInTheDocument();
  });

  it('closes when swiped right past 50 px (SPEC §4)', async () => {
    await Default.run();
    const message = page.getByText('Your application was successfully submitted.');
    await expect.element(message).toBeVisible();
    swipeRight(message.element(), 80);
    expect(Default.args.onClose).toHaveBeenCalledExactlyOnceWith('swipe');
    await expect.element(message).not.toBeInTheDocument();
  });

  it('stays when swiped less than 50 px, and springs back', async () => {
    await Default.run();
    const message = page.getByText('Your application was successfully submitted.');
    await expect.element(message).toBeVisible();
    swipeRight(message.element(), 30);
    swipeRight(message.element(), 50);
    expect(Default.args.onClose).not.toHaveBeenCalled();
    await expect.element(message).toBeVisible();
  });

  it('closes with its close button, named after its title', async () => {
    await WithError.run();
    await userEvent.click(page.getByRole('button', { name: 'Close Login Card Error' }));
    expect(WithError.args.onClose).toHaveBeenCalledExactlyOnceWith('closeButton');
    await expect.element(page.getByText('Login Card Error')).not.toBeInTheDocument();
  });

  it('sits bottom right, 390 px wide, on a desktop; errors span the width (SPEC §2)', async () => {
    await page.viewport(1280, 800);
    await Stacked.run();
    const success = page.getByText('Your answers have been saved.');
    await expect.element(success).toBeVisible();
    const region = page.getByRole('status').element().getBoundingClientRect();
    expect(region.width).toBe(390);
    expect(region.right).toBeCloseTo(1280 - 16, 0);
    expect(region.bottom).toBeCloseTo(800 - 16, 0);
    const errors = page.getByRole('alert').element().getBoundingClientRect();
    expect(errors.width).toBeCloseTo(1280 - 16, 0);
    expect(errors.top).toBeLessThan(region.top);
  });

  it('takes the full width on a phone (SPEC §2)', async () => {
    await page.viewport(375, 812);
    await Stacked.run();
    await expect.element(page.getByText('Your answers have been saved.')).toBeVisible();
    const region = page.getByRole('status').element().getBoundingClientRect();
    expect(region.width).toBeCloseTo(375 - 16, 0);
  });
});
