/**
 * The lookup's placeholder hands over to the lookup (lazyFields.tsx): someone who clicked into it
 * and types while the lookup's chunk arrives goes on typing in the lookup, the focus and the
 * caret where they were, no key lost. A file of its own: the chunk must not have arrived in an earlier test.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { collegeSections } from '../testing/fixtures.ts';
import { type RenderedStep, renderStep } from '../testing/harness.tsx';

let step: RenderedStep | undefined;
let busy: ReturnType<typeof setInterval> | undefined;
afterEach(() => {
  clearInterval(busy);
  step?.unmount();
  step = undefined;
  vi.restoreAllMocks();
});

it("hands the lookup the placeholder's focus and caret when it arrives as someone types: no key is lost", async () => {
  // The lookup asks for suggestions as it takes over: none.
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response('[]', { headers: { 'content-type': 'application/json' } })),
  );
  // A page never quiet (a key every 200 ms) fetches no lookup of itself: it stays a placeholder
  // until someone uses it.
  busy = setInterval(() => {
    window.dispatchEvent(new KeyboardEvent('keydown'));
  }, 200);
  window.dispatchEvent(new KeyboardEvent('keydown'));
  step = await renderStep({
    page: collegeSections('education', 'high-school'),
    initialValues: { diploma_ged: 'D' },
  });
  // Until the chunk arrives, a plain text input stands in.
  const placeholder = page.getByRole('textbox', { name: 'High school name' });
  await expect.element(placeholder).toBeVisible();
  await userEvent.click(placeholder);
  await userEvent.keyboard('Boz');
  const lookup = page.getByRole('combobox', { name: 'High school name' });
  await expect.element(lookup, { timeout: 10_000 }).toBeVisible();
  await expect.element(lookup).toHaveValue('Boz');
  await expect.element(lookup).toHaveFocus();
  const input = document.activeElement;
  expect(input instanceof HTMLInputElement ? input.selectionStart : undefined).toBe(3);
  // Typing goes on in the lookup.
  await userEvent.keyboard('e');
  await expect.element(lookup).toHaveValue('Boze');
});
