/**
 * The API's edge, the one place in the browser where SPEC's flat answer keys (`parent_2_zip`)
 * meet the form's shape (`parent[1].parent_zip`; createAnswersForm.ts). The answers that load
 * (the profile, a temporary application, a visitor's, those waiting in this browser) become the
 * form's with `loadedAnswers`; what is saved, kept for the server, carried to sign-up or told to
 * the other tabs is `flatAnswersOf` the form; an answer another tab saved finds its field with
 * `fieldOfKey`. form-model's config/shape.ts does the converting, from the college's groups
 * (`tenant.groups`, in the first download). Errors and refusals need no converting: they are
 * named by SPEC's key, which is also each field's id (the summary's anchor).
 */
import {
  type Answers,
  flatFieldName,
  type FormAnswers,
  type FormContext,
  type GroupShape,
  toFlatAnswers,
  toFormAnswers,
} from '@admit/form-model';

import { type AnswersForm, groupsOf, valuesOf } from './createAnswersForm.ts';

/** Loaded flat answers → the form's: as many groups as stored (`context.addAnother`) or answered. */
export function loadedAnswers(
  groups: readonly GroupShape[],
  flat: Answers,
  context: FormContext,
): FormAnswers {
  return toFormAnswers(groups, flat, context);
}

const flatOf = new WeakMap<FormAnswers, Answers>();

/**
 * The form's answers (now, or those given) as SPEC's flat keys, a removed group's freed keys
 * being "": what a save sends the difference of. Converted once per set of values.
 */
export function flatAnswersOf(form: AnswersForm, values: FormAnswers = valuesOf(form)): Answers {
  let flat = flatOf.get(values);
  if (flat === undefined) {
    flat = toFlatAnswers(groupsOf(form), values);
    flatOf.set(values, flat);
  }
  return flat;
}

/** The field name of a flat key the API names (`college_2_name` → `college[1].college_name`). */
export function fieldOfKey(form: AnswersForm, key: string): string {
  return flatFieldName(groupsOf(form), key);
}
