/**
 * Walks a page config with the answers and the UI context, deciding for every question
 * whether it shows. Clearing, validation and printing all read visibility from here, so
 * what is shown, saved and printed can never disagree.
 */
import { evaluate, isAnswered } from '../conditions/evaluate.ts';
import {
  type AddAnotherBlock,
  type Answers,
  type Block,
  type FormContext,
  type InfoBlock,
  type PageConfig,
  type Question,
  type SectionConfig,
} from './types.ts';

/** SPEC §9: add-another shows at most 10 groups. */
export const MAX_ADD_ANOTHER = 10;
/** SPEC §9: add-another shows one group by default. */
export const DEFAULT_ADD_ANOTHER = 1;

/** A question with where it sits and whether it shows. */
export interface QuestionVisit {
  question: Question;
  visible: boolean;
  page: PageConfig;
  section: SectionConfig;
}

/** The add-another group an item sits in: its block and its place (0 for the first group). */
export interface WalkGroup {
  block: AddAnotherBlock;
  index: number;
}

/** Anything the walk meets, in page order (for printing). */
export type WalkItem =
  | { kind: 'section'; section: SectionConfig; page: PageConfig; visible: true }
  | {
      kind: 'question';
      question: Question;
      visible: boolean;
      page: PageConfig;
      section: SectionConfig;
      group?: WalkGroup;
    }
  | {
      kind: 'info';
      info: InfoBlock;
      visible: boolean;
      page: PageConfig;
      section: SectionConfig;
      group?: WalkGroup;
    };

/** Every answer key a question stores (a month/year pair and a checkbox set store several). */
export function questionKeys(question: Question): string[] {
  switch (question.type) {
    case 'month-year':
      return [question.monthKey, question.yearKey];
    case 'checkboxes':
      return question.options.map((option) => option.key);
    default:
      return [question.key];
  }
}

/** Every answer key stored anywhere inside the blocks, visible or not. */
export function blockKeys(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'info':
        return [];
      case 'conditional':
        return blockKeys(block.blocks);
      case 'condition-group':
        return block.branches.flatMap((branch) => blockKeys(branch.blocks));
      case 'trigger':
        return block.mode === 'button'
          ? [...blockKeys(block.before ?? []), ...blockKeys(block.after)]
          : [block.key, ...blockKeys(block.after ?? []), ...blockKeys(block.optional ?? [])];
      case 'add-another':
        return block.items.flatMap(blockKeys);
      case 'tabs':
        return block.tabs.flatMap((tab) => blockKeys(tab.blocks));
      default:
        return questionKeys(block);
    }
  });
}

/**
 * How many add-another groups show: the stored counter (default 1, at most `max`), and never
 * fewer than the last group holding an answer, so no answer is ever hidden and cleared.
 */
export function addAnotherCount(
  block: AddAnotherBlock,
  answers: Answers,
  context: FormContext,
): number {
  const stored = context.addAnother?.[block.buttonId] ?? DEFAULT_ADD_ANOTHER;
  let lastAnswered = 0;
  block.items.forEach((item, index) => {
    if (blockKeys(item).some((key) => isAnswered(answers[key]))) lastAnswered = index + 1;
  });
  return Math.min(
    Math.max(stored, lastAnswered, DEFAULT_ADD_ANOTHER),
    block.max,
    block.items.length,
  );
}

/** The chosen tab of a tab group: the stored choice when it exists, else the first tab. */
export function chosenTab(block: Extract<Block, { type: 'tabs' }>, context: FormContext): string {
  const stored = context.tabs?.[block.tabId];
  const tab = block.tabs.find((t) => t.id === stored) ?? block.tabs[0];
  return tab?.id ?? '';
}

/** Whether a button trigger shows its after-content: pressed, or something after it answered. */
export function triggerPressed(
  block: Extract<Block, { type: 'trigger'; mode: 'button' }>,
  answers: Answers,
  context: FormContext,
): boolean {
  return (
    context.triggers?.[block.id] === true ||
    blockKeys(block.after).some((key) => isAnswered(answers[key]))
  );
}

/** Options of a select or radio for the current answers (conditional selects depend on one). */
export function hasOptionsNow(question: Question, answers: Answers): boolean {
  if (
    (question.type !== 'select' && question.type !== 'radio') ||
    !('byAnswer' in question.options)
  ) {
    return true;
  }
  const { valueKey, options } = question.options.byAnswer;
  const controlling = answers[valueKey];
  return typeof controlling === 'string' && (options[controlling]?.length ?? 0) > 0;
}

function walkBlocks(
  blocks: readonly Block[],
  visible: boolean,
  where: { page: PageConfig; section: SectionConfig; group?: WalkGroup },
  answers: Answers,
  context: FormContext,
  out: WalkItem[],
): void {
  for (const block of blocks) {
    switch (block.type) {
      case 'info':
        out.push({ kind: 'info', info: block, visible, ...where });
        break;
      case 'conditional':
        // SPEC §4: a block is hidden while its condition is true.
        walkBlocks(
          block.blocks,
          visible && !evaluate(block.hideWhen, answers),
          where,
          answers,
          context,
          out,
        );
        break;
      case 'condition-group': {
        // SPEC §4: the first true condition keeps its answers; all others are cleared.
        const first = block.branches.findIndex((branch) => evaluate(branch.showWhen, answers));
        block.branches.forEach((branch, index) => {
          walkBlocks(branch.blocks, visible && index === first, where, answers, context, out);
        });
        break;
      }
      case 'trigger':
        if (block.mode === 'button') {
          walkBlocks(block.before ?? [], visible, where, answers, context, out);
          const pressed = triggerPressed(block, answers, context);
          walkBlocks(block.after, visible && pressed, where, answers, context, out);
        } else {
          const ticked = answers[block.key] === true;
          out.push({
            kind: 'question',
            question: { type: 'checkbox', key: block.key, label: block.label },
            visible,
            ...where,
          });
          // SPEC §4: after-content while ticked; optional content only while unticked.
          walkBlocks(block.after ?? [], visible && ticked, where, answers, context, out);
          walkBlocks(block.optional ?? [], visible && !ticked, where, answers, context, out);
        }
        break;
      case 'add-another': {
        const count = addAnotherCount(block, answers, context);
        block.items.forEach((item, index) => {
          walkBlocks(
            item,
            visible && index < count,
            { ...where, group: { block, index } },
            answers,
            context,
            out,
          );
        });
        break;
      }
      case 'tabs': {
        const chosen = chosenTab(block, context);
        for (const tab of block.tabs) {
          walkBlocks(tab.blocks, visible && tab.id === chosen, where, answers, context, out);
        }
        break;
      }
      default:
        out.push({
          kind: 'question',
          question: block,
          visible: visible && hasOptionsNow(block, answers),
          ...where,
        });
    }
  }
}

/** Everything on the pages in order, each with whether it shows for these answers. */
export function walkPages(
  pages: readonly PageConfig[],
  answers: Answers,
  context: FormContext = {},
): WalkItem[] {
  const out: WalkItem[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      out.push({ kind: 'section', section, page, visible: true });
      walkBlocks(section.blocks, true, { page, section }, answers, context, out);
    }
  }
  return out;
}

/** Every question on the pages with its visibility. */
export function visitQuestions(
  pages: readonly PageConfig[],
  answers: Answers,
  context: FormContext = {},
): QuestionVisit[] {
  return walkPages(pages, answers, context).flatMap((item) =>
    item.kind === 'question'
      ? [{ question: item.question, visible: item.visible, page: item.page, section: item.section }]
      : [],
  );
}
