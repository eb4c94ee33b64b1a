import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { DATE_INPUT_NOT_A_DATE } from './parts/dateText';
import * as stories from './DateInput.stories';

const {
  Default,
  Filled,
  Required,
  WithHint,
  WithError,
  NotARealDate,
  Disabled,
  CalendarOpen,
  SpanishCalendarOpen,
  SpanishEmpty,
} = composeStories(stories);

const dateOfBirth = () => page.getByRole('group', { name: 'Date of Birth' });
const month = () => page.getByRole('spinbutton', { name: 'Month' });
const day = () => page.getByRole('spinbutton', { name: 'Day' });
const year = () => page.getByRole('spinbutton', { name: 'Year' });

/** The field's hidden input: it carries the id, the name and the typed text. */
function hiddenInput(): HTMLInputElement {
  const input = document.getElementById('birth_date');
  if (!(input instanceof HTMLInputElement)) throw new Error('no hidden input #birth_date');
  return input;
}

describe('DateInput', () => {
  it('is a group named by its label, with Month, Day and Year to type into', async () => {
    await Default.run();
    await expect.element(dateOfBirth()).toBeVisible();
    await expect.element(month()).toHaveAttribute('aria-valuetext', 'Empty');
    await expect.element(day()).toBeVisible();
    await expect.element(year()).toBeVisible();
    expect(hiddenInput().name).toBe('birth_date');
  });

  it('shows a stored ISO date as MM/DD/YYYY', async () => {
    await Filled.run();
    await expect.element(month()).toHaveTextContent('03');
    await expect.element(day()).toHaveTextContent('27');
    await expect.element(year()).toHaveTextContent('2007');
    expect(hiddenInput().value).toBe('03/27/2007');
  });

  it('gives the ISO date YYYY-MM-DD once a real date is typed', async () => {
    await Default.run();
    await userEvent.click(month());
    await userEvent.keyboard('03272007');
    expect(Default.args.onChange).toHaveBeenLastCalledWith('2007-03-27');
    expect(hiddenInput().value).toBe('03/27/2007');
    await expect.element(page.getByText('Enter a real date.')).not.toBeInTheDocument();
  });

  it('says "Enter a real date." as soon as a date that does not exist is typed (SPEC §5)', async () => {
    await NotARealDate.run();
    expect(NotARealDate.args.onChange).toHaveBeenLastCalledWith(DATE_INPUT_NOT_A_DATE);
    // What was typed stays, so it can be corrected.
    expect(hiddenInput().value).toBe('02/30/2024');
    await expect.element(dateOfBirth()).toHaveAccessibleDescription('Error: Enter a real date.');
    await expect.element(page.getByTestId('error-icon')).toBeVisible();

    // Correcting the day to 29 (2024 is a leap year) gives a real date; the message goes.
    await userEvent.click(day());
    await userEvent.keyboard('29');
    expect(NotARealDate.args.onChange).toHaveBeenLastCalledWith('2024-02-29');
    await expect.element(page.getByText('Enter a real date.')).not.toBeInTheDocument();
    await expect.element(dateOfBirth()).not.toHaveAccessibleDescription();
  });

  it('says "Enter a real date." when focus leaves a half-typed date, and reports blur', async () => {
    await Default.run();
    await userEvent.click(month());
    await userEvent.keyboard('0615');
    await expect.element(page.getByText('Enter a real date.')).not.toBeInTheDocument();
    await userEvent.click(document.body);
    await expect.element(page.getByText('Enter a real date.')).toBeVisible();
    expect(Default.args.onBlur).toHaveBeenCalled();
    expect(Default.args.onChange).not.toHaveBeenCalled();
    // Finishing the year gives the date and clears the message.
    await userEvent.click(year());
    await userEvent.keyboard('2008');
    expect(Default.args.onChange).toHaveBeenLastCalledWith('2008-06-15');
    await expect.element(page.getByText('Enter a real date.')).not.toBeInTheDocument();
  });

  it('gives "" when the date is cleared', async () => {
    await Filled.run();
    await userEvent.click(month());
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    expect(Filled.args.onChange).toHaveBeenLastCalledWith('');
    expect(hiddenInput().value).toBe('');
  });

  it('picks a date from the calendar', async () => {
    await CalendarOpen.run();
    const calendar = page.getByRole('dialog', { name: 'Date of Birth' });
    await expect.element(calendar).toBeVisible();
    await userEvent.click(calendar.getByRole('gridcell', { name: '15' }));
    expect(CalendarOpen.args.onChange).toHaveBeenLastCalledWith('2007-03-15');
    await expect.element(day()).toHaveTextContent('15');
  });

  it('marks month, day and year required for screen readers', async () => {
    await Required.run();
    await expect.element(page.getByText(/^Date of Birth\s*\*$/)).toBeVisible();
    await expect.element(month()).toHaveAttribute('aria-required', 'true');
    await expect.element(year()).toHaveAttribute('aria-required', 'true');
  });

  it('describes the group with its hint', async () => {
    await WithHint.run();
    await expect.element(dateOfBirth()).toHaveAccessibleDescription('For example, 03/27/2007.');
  });

  it("shows the caller's error, the error icon, and ties the message to the group", async () => {
    await WithError.run();
    await expect
      .element(dateOfBirth())
      .toHaveAccessibleDescription('Error: You must be 13 years or older to apply');
    await expect.element(dateOfBirth()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be changed when disabled', async () => {
    await Disabled.run();
    await expect.element(month()).toHaveAttribute('aria-disabled', 'true');
    await expect.element(page.getByRole('button', { name: /Choose date/ })).toBeDisabled();
  });

  it('speaks Spanish: its parts, its placeholder and "Ingrese una fecha que exista."', async () => {
    await SpanishEmpty.run();
    const parts = page.getByRole('group', { name: 'Fecha de nacimiento' });
    await expect.element(parts.getByRole('spinbutton', { name: 'Mes' })).toBeVisible();
    await expect.element(parts.getByRole('spinbutton', { name: 'Día' })).toBeVisible();
    await expect.element(parts.getByRole('spinbutton', { name: 'Año' })).toHaveTextContent('AAAA');
    await userEvent.click(parts.getByRole('spinbutton', { name: 'Mes' }));
    await userEvent.keyboard('02302024');
    await expect.element(page.getByText('Ingrese una fecha que exista.')).toBeVisible();
    expect(SpanishEmpty.args.onChange).toHaveBeenLastCalledWith(DATE_INPUT_NOT_A_DATE);
  });

  it('opens a Spanish calendar from Sunday, and still gives the ISO date', async () => {
    await SpanishCalendarOpen.run();
    const calendar = page.getByRole('dialog', { name: 'Fecha de nacimiento' });
    await expect.element(calendar.getByText('marzo 2007')).toBeVisible();
    const weekdays = calendar
      .getByRole('columnheader')
      .elements()
      .map((element) => element.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('domingo');
    await userEvent.click(calendar.getByRole('gridcell', { name: '15' }));
    expect(SpanishCalendarOpen.args.onChange).toHaveBeenLastCalledWith('2007-03-15');
  });
});
