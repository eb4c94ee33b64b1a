import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './SelectInput.stories';

const { Default, Chosen, Required, WithHint, WithError, Disabled, YesNo, Open, NearWindowBottom } =
  composeStories(stories);

const combobox = () => page.getByRole('combobox', { name: 'State' });

/** The option the keyboard is on: the one the combobox names as its active descendant. */
function activeOption(): string | null {
  const id = combobox().element().getAttribute('aria-activedescendant');
  return id === null ? null : (document.getElementById(id)?.textContent ?? null);
}

describe('SelectInput', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a combobox named by its label, anchored by its id, showing "--" when empty', async () => {
    await Default.run();
    await expect.element(combobox()).toHaveAttribute('id', 'mailing_state');
    await expect.element(combobox()).toHaveTextContent('--');
    await expect.element(combobox()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(combobox()).toBeValid();
  });

  it('names its combobox with aria-labelledby, and has no label `for` pointing at a div (vnu: a label may name only a form control)', async () => {
    await Default.run();
    await expect.element(combobox()).toHaveAttribute('aria-labelledby', 'mailing_state-label');
    expect(document.querySelectorAll('label[for]')).toHaveLength(0);
  });

  it('shows the chosen option', async () => {
    await Chosen.run();
    await expect.element(combobox()).toHaveTextContent('Montana');
  });

  it('lists "--" first, then the options, in a listbox named by the label (SPEC §5)', async () => {
    await Default.run();
    await userEvent.click(combobox());
    const listbox = page.getByRole('listbox', { name: 'State' });
    await expect.element(listbox).toBeVisible();
    const options = listbox.getByRole('option').elements();
    expect(options).toHaveLength(52);
    expect(options[0]).toHaveTextContent('--');
    expect(options[1]).toHaveTextContent('Alabama');
  });

  it('gives the value and the label when an option is clicked, then closes', async () => {
    await Default.run();
    await userEvent.click(combobox());
    await userEvent.click(page.getByRole('option', { name: 'Montana' }));
    expect(Default.args.onChange).toHaveBeenCalledWith('MT', 'Montana');
    await expect.element(combobox()).toHaveTextContent('Montana');
    await expect.element(page.getByRole('listbox')).not.toBeInTheDocument();
  });

  it('gives "" for both value and label when "--" is chosen', async () => {
    await Chosen.run();
    await userEvent.click(combobox());
    await userEvent.click(page.getByRole('option', { name: '--' }));
    expect(Chosen.args.onChange).toHaveBeenCalledWith('', '');
  });

  it('opens, moves and chooses with the keyboard; Escape closes without choosing', async () => {
    await Default.run();
    await userEvent.click(combobox());
    await userEvent.keyboard('{Escape}');
    await expect.element(combobox()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('--');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe('Alaska');
    await userEvent.keyboard('{Enter}');
    expect(Default.args.onChange).toHaveBeenCalledWith('AK', 'Alaska');
    await expect.element(combobox()).toHaveTextContent('Alaska');
  });

  it('moves 5 options with Page Down and Page Up (SPEC §9 page size 5)', async () => {
    await Default.run();
    await userEvent.click(combobox());
    expect(activeOption()).toBe('--');
    await userEvent.keyboard('{PageDown}');
    expect(activeOption()).toBe('California');
    await userEvent.keyboard('{PageDown}');
    expect(activeOption()).toBe('Florida');
    await userEvent.keyboard('{PageUp}');
    expect(activeOption()).toBe('California');
    await userEvent.keyboard('{End}');
    expect(activeOption()).toBe('Wyoming');
    await userEvent.keyboard('{PageDown}');
    expect(activeOption()).toBe('Wyoming');
    await userEvent.keyboard('{PageUp}');
    expect(activeOption()).toBe('Vermont');
    await userEvent.keyboard('{Home}{PageUp}');
    expect(activeOption()).toBe('--');
  });

  it('jumps to the typed option; the typed word resets after 1 second (SPEC §9)', async () => {
    await Default.run();
    // Only the widget's own timers: the story has rendered and axe has run on real ones.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    combobox().element().focus();

    // Typing on the closed select opens it at the first match.
    await userEvent.keyboard('n');
    await expect.element(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('Nebraska');
    await userEvent.keyboard('ew');
    expect(activeOption()).toBe('New Hampshire');

    // Within the second the word keeps growing, spaces included.
    vi.advanceTimersByTime(999);
    await userEvent.keyboard(' y');
    expect(activeOption()).toBe('New York');

    // A second's pause starts a new word: "w" alone, not "new yw".
    vi.advanceTimersByTime(1000);
    await userEvent.keyboard('w');
    expect(activeOption()).toBe('Washington');

    await userEvent.keyboard('{Enter}');
    expect(Default.args.onChange).toHaveBeenCalledWith('WA', 'Washington');
  });

  it('cycles through the options that start with a repeated letter', async () => {
    await Default.run();
    await userEvent.click(combobox());
    await userEvent.keyboard('mmm');
    expect(activeOption()).toBe('Massachusetts');
  });

  it('keeps the open menu at most 300 px tall, scrolling the rest (SPEC §9)', async () => {
    await Open.run();
    const listbox = page.getByRole('listbox', { name: 'State' }).element();
    expect(listbox.getBoundingClientRect().height).toBeLessThanOrEqual(300);
    expect(listbox.scrollHeight).toBeGreaterThan(listbox.clientHeight);
    // The chosen option is scrolled into view and marked selected.
    const montana = page.getByRole('option', { name: 'Montana' });
    await expect.element(montana).toHaveAttribute('aria-selected', 'true');
    await expect.element(montana).toBeInViewport();
  });

  it('opens above the select near the window bottom, 100 px clear of the edge (SPEC §9)', async () => {
    await NearWindowBottom.run();
    const listbox = page.getByRole('listbox', { name: 'State' }).element().getBoundingClientRect();
    const select = combobox().element().getBoundingClientRect();
    expect(listbox.bottom).toBeLessThanOrEqual(select.top);
    expect(listbox.top).toBeGreaterThanOrEqual(100);
  });

  it('chooses the active option on Tab and reports blur', async () => {
    await Default.run();
    await userEvent.click(combobox());
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    expect(Default.args.onChange).toHaveBeenCalledWith('AL', 'Alabama');
    expect(Default.args.onBlur).toHaveBeenCalled();
    await expect.element(combobox()).not.toHaveFocus();
  });

  it('marks a required field for sight and for screen readers', async () => {
    await Required.run();
    await expect.element(page.getByText(/^State\s*\*$/)).toBeVisible();
    await expect.element(combobox()).toHaveAttribute('aria-required', 'true');
  });

  it('describes the select with its hint', async () => {
    await WithHint.run();
    await expect.element(combobox()).toHaveAccessibleDescription('Where you receive mail.');
  });

  it('shows the error, the error icon, and ties the message to the select', async () => {
    await WithError.run();
    await expect.element(combobox()).toBeInvalid();
    await expect
      .element(combobox())
      .toHaveAccessibleDescription('Error: State is a required field');
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('does not open when disabled', async () => {
    await Disabled.run();
    await expect.element(combobox()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(combobox(), { force: true });
    await expect.element(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(Disabled.args.onChange).not.toHaveBeenCalled();
  });

  it('works for a short yes/no list', async () => {
    await YesNo.run();
    const question = page.getByRole('combobox', {
      name: 'Are you a citizen of the United States?',
    });
    await userEvent.click(question);
    await userEvent.click(page.getByRole('option', { name: 'No' }));
    expect(YesNo.args.onChange).toHaveBeenCalledWith('N', 'No');
  });
});
