/**
 * The facts of each question kind in one entry (STYLE: "a question kind's facts in one
 * entry"): the answer keys it stores, the kind of value, how long a stored value may be,
 * whether it must be one line, whether it stores `{key}_desc`, where its options come from,
 * which other answers it names. Clearing, the page map, the config check, the current options,
 * the server's answer checks and the print model read these instead of switching on `type`.
 * The college's pages are the catalogue of answer keys: form-model holds no list of them.
 *
 * Each kind's yup schema (validation/schema.ts `kindSchemas`) and its print forms
 * (print/model.ts `printAnswers`, print/printable.ts `printLines`) are tables keyed by the
 * same names, typed with `KindTable`, so a kind missing from any of them is a compile error
 * too. They sit beside the code they need because the browser loads yup only when it first
 * validates (SPEC §4) and never loads the print code on the first page.
 */
import {
  CHOICE_MAX_LENGTH,
  DATE_LENGTH,
  EMAIL_MAX_LENGTH,
  FILE_ANSWER_MAX_LENGTH,
  LOOKUP_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SSN_LENGTH,
  TEXT_MAX_LENGTH,
  TEXTAREA_MAX_LENGTH,
} from '../validation/limits.ts';
import { type OptionSource, type Question, type QuestionType } from './types.ts';

/** The question of one kind: `QuestionOf<'select'>` is `SelectQuestion`. */
export type QuestionOf<T extends QuestionType> = Extract<Question, { type: T }>;

/**
 * A table with one function per question kind, each taking its own kind of question: a kind
 * left out does not compile.
 */
export type KindTable<Args extends unknown[], R> = {
  readonly [T in QuestionType]: (question: QuestionOf<T>, ...args: Args) => R;
};

/** What a question kind stores, and what the server holds each stored value to. */
export interface KindSpec<Q extends Question> {
  /** Every answer key the question stores, in order. */
  keys: (question: Q) => string[];
  /** Booleans (checkboxes) or text; a cleared boolean is "" like every cleared answer. */
  value: 'boolean' | 'string';
  /** The longest stored value, in characters. */
  maxLength: (question: Q) => number;
  /** Every answer but a textarea's is one line. */
  singleLine: boolean;
  /**
   * The applicant types the answer as free text (not chosen, not masked), so the browser holds
   * what is typed to `maxLength`: a longer answer would be refused by the server at every save.
   */
  typed: boolean;
  /** Whether the chosen option's label is stored as `{key}_desc` too (SPEC §3). */
  descriptions: (question: Q) => boolean;
  /** Where its options come from (selects and radios), else undefined. */
  optionSource: (question: Q) => OptionSource | undefined;
  /** Answer keys the question names besides its own (a controlling answer, lookup fills). */
  referencedKeys: (question: Q) => string[];
  /**
   * Too private to keep anywhere but the server: a Social Security number is masked in the
   * printed copy on request and never waits in the browser's storage on a shared computer.
   */
  sensitive: boolean;
}

const one = (question: { key: string }): string[] => [question.key];
const never = (): boolean => false;
const noOptions = (): undefined => undefined;
const noReferences = (): string[] => [];
const ownOptions = (question: { options: OptionSource }): OptionSource => question.options;
/** The controlling answer of a conditional select (SPEC §4). */
const controllingKey = (question: { options: OptionSource }): string[] =>
  'byAnswer' in question.options ? [question.options.byAnswer.valueKey] : [];
/**
 * A choice stores its label as `{key}_desc` unless the question turns it off (SPEC §3). A year
 * list never does: its label is the year it stores (a parent's graduation year).
 */
const unlessTurnedOff = (question: { options: OptionSource; descriptions?: boolean }): boolean =>
  question.descriptions !== false && !('years' in question.options);
const fixed = (length: number) => (): number => length;

/** The facts of every question kind. */
export const questionKinds = {
  text: {
    keys: one,
    value: 'string',
    maxLength: (question) => question.maxLength ?? TEXT_MAX_LENGTH,
    typed: true,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  textarea: {
    keys: one,
    value: 'string',
    maxLength: (question) => question.maxLength ?? TEXTAREA_MAX_LENGTH,
    typed: true,
    singleLine: false,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  email: {
    keys: one,
    value: 'string',
    maxLength: (question) => question.maxLength ?? EMAIL_MAX_LENGTH,
    typed: true,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  lookup: {
    keys: one,
    value: 'string',
    maxLength: (question) => question.maxLength ?? LOOKUP_MAX_LENGTH,
    typed: true,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: (question) => Object.values(question.fills),
    sensitive: false,
  },
  date: {
    keys: one,
    value: 'string',
    maxLength: fixed(DATE_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  phone: {
    keys: one,
    value: 'string',
    maxLength: fixed(PHONE_MAX_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  ssn: {
    keys: one,
    value: 'string',
    maxLength: fixed(SSN_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: true,
  },
  select: {
    keys: one,
    value: 'string',
    maxLength: fixed(CHOICE_MAX_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: unlessTurnedOff,
    optionSource: ownOptions,
    referencedKeys: controllingKey,
    sensitive: false,
  },
  radio: {
    keys: one,
    value: 'string',
    maxLength: fixed(CHOICE_MAX_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: unlessTurnedOff,
    optionSource: ownOptions,
    referencedKeys: controllingKey,
    sensitive: false,
  },
  checkbox: {
    keys: one,
    value: 'boolean',
    maxLength: fixed(CHOICE_MAX_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  checkboxes: {
    keys: (question) => question.options.map((option) => option.key),
    value: 'boolean',
    maxLength: fixed(CHOICE_MAX_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  'month-year': {
    keys: (question) => [question.monthKey, question.yearKey],
    value: 'string',
    maxLength: fixed(CHOICE_MAX_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
  file: {
    keys: one,
    value: 'string',
    maxLength: fixed(FILE_ANSWER_MAX_LENGTH),
    typed: false,
    singleLine: true,
    descriptions: never,
    optionSource: noOptions,
    referencedKeys: noReferences,
    sensitive: false,
  },
} satisfies { readonly [T in QuestionType]: KindSpec<QuestionOf<T>> };

/**
 * The kinds whose answer is typed freely (`typed` in their entry): text, textarea, e-mail,
 * lookup. Their widgets take the kind's `maxLength`.
 */
export type TypedKind = {
  [T in QuestionType]: (typeof questionKinds)[T]['typed'] extends true ? T : never;
}[QuestionType];

/** The entry of a question's kind, typed for that question. */
export function kindOf<Q extends Question>(question: Q): KindSpec<Q> {
  // The table is complete and each entry fits its kind (checked above); TypeScript cannot
  // follow a lookup by a union-typed key back to one member, hence the cast.
  return questionKinds[question.type] as unknown as KindSpec<Q>;
}

/** Calls a kind table's entry for a question (the tables of schema.ts and print/). */
export function byKind<Args extends unknown[], R>(
  table: KindTable<Args, R>,
  question: Question,
  ...args: Args
): R {
  // Same reason as `kindOf`: the entry for `question.type` takes exactly this question.
  return (table[question.type] as (question: Question, ...args: Args) => R)(question, ...args);
}
