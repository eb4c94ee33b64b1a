/**
 * The printable model (SPEC §1): the application as ordered print lines, questions as text,
 * [X]/[ ] for choices, an underlined blank for an empty answer, attached documents as text.
 * The service view and the PDF both render these lines, after the one clearing function.
 */
import { isAnswered } from '../conditions/evaluate.ts';
import { clearHiddenAnswers } from '../config/clear.ts';
import { currentOptions } from '../config/questions.ts';
import { type Answers, type FormContext, type PageConfig, type Question } from '../config/types.ts';
import { walkPages } from '../config/walk.ts';
import { optionLabel } from '../options/index.ts';
import { months } from '../options/index.ts';

/** An uploaded document answer (SPEC §3): shown by name. */
export interface DocumentAnswer {
  file_name: string;
  file_size?: number;
}

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

function questionLines(
  question: Question,
  answers: Answers,
  documents: Readonly<Record<string, DocumentAnswer>>,
): PrintLine[] {
  const head = (answer: string | null): PrintLine => ({
    kind: 'question',
    key: question.key,
    text: question.label,
    answer,
  });
  const value = answers[question.key];
  switch (question.type) {
    case 'checkbox':
      return [{ kind: 'choice', key: question.key, text: question.label, checked: value === true }];
    case 'checkboxes':
      return [
        head(''),
        ...question.options.map((option): PrintLine => ({
          kind: 'choice',
          key: option.key,
          text: option.label,
          checked: answers[option.key] === true,
        })),
      ];
    case 'radio':
    case 'select': {
      const options = currentOptions(question, answers) ?? [];
      if (question.type === 'radio' && options.length <= MAX_PRINTED_CHOICES) {
        return [
          head(''),
          ...options.map((option): PrintLine => ({
            kind: 'choice',
            key: question.key,
            text: option.label,
            checked: option.value === value,
          })),
        ];
      }
      const label = typeof value === 'string' ? optionLabel(options, value) : undefined;
      return [head(isAnswered(value) ? (label ?? String(value)) : null)];
    }
    case 'month-year': {
      const month = answers[question.monthKey];
      const year = answers[question.yearKey];
      const monthText = typeof month === 'string' ? (optionLabel(months, month) ?? '') : '';
      const yearText = typeof year === 'string' ? year : '';
      const text = [monthText, yearText].filter((part) => part !== '').join(' ');
      return [
        {
          kind: 'question',
          key: question.monthKey,
          text: question.label,
          answer: text === '' ? null : text,
        },
      ];
    }
    case 'file': {
      const document = documents[question.key];
      return document === undefined
        ? [head(null)]
        : [head(''), { kind: 'document', key: question.key, text: document.file_name }];
    }
    default:
      return [head(isAnswered(value) ? String(value) : null)];
  }
}

/**
 * The application as print lines: visible questions only, after clearing. Empty
 * answers print as blanks so a reader sees what was left unanswered.
 */
export function printableModel(
  pages: readonly PageConfig[],
  answers: Answers,
  documents: Readonly<Record<string, DocumentAnswer>> = {},
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
    } else lines.push(...questionLines(item.question, cleared, documents));
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
