/**
 * A property of the step renderer: for any answers and UI state, the questions it shows are
 * exactly those form-model's walk calls visible (visitQuestions), after clearing. Answers and
 * UI state are drawn at random from a seeded generator, so a failure names its seed.
 */
import {
  type Answers,
  currentOptions,
  type FormContext as UiState,
  OPTION_LISTS,
  type PageConfig,
  type Question,
  visitQuestions,
  walkPages,
} from '@admit/form-model';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { collegePage } from '../testing/fixtures.ts';
import { forbidNetwork, type RenderedStep, renderStep, untilQuiet } from '../testing/harness.tsx';

let step: RenderedStep | undefined;
afterEach(() => {
  step?.unmount();
  step = undefined;
  vi.restoreAllMocks();
});

/** mulberry32: a small seeded generator, the same draws for the same seed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The id a question's widget carries (SPEC §2 anchors). */
const anchorOf = (question: Question) =>
  question.type === 'month-year' ? question.monthKey : question.key;

/** Random answers for every question of the pages, hidden ones included. */
function randomAnswers(pages: readonly PageConfig[], random: () => number): Answers {
  const answers: Answers = {};
  const pick = <T,>(items: readonly T[]): T | undefined =>
    items[Math.floor(random() * items.length)];
  for (const { question } of visitQuestions(pages, {})) {
    if (random() < 0.4) continue;
    switch (question.type) {
      case 'checkbox':
        answers[question.key] = random() < 0.5;
        break;
      case 'checkboxes':
        for (const option of question.options) answers[option.key] = random() < 0.3;
        break;
      case 'select':
      case 'radio': {
        const options =
          'byAnswer' in question.options
            ? Object.values(question.options.byAnswer.options).flat()
            : (currentOptions(question, answers, undefined, OPTION_LISTS) ?? []);
        const option = pick(options);
        if (option !== undefined) answers[question.key] = option.value;
        break;
      }
      case 'month-year':
      case 'file':
      case 'date':
        break;
      default:
        answers[question.key] = 'x';
    }
  }
  return answers;
}

/** Every button trigger's id, wherever it sits in the pages. */
function buttonTriggerIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(buttonTriggerIds);
  if (typeof value !== 'object' || value === null) return [];
  const block = value as { type?: unknown; mode?: unknown; id?: unknown };
  const own = block.type === 'trigger' && block.mode === 'button' ? [String(block.id)] : [];
  return [...own, ...Object.values(value).flatMap(buttonTriggerIds)];
}

/** Random UI state: pressed triggers and add-another counts. */
function randomUi(pages: readonly PageConfig[], random: () => number): UiState {
  const addAnother: Record<string, number> = {};
  for (const item of walkPages(pages, {})) {
    if (item.kind !== 'question' || item.group === undefined) continue;
    const { block } = item.group;
    addAnother[block.buttonId] ??= 1 + Math.floor(random() * block.max);
  }
  const triggers: Record<string, boolean> = {};
  for (const id of buttonTriggerIds(pages)) if (random() < 0.5) triggers[id] = true;
  return { addAnother, triggers };
}

describe('the renderer shows what form-model’s walk calls visible', () => {
  it.each([
    // [page, seed, whether the page has questions that can hide]
    ['about', 1, true],
    ['about', 2, true],
    ['education', 3, true],
    ['education', 4, true],
    ['final-steps', 5, false],
  ] as const)('on %s, seed %i', async (pageId, seed, canHide) => {
    forbidNetwork();
    const page = collegePage(pageId);
    const random = generator(seed);
    const ui = randomUi([page], random);
    step = await renderStep({ page, initialValues: randomAnswers([page], random), ui });
    await untilQuiet(step.renders);

    const values = step.answers();
    const expected = new Map<string, boolean>();
    for (const { question, visible } of visitQuestions([page], values, ui)) {
      const anchor = anchorOf(question);
      expected.set(anchor, (expected.get(anchor) ?? false) || visible);
    }
    const shown = new Map(
      [...expected.keys()].map((anchor) => [
        anchor,
        step?.container.querySelector(`[id="${anchor}"]`) !== null,
      ]),
    );
    expect(shown, `seed ${String(seed)}`).toEqual(expected);
    // Something is on either side, or the property says little.
    expect([...expected.values()]).toContain(true);
    if (canHide) expect([...expected.values()]).toContain(false);
  });
});
