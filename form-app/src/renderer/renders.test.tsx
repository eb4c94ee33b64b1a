/**
 * ARCHITECTURE "One keystroke, one save", step 1: a widget calls Final Form's `onChange` and
 * only that field re-renders. Renders are counted as React DevTools counts them (see
 * testing/renderCounter.ts), on the college's largest page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { collegePage } from '../testing/fixtures.ts';
import {
  forbidNetwork,
  type RenderedApp,
  type RenderedStep,
  renderFormLayout,
  renderStep,
  settle,
  untilQuiet,
} from '../testing/harness.tsx';

let step: RenderedStep | RenderedApp | undefined;
afterEach(() => {
  step?.unmount();
  step = undefined;
  vi.restoreAllMocks();
});

/** Types `text` into `field` one key at a time; the field renders of each keystroke. */
async function fieldRendersPerKeystroke(
  counted: RenderedStep | RenderedApp,
  label: string,
  text: string,
): Promise<Record<string, number>[]> {
  // The first on the page: "First Name" is also asked of each parent, further down.
  const field = page.getByRole('textbox', { name: label }).first();
  // The lazy fields arriving is not a keystroke's doing: count from when the page is still.
  await untilQuiet(counted.renders);
  await userEvent.click(field);
  await settle();
  const perKeystroke: Record<string, number>[] = [];
  for (const key of text) {
    counted.renders.reset();
    await userEvent.keyboard(key);
    await settle();
    perKeystroke.push({ ...counted.renders.fields });
  }
  await expect.element(field).toHaveValue(text);
  return perKeystroke;
}

describe('a keystroke re-renders one field', () => {
  it('in the step renderer, on the largest page', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegePage('about') });
    await expect.element(page.getByRole('textbox', { name: 'First Name' }).first()).toBeVisible();
    const renders = await fieldRendersPerKeystroke(step, 'First Name', 'Ada');
    expect(renders).toEqual([{ first_name: 1 }, { first_name: 1 }, { first_name: 1 }]);
  });

  it('in a field inside a conditional block, further down the page', async () => {
    forbidNetwork();
    step = await renderStep({
      page: collegePage('about'),
      initialValues: { gallatin_refer: 'OTHER' },
    });
    const renders = await fieldRendersPerKeystroke(step, 'How did you hear about us?', 'Radio');
    expect(renders).toEqual(Array.from('Radio', () => ({ gallatin_refer_other: 1 })));
  });

  it('in a field inside an add-another group (an item of its Final Form array)', async () => {
    forbidNetwork();
    const rendered = await renderStep({
      page: collegePage('education'),
      initialValues: { college_name: 'First', college_2_name: 'Second' },
    });
    step = rendered;
    await expect
      .element(page.getByRole('heading', { name: 'College 2', exact: true }))
      .toBeVisible();
    const code = page.getByRole('textbox', { name: 'College code (CEEB)' }).nth(1);
    await untilQuiet(rendered.renders);
    await userEvent.click(code);
    await settle();
    const perKeystroke: Record<string, number>[] = [];
    for (const key of '123') {
      rendered.renders.reset();
      await userEvent.keyboard(key);
      await settle();
      perKeystroke.push({ ...rendered.renders.fields });
    }
    await expect.element(code).toHaveValue('123');
    // One field: the second group's copy of the template's question (the first group's would
    // count under the same key too).
    expect(perKeystroke).toEqual(Array.from('123', () => ({ college_ceeb: 1 })));
    // Stored under the second group's key; the first group's is untouched.
    expect(rendered.answers().college_2_ceeb).toBe('123');
    expect(rendered.answers().college_ceeb).toBeUndefined();
  });

  it('in the whole form layout (header, navigation, banner, saving) for a visitor', async () => {
    const network = forbidNetwork();
    step = await renderFormLayout('/about');
    await expect
      .element(page.getByRole('textbox', { name: 'First Name' }).first(), { timeout: 15_000 })
      .toBeVisible();
    const renders = await fieldRendersPerKeystroke(step, 'First Name', 'Ada');
    expect(renders).toEqual([{ first_name: 1 }, { first_name: 1 }, { first_name: 1 }]);
    expect(network).not.toHaveBeenCalled();
  });

  it('counts every field a change does render (the counter is not blind)', async () => {
    forbidNetwork();
    step = await renderStep({ page: collegePage('about') });
    const citizen = page.getByRole('radiogroup', {
      name: 'Are you a citizen of the United States?',
    });
    await expect.element(citizen).toBeVisible();
    step.renders.reset();
    await userEvent.click(citizen.getByRole('radio', { name: 'No', exact: true }));
    await settle();
    // The answer's own field, and the two questions the answer reveals.
    expect(Object.keys(step.renders.fields).sort()).toEqual([
      'citizenship',
      'perm_resident',
      'us_citizen',
    ]);
  });
});

describe('a step renders each field once as it mounts', () => {
  it('in the whole form layout for a visitor: no field renders again once registered', async () => {
    // A lazy field renders twice: its placeholder, then itself once its chunk is here.
    const LAZY = ['birth_date', 'mailing_zip', 'parent_zip', 'zip'];
    forbidNetwork();
    const rendered = await renderFormLayout('/about');
    step = rendered;
    await expect
      .element(page.getByRole('textbox', { name: 'First Name' }).first(), { timeout: 15_000 })
      .toBeVisible();
    await untilQuiet(rendered.renders);
    const again = Object.entries(rendered.renders.fields).filter(
      ([key, commits]) => commits > (LAZY.includes(key) ? 2 : 1),
    );
    expect(Object.keys(rendered.renders.fields).length).toBeGreaterThan(30);
    expect(again).toEqual([]);
  });
});
