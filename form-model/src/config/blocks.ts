/**
 * One decision per block kind, and one walker of the block tree. The form, clearing,
 * validation, the server and the print model all ask these, so what is shown, stored and
 * printed is decided once (the form used to decide visibility a second time).
 */
import { evaluate, isAnswered } from '../conditions/evaluate.ts';
import { DEFAULT_ADD_ANOTHER, groupItems } from './groups.ts';
import { kindOf, questionKinds } from './kinds.ts';
import {
  type AddAnotherBlock,
  type Answers,
  type Block,
  type ConditionalBlock,
  type ConditionalTrigger,
  type ConditionGroup,
  type FormContext,
  type PageConfig,
  type Question,
  type TabsBlock,
} from './types.ts';

/** Whether a block is a question (stores an answer), not text or structure. */
export function isQuestion(block: Block): block is Question {
  return Object.hasOwn(questionKinds, block.type);
}

/**
 * The lists of blocks directly inside a block as the college writes them, each with its field's
 * JSON path (`blocks`, `branches[1].blocks`, `after`, `template`, `tabs[0].blocks`): an
 * add-another's template once, not its groups. The config check names places with these paths.
 */
export function writtenBlockLists(block: Block): [path: string, blocks: readonly Block[]][] {
  switch (block.type) {
    case 'conditional':
    case 'fieldset':
      return [['blocks', block.blocks]];
    case 'condition-group':
      return block.branches.map((branch, b) => [`branches[${String(b)}].blocks`, branch.blocks]);
    case 'trigger':
      return block.mode === 'button'
        ? [
            ['before', block.before ?? []],
            ['after', block.after],
          ]
        : [
            ['after', block.after ?? []],
            ['optional', block.optional ?? []],
          ];
    case 'add-another':
      return [['template', block.template]];
    case 'tabs':
      return block.tabs.map((tab, t) => [`tabs[${String(t)}].blocks`, tab.blocks]);
    default:
      return [];
  }
}

/**
 * The lists of blocks directly inside a block, in page order, whatever shows: a conditional's
 * blocks, each branch, a trigger's before/after/optional content, each add-another group
 * (expanded from its template: `groupItems`), each tab. A question or an info block holds none.
 */
export function childBlockLists(block: Block): readonly (readonly Block[])[] {
  if (block.type === 'add-another') return groupItems(block);
  return writtenBlockLists(block).map(([, blocks]) => blocks);
}

/**
 * Every block of one kind inside `blocks`, at any depth (tabs inside tabs, a trigger inside
 * an add-another group), in page order, shown or not. The one walker of the tree: the form's
 * tab groups, the server's tab and button checks and the tests all use it.
 *
 * @example blocksOfType(section.blocks, 'tabs').map((tabs) => tabs.tabId)
 */
export function blocksOfType<T extends Block['type']>(
  blocks: readonly Block[],
  type: T,
): Extract<Block, { type: T }>[] {
  const found: Extract<Block, { type: T }>[] = [];
  const walk = (list: readonly Block[]): void => {
    for (const block of list) {
      if (block.type === type) found.push(block as Extract<Block, { type: T }>);
      for (const child of childBlockLists(block)) walk(child);
    }
  };
  walk(blocks);
  return found;
}

/** `blocksOfType` over every section of every page. */
export function pageBlocksOfType<T extends Block['type']>(
  pages: readonly PageConfig[],
  type: T,
): Extract<Block, { type: T }>[] {
  return pages.flatMap((page) =>
    page.sections.flatMap((section) => blocksOfType(section.blocks, type)),
  );
}

/** Every answer key a question stores (a month/year pair and a checkbox set store several). */
export function questionKeys(question: Question): string[] {
  return kindOf(question).keys(question);
}

/** Every answer key stored anywhere inside the blocks, visible or not. */
export function blockKeys(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    if (isQuestion(block)) return questionKeys(block);
    const own = block.type === 'trigger' && block.mode === 'checkbox' ? [block.key] : [];
    return [...own, ...childBlockLists(block).flatMap(blockKeys)];
  });
}

/** SPEC §4: a conditional block is hidden while its condition is true. */
export function isHidden(block: ConditionalBlock, answers: Answers): boolean {
  return evaluate(block.hideWhen, answers);
}

/**
 * SPEC §4: the branch of a condition group that shows, the first whose condition is true
 * (-1 when none is); all others are cleared.
 */
export function shownBranch(block: ConditionGroup, answers: Answers): number {
  return block.branches.findIndex((branch) => evaluate(branch.showWhen, answers));
}

/**
 * How many add-another groups show: the stored counter (default 1, at most `max`), and never
 * fewer than the last group holding an answer, so no answer is ever hidden and cleared.
 */
export function shownItemCount(
  block: AddAnotherBlock,
  answers: Answers,
  context: FormContext,
): number {
  const stored = context.addAnother?.[block.buttonId] ?? DEFAULT_ADD_ANOTHER;
  const groups = groupItems(block);
  let lastAnswered = 0;
  groups.forEach((group, index) => {
    if (blockKeys(group).some((key) => isAnswered(answers[key]))) lastAnswered = index + 1;
  });
  return Math.min(Math.max(stored, lastAnswered, DEFAULT_ADD_ANOTHER), groups.length);
}

/** The chosen tab of a tab group: the stored choice when it exists, else the first tab. */
export function chosenTab(block: TabsBlock, context: FormContext): string {
  const stored = context.tabs?.[block.tabId];
  const tab = block.tabs.find((t) => t.id === stored) ?? block.tabs[0];
  return tab?.id ?? '';
}

/** Whether a button trigger shows its after-content: pressed, or something after it answered. */
export function triggerPressed(
  block: Extract<ConditionalTrigger, { mode: 'button' }>,
  answers: Answers,
  context: FormContext,
): boolean {
  return (
    context.triggers?.[block.id] === true ||
    blockKeys(block.after).some((key) => isAnswered(answers[key]))
  );
}

/** SPEC §4: a checkbox trigger shows its after-content while ticked, its optional content only while unticked. */
export function triggerTicked(
  block: Extract<ConditionalTrigger, { mode: 'checkbox' }>,
  answers: Answers,
): boolean {
  return answers[block.key] === true;
}

/**
 * Whether a select or radio has options for the current answers (a conditional select with
 * no options for the controlling answer is not shown). Every other question: true.
 */
export function hasOptionsNow(question: Question, answers: Answers): boolean {
  const source = kindOf(question).optionSource(question);
  if (source === undefined || !('byAnswer' in source)) return true;
  const { valueKey, options } = source.byAnswer;
  const controlling = answers[valueKey];
  return typeof controlling === 'string' && (options[controlling]?.length ?? 0) > 0;
}
