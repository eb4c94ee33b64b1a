/**
 * The printable model (SPEC §1): the application as ordered print lines, questions as text,
 * [X]/[ ] for choices, an underlined blank for an empty answer, attached documents as text.
 * The service view and the PDF both render these lines, after the one clearing function.
 */
// `import type`, wholly erased: the contract's schemas (TypeBox) stay out of the browser.
import type { DocumentAnswer } from '../api/contract.ts';
import { isAnswered } from '../conditions/evaluate.ts';
import { clearHiddenAnswers } from '../config/clear.ts';
import { currentOptions } from '../config/questions.ts';
import { byKind, type KindTable } from '../config/kinds.ts';
import {
  type Answers,
  type FormAnswers,
  type FormContext,
  type MonthYearQuestion,
  type PageConfig,
  type Question,
  type RadioQuestion,
  type SelectQuestion,
} from '../config/types.ts';
import { walkPages } from '../config/walk.ts';
import { OPTION_LISTS } from '../options/english.ts';
import { optionLabel, type OptionLists } from '../options/index.ts';

/** What printing needs of an uploaded document answer (SPEC §3): its name (the size may come along). */
export type PrintedDocument = Pick<DocumentAnswer, 'file_name'> & Partial<DocumentAnswer>;

export type PrintLine =
  | { kind: 'page'; text: string }
  | { kind: 'section'; text: string }
  | { kind: 'info'; text: string }
  /** A question; `answer` null prints an underlined blank. */
  | { kind: 'question'; key: string; text: string; answer: string | null }
  /** One choice of a radio or checkbox, marked [X] when chosen. */
  | { kind: 'choice'; key: string; text: string; checked: boolean }
  /** An attached document, by file name. */
  | { kind: 'document'; key: string; text: string };

/** Radio groups with more options than this print the chosen label instead of every option. */
const MAX_PRINTED_CHOICES = 12;

/** What a question prints from: the cleared answers and the documents. */
interface LineSource {
  answers: Answers;
  documents: Readonly<Record<string, PrintedDocument>>;
}

/**
 * A month/year answer as printed: "March 2008", "2008", or "" when neither is answered; the
 * month's name from `lists` (the reader's language).
 */
export function monthYearText(
  question: MonthYearQuestion,
  answers: Answers,
  lists: OptionLists,
): string {
  const month = answers[question.monthKey];
  const year = answers[question.yearKey];
  const monthText = typeof month === 'string' ? (optionLabel(lists.months, month) ?? '') : '';
  const yearText = typeof year === 'string' ? year : '';
  return [monthText, yearText].filter((part) => part !== '').join(' ');
}

/** A question line; `answer` null prints an underlined blank. */
function head(question: Question, answer: string | null): PrintLine {
  return { kind: 'question', key: question.key, text: question.label, answer };
}

function plainLines(question: Question, { answers }: LineSource): PrintLine[] {
  const value = answers[question.key];
  return [head(question, isAnswered(value) ? String(value) : null)];
}

function choiceLines(question: SelectQuestion | RadioQuestion, { answers }: LineSource) {
  const value = answers[question.key];
  const options = currentOptions(question, answers, undefined, OPTION_LISTS) ?? [];
  if (question.type === 'radio' && options.length <= MAX_PRINTED_CHOICES) {
    return [
      head(question, ''),
      ...options.map((option): PrintLine => ({
        kind: 'choice',
        key: question.key,
        text: option.label,
        checked: option.value === value,
      })),
    ];
  }
  const label = typeof value === 'string' ? optionLabel(options, value) : undefined;
  return [head(question, isAnswered(value) ? (label ?? String(value)) : null)];
}

/** The print lines of each question kind (a kind left out does not compile; see config/kinds.ts). */
const printLines: KindTable<[source: LineSource], PrintLine[]> = {
  text: plainLines,
  textarea: plainLines,
  email: plainLines,
  lookup: plainLines,
  date: plainLines,
  phone: plainLines,
  ssn: plainLines,
  checkbox: (question, { answers }) => [
    {
      kind: 'choice',
      key: question.key,
      text: question.label,
      checked: answers[question.key] === true,
    },
  ],
  checkboxes: (question, { answers }) => [
    head(question, ''),
    ...question.options.map((option): PrintLine => ({
      kind: 'choice',
      key: option.key,
      text: option.label,
      checked: answers[option.key] === true,
    })),
  ],
  radio: choiceLines,
  select: choiceLines,
  'month-year': (question, { answers }) => {
    const text = monthYearText(question, answers, OPTION_LISTS);
    return [
      {
        kind: 'question',
        key: question.monthKey,
        text: question.label,
        answer: text === '' ? null : text,
      },
    ];
  },
  file: (question, { documents }) => {
    const document = documents[question.key];
    return document === undefined
      ? [head(question, null)]
      : [head(question, ''), { kind: 'document', key: question.key, text: document.file_name }];
  },
};

/**
 * The application as print lines: visible questions only, after clearing. Empty
 * answers print as blanks so a reader sees what was left unanswered.
 */
export function printableModel(
  pages: readonly PageConfig[],
  answers: FormAnswers,
  documents: Readonly<Record<string, PrintedDocument>> = {},
  context: FormContext = {},
): PrintLine[] {
  const cleared = clearHiddenAnswers(pages, answers, context);
  const lines: PrintLine[] = [];
  let lastPage: string | undefined;
  for (const item of walkPages(pages, cleared, context)) {
    if (!item.visible) continue;
    if (item.page.id !== lastPage) {
      lines.push({ kind: 'page', text: item.page.title });
      lastPage = item.page.id;
    }
    if (item.kind === 'section') lines.push({ kind: 'section', text: item.section.title });
    else if (item.kind === 'info') {
      if (item.info.title !== undefined) lines.push({ kind: 'info', text: item.info.title });
      lines.push({ kind: 'info', text: item.info.text });
    } else
      lines.push(
        ...byKind(printLines, item.question, { answers: item.scope.answers, documents }).map(
          // A group's item prints under SPEC's key (`college_2_name`), as the flat answers do.
          (line) => ('key' in line ? { ...line, key: item.scope.flatKey(line.key) } : line),
        ),
      );
  }
  return lines;
}

/** Underlined blank used in plain-text renderings. */
export const PRINT_BLANK = '__________';

/** One print line as plain text: `[X] Yes`, `First Name: Ada`, `City: __________`. */
export function printLineText(line: PrintLine): string {
  switch (line.kind) {
    case 'choice':
      return `${line.checked ? '[X]' : '[ ]'} ${line.text}`;
    case 'question':
      return line.answer === null
        ? `${line.text} ${PRINT_BLANK}`
        : line.answer === ''
          ? line.text
          : `${line.text} ${line.answer}`;
    case 'document':
      return `Attached document: ${line.text}`;
    default:
      return line.text;
  }
}
