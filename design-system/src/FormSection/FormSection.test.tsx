import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

import * as stories from './FormSection.stories';

const { Default, WithDescription, Nested, Stacked } = composeStories(stories);

describe('FormSection', () => {
  afterEach(async () => {
    await page.viewport(414, 896);
  });

  it('is a region named by its h2 heading, with its id as a link target', async () => {
    await Default.run();
    const section = page.getByRole('region', { name: 'Your Name' });
    await expect.element(section).toHaveAttribute('id', 'name');
    await expect
      .element(section.getByRole('heading', { level: 2, name: 'Your Name' }))
      .toHaveAttribute('id', 'name-title');
    await expect.element(section.getByRole('textbox', { name: 'First Name' })).toBeVisible();
    await expect.element(section.getByRole('textbox', { name: 'Last Name' })).toBeVisible();
  });

  it('is described by its description', async () => {
    await WithDescription.run();
    await expect
      .element(page.getByRole('region', { name: 'Your Name' }))
      .toHaveAccessibleDescription('Enter your name as it appears on your high school transcript.');
  });

  it('has no description when given none', async () => {
    await Default.run();
    await expect
      .element(page.getByRole('region', { name: 'Your Name' }))
      .not.toHaveAttribute('aria-describedby');
  });

  it('nests level-3 groups with h3 headings inside a page section', async () => {
    await Nested.run();
    const section = page.getByRole('region', { name: 'Parent or Guardian', exact: true });
    await expect
      .element(section.getByRole('heading', { level: 2, name: 'Parent or Guardian', exact: true }))
      .toBeVisible();
    const second = section.getByRole('region', { name: 'Parent or Guardian 2' });
    await expect
      .element(second.getByRole('heading', { level: 3, name: 'Parent or Guardian 2' }))
      .toBeVisible();
    await expect
      .element(second.getByRole('textbox', { name: 'First Name' }))
      .toHaveAttribute('id', 'parent_2_first_name');
  });

  it('gives each section its own name on a long page', async () => {
    await Stacked.run();
    await expect.element(page.getByRole('region', { name: 'Your Name' })).toBeVisible();
    await expect.element(page.getByRole('region', { name: 'Contact' })).toBeVisible();
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    await page.viewport(375, 812);
    await Nested.run();
    const section = page.getByRole('region', { name: 'Parent or Guardian', exact: true });
    await expect.element(section).toBeVisible();
    const box = section.element().getBoundingClientRect();
    expect(box.right).toBeLessThanOrEqual(375);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  });
});
