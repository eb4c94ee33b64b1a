import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './Textarea.stories';

const { Default, Required, WithHint, WithError, Disabled, NearLimit, AtLimit, TenantLimit } =
  composeStories(stories);
const spanish = composeStories(stories, { initialGlobals: { language: 'es' } });

const essayBox = () =>
  page.getByRole('textbox', { name: 'Why have you decided to apply to Gallatin College?' });

describe('Textarea', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a multi-line text box named by its label, anchored by its id', async () => {
    await Default.run();
    await expect.element(essayBox()).toHaveAttribute('id', 'decision_essay');
    await expect.element(essayBox()).toHaveAttribute('name', 'decision_essay');
    expect(essayBox().element().tagName).toBe('TEXTAREA');
  });

  it('counts characters "N / 1500" as typed, and describes the count (SPEC §5)', async () => {
    await Default.run();
    await expect.element(page.getByText('0 / 1500')).toBeVisible();
    await expect.element(essayBox()).toHaveAccessibleDescription('0 of 1500 characters used.');
    await userEvent.type(essayBox(), 'Welding');
    expect(Default.args.onChange).toHaveBeenLastCalledWith('Welding');
    await expect.element(page.getByText('7 / 1500')).toBeVisible();
    await expect.element(essayBox()).toHaveAccessibleDescription('7 of 1500 characters used.');
    await userEvent.tab();
    expect(Default.args.onBlur).toHaveBeenCalled();
  });

  it('refuses typing beyond 1500 characters (SPEC §9)', async () => {
    await AtLimit.run();
    await expect.element(essayBox()).toHaveAttribute('maxlength', '1500');
    await userEvent.type(essayBox(), 'more');
    expect((essayBox().element() as HTMLTextAreaElement).value).toHaveLength(1500);
    await expect.element(page.getByText('1500 / 1500')).toBeVisible();
  });

  it('takes a tenant limit instead (SPEC §1: 7000)', async () => {
    await TenantLimit.run();
    const explain = page.getByRole('textbox', { name: 'Please explain the circumstances.' });
    await expect.element(explain).toHaveAttribute('maxlength', '7000');
    await expect.element(page.getByText(/^\d+ \/ 7000$/)).toBeVisible();
  });

  it('tells screen readers what is left near the limit, once typing pauses for a second', async () => {
    await NearLimit.run();
    // Fake only the widget's own timer, after the story has rendered on real ones.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const status = page.getByRole('status');
    await expect.element(status).toHaveTextContent('');

    await userEvent.type(essayBox(), 'abc');
    await expect.element(page.getByText('1498 / 1500')).toBeVisible();
    // Not on every keystroke: nothing until the pause.
    vi.advanceTimersByTime(999);
    await expect.element(status).toHaveTextContent('');
    vi.advanceTimersByTime(1);
    await expect.element(status).toHaveTextContent('You have 2 characters remaining.');

    await userEvent.type(essayBox(), 'defg');
    vi.advanceTimersByTime(1000);
    await expect
      .element(status)
      .toHaveTextContent('You have reached the limit of 1500 characters.');
  });

  it('counts and announces in Spanish, plural and singular from the catalogue (ICU)', async () => {
    await spanish.NearLimit.run();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const status = page.getByRole('status');
    await expect
      .element(essayBox())
      .toHaveAccessibleDescription('Ha usado 1495 de 1500 caracteres.');

    await userEvent.type(essayBox(), 'abc');
    vi.advanceTimersByTime(1000);
    await expect.element(status).toHaveTextContent('Le quedan 2 caracteres.');
    await userEvent.type(essayBox(), 'd');
    vi.advanceTimersByTime(1000);
    await expect.element(status).toHaveTextContent('Le queda 1 carácter.');
    await userEvent.type(essayBox(), 'efg');
    vi.advanceTimersByTime(1000);
    await expect.element(status).toHaveTextContent('Ha llegado al límite de 1500 caracteres.');
  });

  it('says nothing far from the limit', async () => {
    await Default.run();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await userEvent.type(essayBox(), 'Short answer');
    vi.advanceTimersByTime(1000);
    await expect.element(page.getByRole('status')).toHaveTextContent('');
  });

  it('marks a required field for sight and for screen readers', async () => {
    await Required.run();
    await expect.element(essayBox()).toBeRequired();
  });

  it('describes the text area with its hint, then the count', async () => {
    await WithHint.run();
    await expect
      .element(essayBox())
      .toHaveAccessibleDescription('A few sentences are enough. 0 of 1500 characters used.');
  });

  it('shows the error, the error icon, and ties the message to the text area', async () => {
    await WithError.run();
    await expect.element(essayBox()).toBeInvalid();
    await expect
      .element(essayBox())
      .toHaveAccessibleDescription('Error: This question is required 0 of 1500 characters used.');
    await expect.element(page.getByTestId('error-icon')).toBeVisible();
  });

  it('cannot be edited when disabled', async () => {
    await Disabled.run();
    await expect.element(essayBox()).toBeDisabled();
  });
});
