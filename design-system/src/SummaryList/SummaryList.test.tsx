import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

import * as stories from './SummaryList.stories';

const { Default, WithoutActions } = composeStories(stories);

describe('SummaryList', () => {
  it('is a description list: each question a term, its answer a definition', async () => {
    await Default.run();
    const terms = page.getByRole('term');
    await expect.element(terms.first()).toHaveTextContent('First Name');
    expect(terms.all()).toHaveLength(4);
    await expect.element(page.getByRole('definition').first()).toHaveTextContent('Ada');
    // Each chosen option on a line of its own.
    await expect.element(page.getByText('I am a first-generation student')).toBeVisible();
  });

  it('names each Change link after its question, the question heard but not seen', async () => {
    await Default.run();
    const link = page.getByRole('link', { name: 'Change Last Name' });
    await expect.element(link).toHaveAttribute('href', '/about#last_name');
    // On screen the link says only "Change".
    const hidden = link.getByText('Last Name');
    await expect.element(hidden).toHaveStyle({ position: 'absolute', width: '1px' });
    expect(page.getByRole('link', { name: /^Change/ }).all()).toHaveLength(4);
  });

  it('has no links without actions', async () => {
    await WithoutActions.run();
    expect(page.getByRole('link').all()).toHaveLength(0);
    await expect.element(page.getByRole('definition').nth(1)).toHaveTextContent('Lovelace');
  });
});
