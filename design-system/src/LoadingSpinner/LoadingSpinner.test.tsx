import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

import * as stories from './LoadingSpinner.stories';

const { Default, Small, Large, Circles, CirclesLarge, FullScreen, FullScreenCircles } =
  composeStories(stories);

/** The rendered width of the spinner in rem. */
function widthInRem(element: Element): number {
  const rootFontSize = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return element.getBoundingClientRect().width / rootFontSize;
}

describe('LoadingSpinner', () => {
  it('is a progress bar named "loading spinner" (SPEC §2)', async () => {
    await Default.run();
    await expect.element(page.getByRole('progressbar', { name: 'loading spinner' })).toBeVisible();
  });

  it('is also a named progress bar as circles', async () => {
    await Circles.run();
    await expect.element(page.getByRole('progressbar', { name: 'loading spinner' })).toBeVisible();
  });

  it.each([
    ['small', Small, 0.4],
    ['medium', Default, 0.8],
    ['large', Large, 2],
  ] as const)('is four %s units (%#) wide', async (_size, Story, unit) => {
    await Story.run();
    const spinner = page.getByRole('progressbar', { name: 'loading spinner' }).element();
    expect(widthInRem(spinner)).toBeCloseTo(unit * 4, 1);
  });

  it('draws circles one unit wide, the three taking four units', async () => {
    await CirclesLarge.run();
    const circles = page.getByRole('progressbar', { name: 'loading spinner' }).element();
    expect(widthInRem(circles)).toBeCloseTo(2 * 4, 1);
  });

  it.each([
    ['spinner', FullScreen],
    ['circles', FullScreenCircles],
  ] as const)('covers the window above everything when full screen (%s)', async (_type, Story) => {
    await Story.run();
    const spinner = page.getByRole('progressbar', { name: 'loading spinner' }).element();
    const overlay = spinner.parentElement;
    expect(overlay).not.toBeNull();
    const style = getComputedStyle(overlay as Element);
    expect(style.position).toBe('fixed');
    expect(style.zIndex).toBe('2147483647');
    const box = (overlay as Element).getBoundingClientRect();
    expect(box.width).toBe(window.innerWidth);
    expect(box.height).toBe(window.innerHeight);
  });
});
