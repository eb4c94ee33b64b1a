/**
 * The structured print model (SPEC §1): the application as steps, sections, group
 * headings and questions with typed answers, formatted as the form shows them. The PDF and
 * the service view both render it as it is; neither guesses structure back from text.
 */
import { isAnswered } from '../conditions/evaluate.ts';
import { clearHiddenAnswers } from '../config/clear.ts';
import { currentOptions } from '../config/questions.ts';
import { byKind, type KindTable } from '../config/kinds.ts';
import {
  type AddAnotherBlock,
  type Answers,
  type FormAnswers,
  type FormContext,
  type PageConfig,
  type Question,
  type RadioQuestion,
  type SelectQuestion,
} from '../config/types.ts';
import { walkPages, type WalkGroup } from '../config/walk.ts';
import { formatInternationalPhone, formatUsPhone } from '../format/phone.ts';
import { formatSsn } from '../format/ssn.ts';
import { optionLabel, type OptionLists } from '../options/index.ts';
import { type ModelMessages } from '../validation/messages.ts';
import { monthYearText, type PrintedDocument } from './printable.ts';

/** One choice of a radio or checkbox group, chosen or not. */
export interface PrintChoice {
  label: string;
  checked: boolean;
}

/** What a question's answer prints as. */
export type PrintAnswer =
  /** A value, formatted as the form shows it (dates MM/DD/YYYY, phones (406) 555-0123). */
  | { kind: 'text'; text: string }
  /** Not answered: an underlined blank. */
  | { kind: 'blank' }
  /** Every option, the chosen ones marked. */
  | { kind: 'choices'; choices: PrintChoice[] }
  /** An uploaded document, by its file name. */
  | { kind: 'document'; fileName: string };

export type PrintBlock =
  | { kind: 'question'; key: string; label: string; answer: PrintAnswer }
  /** A single checkbox ("I certify that…"): the label is the choice. */
  | { kind: 'checkbox'; key: string; label: string; checked: boolean }
  | { kind: 'info'; title?: string; text: string }
  /** The heading of an add-another group ("College 2"), before the group's blocks. */
  | { kind: 'group'; heading: string };

export interface PrintSection {
  title: string;
  blocks: PrintBlock[];
}

/** A step (page) of the form. */
export interface PrintStep {
  title: string;
  sections: PrintSection[];
}

export interface PrintModel {
  steps: PrintStep[];
}

export interface PrintOptions {
  /** Print an SSN as XXX-XX-1234 (a downloaded or mailed copy); the full number otherwise. */
  maskSsn?: boolean;
  /**
   * The built-in option lists in the reader's language (`optionListsIn`); English otherwise
   * (`printModel`; `printModelIn` asks for them).
   */
  lists?: OptionLists;
  /** form-model's messages in the reader's language, for the groups' headings; English otherwise. */
  messages?: ModelMessages;
}

/** Print options with the built-in lists given, in the reader's language. */
export type ListedPrintOptions = PrintOptions & { lists: OptionLists };

/** Radio groups with more options than this print the chosen label instead of every option. */
const MAX_PRINTED_CHOICES = 12;

/** "2008-03-27" as the form shows it: "03/27/2008". Anything else is printed as stored. */
export function formatPrintedDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match === null ? value : `${match[2] ?? ''}/${match[3] ?? ''}/${match[1] ?? ''}`;
}

/** An SSN with only its last four digits. */
export function maskedSsn(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length < 4 ? 'XXX-XX-XXXX' : `XXX-XX-${digits.slice(-4)}`;
}

/**
 * The second group's heading, "College 2", in the language of `messages`: the block's
 * `itemLabel` and the number, or, for a block without one, its button's label less its Add
 * words ("Add Another College"). Without `messages`, an English label's Add words are dropped
 * here: the browser may print without them, and it cannot read form-model's English catalogue
 * (its build has no ICU parser).
 */
export function groupHeading(
  block: AddAnotherBlock,
  index: number,
  messages?: ModelMessages,
): string {
  const label = block.itemLabel ?? block.label;
  if (messages !== undefined) return messages.groupHeading(label, index + 1);
  const noun = label.replace(/^add\s+(another|more|an?)\s+/i, '').trim();
  return `${noun === '' ? label : noun} ${index + 1}`;
}

