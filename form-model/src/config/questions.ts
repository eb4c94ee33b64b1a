/**
 * What a question asks of an applicant now: whether it is required and which options it
 * offers, for these answers. The form shows both on every render, so they live apart from the
 * yup schema (validation/schema.ts), which the browser loads only while validating (SPEC §4).
 */
import { evaluate } from '../conditions/evaluate.ts';
import { optionList, type OptionLists, yearOptions } from '../options/index.ts';
import { kindOf } from './kinds.ts';
import { type Answers, type Option, type Question, type Required } from './types.ts';

/** Whether a question is required for these answers. */
export function isRequired(required: Required | undefined, answers: Answers): boolean {
  if (required === undefined || required === false) return false;
  return required === true || evaluate(required.when, answers);
}

/**
 * The options a select or radio offers now, or undefined when any value is fine. A built-in
 * list (`{ list }`) comes from `lists`: English unless the caller gives the applicant's
 * language's (`optionListsIn`).
 */
export function currentOptions(
  question: Question,
  answers: Answers,
  now: Date = new Date(),
  lists?: OptionLists,
): readonly Option[] | undefined {
  const source = kindOf(question).optionSource(question);
  if (source === undefined) return undefined;
  if ('list' in source) return optionList(source.list, lists);
  if ('years' in source) return yearOptions(source.years, now);
  if ('options' in source) return source.options;
  const controlling = answers[source.byAnswer.valueKey];
  return typeof controlling === 'string' ? (source.byAnswer.options[controlling] ?? []) : [];
}
