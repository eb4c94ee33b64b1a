import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './MonthYearInput.stories';

const { Default, Chosen, FutureYears, Required, WithHint, WithError, Disabled } =
  composeStories(stories);

const question = 'When did you graduate, or when will you?';
const pair = () => page.getByRole('group', { name: question });
const month = () => page.getByRole('combobox', { name: 'Month' });
const year = () => page.getByRole('combobox', { name: 'Year' });

describe('MonthYearInput', () => {
  it('is a group named by its legend holding a Month and a Year select, each with its key', async () => {
    await Default.run();
    expect(pair().element().tagName).toBe('FIELDSET');
    await expect.element(pair().getByRole('combobox', { name: 'Month' })).toHaveTextContent('--');
    await expect.element(pair().getByRole('combobox', { name: 'Year' })).toHaveTextContent('--');
    await expect.element(month()).toHaveAttribute('id', 'grad_month');
    await expect.element(year()).toHaveAttribute('id', 'grad_year');
  });

  it('names each select with aria-labelledby, and has no label `for` pointing at a div (vnu: a label may name only a form control)', async () => {
    await Default.run();
    await expect.element(month()).toHaveAttribute('aria-labelledby', 'grad_month-label');
    await expect.element(year()).toHaveAttribute('aria-labelledby', 'grad_year-label');
    expect(document.querySelectorAll('label[for]')).toHaveLength(0);
  });

  it('offers "--" then January to December as "1" to "12" (SPEC §3, §5)', async () => {
    await Default.run();
    await userEvent.click(month());
    const names = page
      .getByRole('option')
      .elements()
      .map((option) => option.textContent);
    expect(names).toEqual([
      '--',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    await userEvent.click(page.getByRole('option', { name: 'June' }));
    expect(Default.args.onChange).toHaveBeenLastCalledWith({ month: '6', year: '' });
  });

  it('offers "--" then the given years, and gives both values when either changes', async () => {
    await Default.run();
    await userEvent.click(month());
    await userEvent.click(page.getByRole('option', { name: 'June' }));
    await userEvent.click(year());
    const first = page.getByRole('option').elements().slice(0, 3);
    expect(first.map((option) => option.textContent)).toEqual(['--', '2026', '2025']);
    await userEvent.click(page.getByRole('option', { name: '2024' }));
    expect(Default.args.onChange).toHaveBeenLastCalledWith({ month: '6', year: '2024' });
    await expect.element(month()).toHaveTextContent('June');
    await expect.element(year()).toHaveTextContent('2024');
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('shows the chosen month and year', async () => {
    await Chosen.run();
    await expect.element(month()).toHaveTextContent('June');
    await expect.element(year()).toHaveTextContent('2024');
  });

  it('types ahead like any select (SPEC §9)', async () => {
    await Chosen.run();
    month().element().focus();
    await userEvent.keyboard('ma');
    await userEvent.keyboard('{Enter}');
    expect(Chosen.args.onChange).toHaveBeenLastCalledWith({ month: '3', year: '2024' });
  });

  it('takes future years', async () => {
    await FutureYears.run();
    await userEvent.click(page.getByRole('combobox', { name: 'Year' }));
    const names = page
      .getByRole('option')
      .elements()
      .map((option) => option.textContent);
    expect(names).toEqual(['--', '2026', '2027', '2028']);
  });

  it('marks both selects required', async () => {
    await Required.run();
    await expect.element(month()).toHaveAttribute('aria-required', 'true');
    await expect.element(year()).toHaveAttribute('aria-required', 'true');
  });

  it('describes the group with its hint', async () => {
    await WithHint.run();
    await expect.element(pair()).toHaveAccessibleDescription('The month on your diploma.');
  });

  it('shows the error once, marks both selects invalid, and ties the message to the group', async () => {
    await WithError.run();
    await expect
      .element(pair())
      .toHaveAccessibleDescription('Error: The minimum supported year is 2018');
    await expect.element(month()).toBeInvalid();
    await expect.element(year()).toBeInvalid();
    expect(page.getByTestId('error-icon').elements()).toHaveLength(1);
  });

  it('cannot be changed when disabled', async () => {
    await Disabled.run();
    await expect.element(month()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(year(), { force: true });
    await expect.element(page.getByRole('listbox')).not.toBeInTheDocument();
  });
});