function textAnswer(value: Answers[string] | undefined): PrintAnswer {
  return isAnswered(value) ? { kind: 'text', text: String(value).trim() } : { kind: 'blank' };
}

/** What a question prints from: the cleared answers, the documents, the print options. */
interface PrintSource {
  answers: Answers;
  documents: Readonly<Record<string, PrintedDocument>>;
  options: ListedPrintOptions;
}

/** A question line with its answer. */
function questionWith(question: Question, answer: PrintAnswer): PrintBlock {
  return { kind: 'question', key: question.key, label: question.label, answer };
}

/** A stored text answer formatted for print, or a blank. */
function formatted(question: Question, answers: Answers, format: (value: string) => string) {
  const value = answers[question.key];
  return questionWith(
    question,
    typeof value === 'string' && isAnswered(value)
      ? { kind: 'text', text: format(value) }
      : { kind: 'blank' },
  );
}

function plainText(question: Question, { answers }: PrintSource): PrintBlock {
  return questionWith(question, textAnswer(answers[question.key]));
}

function choiceBlock(
  question: SelectQuestion | RadioQuestion,
  { answers, options }: PrintSource,
): PrintBlock {
  const value = answers[question.key];
  const choices = currentOptions(question, answers, undefined, options.lists) ?? [];
  if (question.type === 'radio' && choices.length <= MAX_PRINTED_CHOICES) {
    return questionWith(question, {
      kind: 'choices',
      choices: choices.map((option) => ({ label: option.label, checked: option.value === value })),
    });
  }
  const label = typeof value === 'string' ? optionLabel(choices, value) : undefined;
  return questionWith(
    question,
    isAnswered(value) ? { kind: 'text', text: label ?? String(value) } : { kind: 'blank' },
  );
}

/** How each question kind prints (a kind left out does not compile; see config/kinds.ts). */
const printAnswers: KindTable<[source: PrintSource], PrintBlock> = {
  text: plainText,
  textarea: plainText,
  email: plainText,
  lookup: plainText,
  checkbox: (question, { answers }) => ({
    kind: 'checkbox',
    key: question.key,
    label: question.label,
    checked: answers[question.key] === true,
  }),
  checkboxes: (question, { answers }) =>
    questionWith(question, {
      kind: 'choices',
      choices: question.options.map((option) => ({
        label: option.label,
        checked: answers[option.key] === true,
      })),
    }),
  radio: choiceBlock,
  select: choiceBlock,
  'month-year': (question, { answers, options }) => {
    const text = monthYearText(question, answers, options.lists);
    return {
      kind: 'question',
      key: question.monthKey,
      label: question.label,
      answer: text === '' ? { kind: 'blank' } : { kind: 'text', text },
    };
  },
  file: (question, { documents }) => {
    const document = documents[question.key];
    return questionWith(
      question,
      document === undefined
        ? { kind: 'blank' }
        : { kind: 'document', fileName: document.file_name },
    );
  },
  date: (question, { answers }) => formatted(question, answers, formatPrintedDate),
  phone: (question, { answers }) =>
    formatted(question, answers, (value) =>
      question.variant === 'international' ? formatInternationalPhone(value) : formatUsPhone(value),
    ),
  ssn: (question, { answers, options }) =>
    formatted(question, answers, (value) =>
      options.maskSsn === true ? maskedSsn(value) : formatSsn(value),
    ),
};

/** Whether a block holds an answer (a group with none is not printed). */
function answered(block: PrintBlock): boolean {
  switch (block.kind) {
    case 'question':
      return (
        block.answer.kind === 'text' ||
        block.answer.kind === 'document' ||
        (block.answer.kind === 'choices' && block.answer.choices.some((choice) => choice.checked))
      );
    case 'checkbox':
      return block.checked;
    default:
      return false;
  }
}

/** A printed block named by SPEC's key (a group's item prints under `college_2_name`). */
function flatKeyed(block: PrintBlock, flatKey: (key: string) => string): PrintBlock {
  return 'key' in block ? { ...block, key: flatKey(block.key) } : block;
}

