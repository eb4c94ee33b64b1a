import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './StepButtons.stories';

const {
  Default,
  FirstStep,
  LastStep,
  Saving,
  Continuing,
  SaveRoundTrip,
  Disabled,
  Spanish,
  SpanishLastStep,
} = composeStories(stories);

const button = (name: string) => page.getByRole('button', { name, exact: true });

describe('StepButtons', () => {
  it('shows Previous, Save and Save and Continue, each calling its handler (SPEC §2)', async () => {
    await Default.run();
    await userEvent.click(button('Previous'));
    await userEvent.click(button('Save'));
    await userEvent.click(button('Save and Continue'));
    expect(Default.args.onPrevious).toHaveBeenCalledTimes(1);
    expect(Default.args.onSave).toHaveBeenCalledTimes(1);
    expect(Default.args.onContinue).toHaveBeenCalledTimes(1);
    await expect.element(button('Submit')).not.toBeInTheDocument();
  });

  it('keeps the buttons in reading order: Previous, Save, Save and Continue', async () => {
    await Default.run();
    const names = page
      .getByRole('button')
      .elements()
      .map((element) => element.textContent);
    expect(names).toEqual(['Previous', 'Save', 'Save and Continue']);
  });

  it('leaves out Previous on the first step', async () => {
    await FirstStep.run();
    await expect.element(button('Previous')).not.toBeInTheDocument();
    await expect.element(button('Save and Continue')).toBeVisible();
  });

  it('offers Submit instead of Save and Continue on the last step', async () => {
    await LastStep.run();
    await userEvent.click(button('Submit'));
    expect(LastStep.args.onSubmit).toHaveBeenCalledTimes(1);
    await expect.element(button('Save and Continue')).not.toBeInTheDocument();
  });

  it('shows progress on the busy button and holds every button while it runs', async () => {
    await Saving.run();
    await expect.element(button('Save')).toBeDisabled();
    await expect.element(button('Save').getByRole('progressbar', { name: 'Save' })).toBeVisible();
    await expect.element(button('Previous')).toBeDisabled();
    await expect.element(button('Save and Continue')).toBeDisabled();
  });

  it('spins on Save and Continue while saving before moving on', async () => {
    await Continuing.run();
    await expect
      .element(button('Save and Continue').getByRole('progressbar', { name: 'Save and Continue' }))
      .toBeVisible();
    await expect.element(button('Save')).toBeDisabled();
  });

  it('cannot be pressed twice while the save runs', async () => {
    await SaveRoundTrip.run();
    await userEvent.click(button('Save'));
    await expect.element(button('Save')).toBeDisabled();
    await expect.element(button('Save and Continue')).toBeDisabled();
    expect(SaveRoundTrip.args.onSave).toHaveBeenCalledTimes(1);
    await expect.element(button('Save')).toBeEnabled();
  });

  it('greys out every button when disabled', async () => {
    await Disabled.run();
    for (const name of ['Previous', 'Save', 'Save and Continue']) {
      await expect.element(button(name)).toBeDisabled();
    }
  });

  it('fits a 375 px phone: Previous and Save share a row, the main action spans it', async () => {
    await page.viewport(375, 812);
    try {
      await Default.run();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
      const previous = button('Previous').element().getBoundingClientRect();
      const save = button('Save').element().getBoundingClientRect();
      const main = button('Save and Continue').element().getBoundingClientRect();
      expect(previous.top).toBe(save.top);
      expect(main.top).toBeGreaterThan(save.bottom);
      expect(main.width).toBeGreaterThan(previous.width + save.width);
    } finally {
      await page.viewport(414, 896);
    }
  });

  it('speaks Spanish on a phone, every label whole: none is cut or overflows its button', async () => {
    await Spanish.run();
    const names = page
      .getByRole('button')
      .elements()
      .map((element) => element.textContent);
    expect(names).toEqual(['Anterior', 'Guardar', 'Guardar y continuar']);
    for (const element of page.getByRole('button').elements()) {
      expect(element.scrollWidth).toBeLessThanOrEqual(element.clientWidth);
      expect(element.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  });

  it('names Submit "Enviar" in Spanish, and it still submits', async () => {
    await SpanishLastStep.run();
    await userEvent.click(button('Enviar'));
    expect(SpanishLastStep.args.onSubmit).toHaveBeenCalledTimes(1);
  });
});
