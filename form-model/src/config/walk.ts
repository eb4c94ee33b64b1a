/**
 * Walks a page config with the answers and the UI context, deciding for every question
 * whether it shows. Clearing, validation and printing all read visibility from here, so
 * what is shown, saved and printed can never disagree.
 *
 * The answers may come in either shape (config/types.ts), and only an add-another block tells
 * them apart: where the answers hold an array under its `buttonId` (the form's shape), each item
 * is a group, walked with the template's keys in the item's scope, and the groups are as many as
 * the items; else (SPEC's flat keys: the server, the PDF) the groups are the block's numbered
 * copies (`groupItems`), as many as `shownItemCount` says. Every item the walk gives carries its
 * scope (config/scope.ts): what its question reads and where its answers are.
 */
import { groupCount, groupItems, groupTemplate } from './groups.ts';
import { type AnswerScope, itemScope, topScope } from './scope.ts';
import { kindOf } from './kinds.ts';
import {
  chosenTab,
  hasOptionsNow,
  isHidden,
  shownBranch,
  shownItemCount,
  triggerPressed,
  triggerTicked,
} from './blocks.ts';
import {
  type AddAnotherBlock,
  type Block,
  type FormAnswers,
  type FormContext,
  type InfoBlock,
  type PageConfig,
  type Question,
  type SectionConfig,
} from './types.ts';

/** A question with where it sits and whether it shows. */
export interface QuestionVisit {
  question: Question;
  visible: boolean;
  page: PageConfig;
  section: SectionConfig;
  scope: AnswerScope;
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
      scope: AnswerScope;
    }
  | {
      kind: 'info';
      info: InfoBlock;
      visible: boolean;
      page: PageConfig;
      section: SectionConfig;
      group?: WalkGroup;
      scope: AnswerScope;
    };

function walkBlocks(
  blocks: readonly Block[],
  visible: boolean,
  where: { page: PageConfig; section: SectionConfig; group?: WalkGroup; scope: AnswerScope },
  context: FormContext,
  out: WalkItem[],
): void {
  const answers = where.scope.answers;
  for (const block of blocks) {
    switch (block.type) {
      case 'info':
        out.push({ kind: 'info', info: block, visible, ...where });
        break;
      case 'fieldset':
        // With a hint, printed as the heading and line it shows on the screen; without one its
        // questions print alone, the section or group around them named already.
        if (block.hint !== undefined)
          out.push({
            kind: 'info',
            info: { type: 'info', title: block.legend, text: block.hint },
            visible,
            ...where,
          });
        walkBlocks(block.blocks, visible, where, context, out);
        break;
      case 'conditional':
        // SPEC §4: a block is hidden while its condition is true.
        walkBlocks(block.blocks, visible && !isHidden(block, answers), where, context, out);
        break;
      case 'condition-group': {
        // SPEC §4: the first true condition keeps its answers; all others are cleared.
        const first = shownBranch(block, answers);
        block.branches.forEach((branch, index) => {
          walkBlocks(branch.blocks, visible && index === first, where, context, out);
        });
        break;
      }
      case 'trigger':
        if (block.mode === 'button') {
          walkBlocks(block.before ?? [], visible, where, context, out);
          const pressed = triggerPressed(block, answers, context);
          walkBlocks(block.after, visible && pressed, where, context, out);
        } else {
          const ticked = triggerTicked(block, answers);
          out.push({
            kind: 'question',
            question: { type: 'checkbox', key: block.key, label: block.label },
            visible,
            ...where,
          });
          // SPEC §4: after-content while ticked; optional content only while unticked.
          walkBlocks(block.after ?? [], visible && ticked, where, context, out);
          walkBlocks(block.optional ?? [], visible && !ticked, where, context, out);
        }
        break;
      case 'add-another': {
        const items = answers[block.buttonId] as FormAnswers[string] | undefined;
        if (Array.isArray(items)) {
          // The form's shape: one group per item, the count being the array's length.
          (items as readonly FormAnswers[]).slice(0, groupCount(block)).forEach((item, index) => {
            walkBlocks(
              groupTemplate(block, index),
              visible,
              {
                ...where,
                group: { block, index },
                scope: itemScope(where.scope, block, index, item),
              },
              context,
              out,
            );
          });
          break;
        }
        const count = shownItemCount(block, answers, context);
        groupItems(block).forEach((group, index) => {
          walkBlocks(
            group,
            visible && index < count,
            { ...where, group: { block, index } },
            context,
            out,
          );
        });
        break;
      }
      case 'tabs': {
        const chosen = chosenTab(block, context);
        for (const tab of block.tabs) {
          walkBlocks(tab.blocks, visible && tab.id === chosen, where, context, out);
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
  answers: FormAnswers,
  context: FormContext = {},
): WalkItem[] {
  const out: WalkItem[] = [];
  const scope = topScope(answers);
  for (const page of pages) {
    for (const section of page.sections) {
      out.push({ kind: 'section', section, page, visible: true });
      walkBlocks(section.blocks, true, { page, section, scope }, context, out);
    }
  }
  return out;
}

/** Every question on the pages with its visibility. */
export function visitQuestions(
  pages: readonly PageConfig[],
  answers: FormAnswers,
  context: FormContext = {},
): QuestionVisit[] {
  return walkPages(pages, answers, context).flatMap((item) =>
    item.kind === 'question'
      ? [
          {
            question: item.question,
            visible: item.visible,
            page: item.page,
            section: item.section,
            scope: item.scope,
          },
        ]
      : [],
  );
}

/**
 * Every answer key on the pages whose kind is sensitive (the Social Security number), hidden
 * questions and every add-another item included: what the browser never keeps in its storage.
 */
export function sensitiveKeys(pages: readonly PageConfig[]): ReadonlySet<string> {
  return new Set(
    visitQuestions(pages, {}).flatMap(({ question }) => {
      const kind = kindOf(question);
      return kind.sensitive ? kind.keys(question) : [];
    }),
  );
}
