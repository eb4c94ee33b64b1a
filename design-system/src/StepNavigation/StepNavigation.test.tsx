import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './StepNavigation.stories';

const { Default, AcademicHistory, WithRouterLinks } = composeStories(stories);

const link = (name: string) => page.getByRole('link', { name });

describe('StepNavigation', () => {
  it('is a navigation landmark listing the steps as links to their routes', async () => {
    await Default.run();
    const nav = page.getByRole('navigation', { name: 'Application steps' });
    await expect.element(nav).toBeVisible();
    expect(nav.getByRole('listitem').elements()).toHaveLength(3);
    await expect.element(link('Personal Info')).toHaveAttribute('href', '/about');
    await expect.element(link('Academic History')).toHaveAttribute('href', '/education');
    await expect.element(link('Submit')).toHaveAttribute('href', '/final-steps');
  });

  it('marks only the current step with aria-current="page" (SPEC §2)', async () => {
    await AcademicHistory.run();
    await expect.element(link('Academic History')).toHaveAttribute('aria-current', 'page');
    await expect.element(link('Personal Info')).not.toHaveAttribute('aria-current');
    await expect.element(link('Submit')).not.toHaveAttribute('aria-current');
  });

  it('hands a clicked step to onNavigate, so the app can save and route', async () => {
    await Default.run();
    await userEvent.click(link('Academic History'));
    expect(Default.args.onNavigate).toHaveBeenCalledWith('education', expect.anything());
    await expect.element(link('Academic History')).toHaveAttribute('aria-current', 'page');
  });

  it('renders the links through renderLink when given', async () => {
    await WithRouterLinks.run();
    await expect.element(link('Academic History')).toHaveAttribute('href', '#/education');
    await expect.element(link('Personal Info')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(link('Submit'));
    expect(WithRouterLinks.args.onNavigate).toHaveBeenCalledWith('final-steps', expect.anything());
  });

  it('fits a 375 px phone without overflowing sideways', async () => {
    await page.viewport(375, 812);
    try {
      await Default.run();
      const nav = page.getByRole('navigation', { name: 'Application steps' }).element();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
      for (const anchor of nav.querySelectorAll('a')) {
        expect(anchor.getBoundingClientRect().right).toBeLessThanOrEqual(375);
      }
    } finally {
      await page.viewport(414, 896);
    }
  });
});
