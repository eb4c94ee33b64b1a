import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './PasswordRequirements.stories';

const { Inactive, Mixed, AllMet, WithPasswordInput } = composeStories(stories);

/** What a screen reader hears for each rule, in order. */
function spokenRules(): string[] {
  return page
    .getByRole('listitem')
    .elements()
    .map((item) => item.textContent);
}

describe('PasswordRequirements', () => {
  it('lists every rule as not checked yet while the password is empty (SPEC §2)', async () => {
    await Inactive.run();
    await expect.element(page.getByText('Your password must have:')).toBeVisible();
    expect(page.getByRole('list').elements()).toHaveLength(1);
    expect(spokenRules()).toEqual([
      'Not checked yet: At least 12 characters',
      'Not checked yet: An uppercase letter',
      'Not checked yet: A lowercase letter',
      'Not checked yet: A number',
      'Not checked yet: A special character',
      'Not checked yet: No space at the beginning or end',
    ]);
  });

  it('says in words which rules are met and which are not, not by colour alone', async () => {
    await Mixed.run();
    expect(spokenRules().slice(0, 2)).toEqual([
      'Met: At least 12 characters',
      'Not met: An uppercase letter',
    ]);
    await expect.element(page.getByText('At least 12 characters')).toBeVisible();
  });

  it('marks every rule met', async () => {
    await AllMet.run();
    expect(spokenRules().every((rule) => rule.startsWith('Met: '))).toBe(true);
  });

  it('follows the password as it is typed (SPEC §2)', async () => {
    await WithPasswordInput.run();
    const input = page.getByLabelText('Password', { exact: true });
    await userEvent.type(input, 'correct horse');
    await expect.element(page.getByText('Met: A lowercase letter')).toBeInTheDocument();
    await expect.element(page.getByText('Not met: An uppercase letter')).toBeInTheDocument();
    await expect.element(page.getByText('Met: At least 12 characters')).toBeInTheDocument();
    await userEvent.type(input, ' Battery 7!');
    await expect.element(page.getByText('Met: An uppercase letter')).toBeInTheDocument();
    await userEvent.clear(input);
    await expect.element(page.getByText('Not checked yet: A number')).toBeInTheDocument();
  });
});