/**
 * The application as a structured print model: visible questions only, after clearing, in
 * page order. Unanswered questions print as blanks so a reader sees what was left out; an
 * add-another group after the first with nothing answered is left out, and when more than
 * one group prints, each has its heading ("College 1", "College 2"). Sections and steps with
 * nothing to print are left out.
 */
export function printModelIn(
  pages: readonly PageConfig[],
  answers: FormAnswers,
  documents: Readonly<Record<string, PrintedDocument>>,
  context: FormContext,
  options: ListedPrintOptions,
): PrintModel {
  const cleared = clearHiddenAnswers(pages, answers, context);
  const steps: PrintStep[] = [];
  let step: PrintStep | undefined;
  let stepId: string | undefined;
  let section: PrintSection | undefined;
  /** The blocks of each group of the current add-another, kept apart until it ends. */
  let groups: { group: WalkGroup; blocks: PrintBlock[] }[] = [];

  const flushGroups = () => {
    if (section === undefined || groups.length === 0) return;
    const printed = groups.filter((entry, index) => index === 0 || entry.blocks.some(answered));
    for (const entry of printed) {
      if (printed.length > 1)
        section.blocks.push({
          kind: 'group',
          heading: groupHeading(entry.group.block, entry.group.index, options.messages),
        });
      section.blocks.push(...entry.blocks);
    }
    groups = [];
  };
  const add = (block: PrintBlock, group: WalkGroup | undefined) => {
    if (group === undefined) {
      flushGroups();
      section?.blocks.push(block);
      return;
    }
    const last = groups[groups.length - 1];
    if (last !== undefined && last.group.block !== group.block) flushGroups();
    const current = groups[groups.length - 1];
    if (current?.group.index === group.index) current.blocks.push(block);
    else groups.push({ group, blocks: [block] });
  };

  for (const item of walkPages(pages, cleared, context)) {
    if (!item.visible) continue;
    if (step === undefined || item.page.id !== stepId) {
      flushGroups();
      step = { title: item.page.title, sections: [] };
      stepId = item.page.id;
      steps.push(step);
      section = undefined;
    }
    if (item.kind === 'section') {
      flushGroups();
      section = { title: item.section.title, blocks: [] };
      step.sections.push(section);
    } else if (item.kind === 'info') {
      add(
        {
          kind: 'info',
          ...(item.info.title === undefined ? {} : { title: item.info.title }),
          text: item.info.text,
        },
        item.group,
      );
    } else
      add(
        flatKeyed(
          byKind(printAnswers, item.question, { answers: item.scope.answers, documents, options }),
          item.scope.flatKey,
        ),
        item.group,
      );
  }
  flushGroups();
  for (const printed of steps)
    printed.sections = printed.sections.filter((kept) => kept.blocks.length > 0);
  return { steps: steps.filter((printed) => printed.sections.length > 0) };
}

/** Underlined blank in plain-text renderings. */
export const PRINTED_BLANK = '__________';

/**
 * The model as plain text lines, the way both renderers print it: step and section titles,
 * "Question answer", "[X] label" / "[ ] label" under a question with choices, a blank as
 * "__________", a document as "Attached document: name".
 */
export function printModelText(model: PrintModel): string[] {
  const lines: string[] = [];
  for (const step of model.steps) {
    lines.push(step.title);
    for (const section of step.sections) {
      lines.push(section.title);
      for (const block of section.blocks) {
        switch (block.kind) {
          case 'group':
            lines.push(block.heading);
            break;
          case 'info':
            if (block.title !== undefined) lines.push(block.title);
            lines.push(block.text);
            break;
          case 'checkbox':
            lines.push(`${block.checked ? '[X]' : '[ ]'} ${block.label}`);
            break;
          case 'question':
            switch (block.answer.kind) {
              case 'text':
                lines.push(`${block.label} ${block.answer.text}`);
                break;
              case 'blank':
                lines.push(`${block.label} ${PRINTED_BLANK}`);
                break;
              case 'document':
                lines.push(`${block.label} Attached document: ${block.answer.fileName}`);
                break;
              case 'choices':
                lines.push(
                  `${block.label} ${block.answer.choices
                    .map((choice) => `${choice.checked ? '[X]' : '[ ]'} ${choice.label}`)
                    .join(' ')}`,
                );
            }
        }
      }
    }
  }
  return lines;
}
