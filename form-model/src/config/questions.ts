/**
 * What a question asks of an applicant now: whether it is required and which options it
 * offers, for these answers. The form shows both on every render, so they live apart from the
 * yup schema (validation/schema.ts), which the browser loads only while validating (SPEC §4).
 */
import { evaluate } from '../conditions/evaluate.ts';
import { LIST_CODES } from '../options/codes.ts';
import { type OptionLists, yearOptions } from '../options/index.ts';
import { kindOf } from './kinds.ts';
import {
  type Answers,
  type Option,
  type OptionSource,
  type Question,
  type Required,
} from './types.ts';

/** Whether a question is required for these answers. */
export function isRequired(required: Required | undefined, answers: Answers): boolean {
  if (required === undefined || required === false) return false;
  return required === true || evaluate(required.when, answers);
}

/**
 * The options a select or radio offers now, or undefined when any value is fine. A built-in
 * list (`{ list }`) comes from `lists`, in the language its labels are shown in: the page's
 * (`optionListsIn`) in the browser, `OPTION_LISTS` (English) or the reader's on Node.
 */
export function currentOptions(
  question: Question,
  answers: Answers,
  now: Date | undefined,
  lists: OptionLists,
): readonly Option[] | undefined {
  const source = kindOf(question).optionSource(question);
  if (source === undefined) return undefined;
  if ('list' in source) return lists[source.list];
  return ownOptions(source, answers, now ?? new Date());
}

/**
 * The values a select or radio accepts now (its options' values), or undefined when any value
 * is fine: what validation checks, in any language (a built-in list's codes, codes.ts).
 */
export function currentValues(
  question: Question,
  answers: Answers,
  now: Date = new Date(),
): readonly string[] | undefined {
  const source = kindOf(question).optionSource(question);
  if (source === undefined) return undefined;
  if ('list' in source) return LIST_CODES[source.list].codes;
  return ownOptions(source, answers, now).map((option) => option.value);
}

/** The options a question gives itself: years, its own, or those of another answer's value. */
function ownOptions(
  source: Exclude<OptionSource, { list: unknown }>,
  answers: Answers,
  now: Date,
): readonly Option[] {
  if ('years' in source) return yearOptions(source.years, now);
  if ('options' in source) return source.options;
  const controlling = answers[source.byAnswer.valueKey];
  return typeof controlling === 'string' ? (source.byAnswer.options[controlling] ?? []) : [];
}
