import { composeStories } from '@storybook/react-vite';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './LookupInput.stories';

const { Default, Filled, WithError, Disabled, Suggestions, Loading, LookupFails } =
  composeStories(stories);

const combobox = () => page.getByRole('combobox', { name: 'College Name' });

describe('LookupInput', () => {
  it('is a combobox named by its label, anchored by its id, described by its hint', async () => {
    await Default.run();
    await expect.element(combobox()).toHaveAttribute('id', 'college_name');
    await expect.element(combobox()).toHaveAttribute('name', 'college_name');
    await expect
      .element(combobox())
      .toHaveAccessibleDescription('Start typing, then pick your college or use what you typed.');
  });

  it('does not look up before 200 ms of quiet, then looks up the typed text (SPEC §7)', async () => {
    await Default.run();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await userEvent.type(combobox(), 'M');
      vi.advanceTimersByTime(199);
      expect(Default.args.fetchSuggestions).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(Default.args.fetchSuggestions).toHaveBeenCalledTimes(1);
      expect(Default.args.fetchSuggestions).toHaveBeenLastCalledWith('M', expect.any(AbortSignal));
    } finally {
      vi.useRealTimers();
    }
  });

  it('looks up by 500 ms even while the person keeps typing (SPEC §7 maximum wait)', async () => {
    await Default.run();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // One key every 100 ms: never 200 ms of quiet, so only the maximum wait can fire.
      for (const key of ['M', 'o', 'n', 't']) {
        await userEvent.type(combobox(), key);
        vi.advanceTimersByTime(100);
      }
      expect(Default.args.fetchSuggestions).not.toHaveBeenCalled();
      await userEvent.type(combobox(), 'a');
      vi.advanceTimersByTime(100);
      expect(Default.args.fetchSuggestions).toHaveBeenCalledTimes(1);
      expect(Default.args.fetchSuggestions).toHaveBeenLastCalledWith(
        'Monta',
        expect.any(AbortSignal),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists the typed text first as "Use: …", then each suggestion with its second line', async () => {
    await Suggestions.run();
    const options = page.getByRole('option');
    await expect.element(options.first()).toHaveAccessibleName('Use: montana state');
    await expect
      .element(page.getByRole('option', { name: 'Montana State University Billings Billings, MT' }))
      .toBeVisible();
    await expect.element(page.getByText('Havre, MT')).toBeVisible();
  });

  it('stores free text as a user-driven answer when "Use: …" is chosen (SPEC §4)', async () => {
    await Default.run();
    await userEvent.type(combobox(), 'Flathead Valley');
    await userEvent.click(page.getByRole('option', { name: 'Use: Flathead Valley' }));
    expect(Default.args.onChange).toHaveBeenLastCalledWith({
      label: 'Flathead Valley',
      userDriven: true,
    });
    await expect.element(combobox()).toHaveValue('Flathead Valley');
  });

  it('hands a picked suggestion to the caller, not user-driven, with the text typed (SPEC §4, §8)', async () => {
    await Default.run();
    await userEvent.type(combobox(), 'billings');
    await userEvent.click(page.getByRole('option', { name: /^Montana State University Billings/ }));
    expect(Default.args.onChange).toHaveBeenLastCalledWith({
      label: 'Montana State University Billings',
      suggestion: {
        id: '4538',
        text: 'Montana State University Billings',
        sub_text: 'Billings, MT',
      },
      userDriven: false,
      // What the caller keeps should the suggestion's details fail (SPEC §8).
      typed: 'billings',
    });
    await expect.element(combobox()).toHaveValue('Montana State University Billings');
  });

  it('picks a suggestion with the keyboard: arrows through the list, Enter chooses', async () => {
    await Default.run();
    await userEvent.type(combobox(), 'northern');
    await expect
      .element(page.getByRole('option', { name: /^Montana State University Northern/ }))
      .toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect
      .element(combobox())
      .toHaveAttribute(
        'aria-activedescendant',
        page.getByRole('option', { name: /^Montana State University Northern/ }).element().id,
      );
    await userEvent.keyboard('{Enter}');
    expect(Default.args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ label: 'Montana State University Northern', userDriven: false }),
    );
  });

  it('uses the typed text when the person leaves the field without choosing', async () => {
    await Default.run();
    await userEvent.type(combobox(), 'Helena College');
    await userEvent.tab();
    expect(Default.args.onChange).toHaveBeenLastCalledWith({
      label: 'Helena College',
      userDriven: true,
    });
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('empties the answer with the clear button (SPEC §4)', async () => {
    await Filled.run();
    await expect.element(combobox()).toHaveValue('Montana State University');
    await userEvent.click(combobox());
    await userEvent.click(page.getByRole('button', { name: 'Clear' }));
    expect(Filled.args.onClear).toHaveBeenCalledTimes(1);
    await expect.element(combobox()).toHaveValue('');
  });

  it('empties the answer when the text is deleted', async () => {
    await Filled.run();
    await userEvent.clear(combobox());
    expect(Filled.args.onClear).toHaveBeenCalledTimes(1);
  });

  it('shows a named spinner while suggestions load', async () => {
    await Loading.run();
    await expect
      .element(page.getByRole('progressbar', { name: 'Loading suggestions' }))
      .toBeVisible();
  });

  it('offers only "Use: …" when the lookup fails, and shows no error (SPEC §8)', async () => {
    await LookupFails.run();
    await expect.element(page.getByRole('option', { name: 'Use: Flathead Valley' })).toBeVisible();
    expect(page.getByRole('option').elements()).toHaveLength(1);
    await expect.element(combobox()).toBeValid();
  });

  it('shows the error message and icon, tied to the input', async () => {
    await WithError.run();
    await expect.element(combobox()).toBeInvalid();
    await expect
      .element(combobox())
      .toHaveAccessibleDescription(
        'Start typing, then pick your college or use what you typed. Error: College Name is a required field',
      );
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be edited when disabled', async () => {
    await Disabled.run();
    await expect.element(combobox()).toBeDisabled();
  });
});
