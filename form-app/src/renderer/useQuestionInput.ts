/**
 * The one field hook (as react-admin's useInput): a question → the props to spread into its
 * design-system widget. A field re-renders for its own value and error only (ARCHITECTURE: one
 * keystroke, one field); errors show only while validating (SPEC §4); a select or radio also
 * stores the chosen label in `{key}_desc` (SPEC §3).
 */
import { descKey, hasDescKey, isRequired, kindOf, type Question } from '@admit/form-model';

import { useContext, useSyncExternalStore } from 'react';

import { ApplicationContext } from './ApplicationContext.tsx';
import { useRenderer } from './RendererContext.tsx';
import { changeAnswers, type Refusals, useAnswersForm } from '../engine/index.ts';
import { useFieldScope, useScopedWatch } from './AnswerScope.tsx';
import { useAnswerField } from './useAnswerField.ts';

export type Of<T extends Question['type']> = Extract<Question, { type: T }>;
export interface FieldProps<T extends Question['type']> {
  question: Of<T>;
}

/** What every controlled design-system input takes (TextInput, SelectInput, CheckboxInput, …). */
export interface ControlledFieldProps<V> {
  id: string;
  label: string;
  hint?: string;
  value: V;
  /** `label`: a choice's label, for `{key}_desc`. */
  onChange: (value: V, label?: string) => void;
  error: readonly string[] | undefined;
  required: boolean;
}

/**
 * The longest answer the question takes, from form-model's per-kind table: the same limit the
 * server holds a save to, so the browser never lets an applicant type an answer it refuses.
 */
export function maxLengthOf(question: Question): number {
  return kindOf(question).maxLength(question);
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Whether the question is required for the answers now (a condition may decide it). */
export function useRequired(question: Question): boolean {
  const required = 'required' in question ? question.required : undefined;
  return useScopedWatch((values) => isRequired(required, values));
}

/** A field's errors, shown only while the status is validating (SPEC §4). */
export function useShownError(error: unknown): readonly string[] | undefined {
  return useRenderer().validating ? (error as string[] | undefined) : undefined;
}

type KeyedQuestion = Exclude<Question, Of<'month-year'>>;
type ValueOf<Q extends KeyedQuestion> = Q extends Of<'checkbox'> ? boolean : string;

const NOTHING_REFUSED: Refusals = {};
/** Outside a form layout (a prerender, a component test): nothing is ever refused. */
const NO_REFUSALS = { subscribe: () => () => undefined, refused: () => NOTHING_REFUSED };

/**
 * What the server refused of this answer at the last save that carried it (its sentences),
 * shown at the field whatever the status: the applicant must know it was not stored.
 */
export function useRefused(key: string): readonly string[] | undefined {
  const store = useContext(ApplicationContext)?.saveStatus ?? NO_REFUSALS;
  const refused: Refusals = useSyncExternalStore(store.subscribe, store.refused, store.refused);
  return refused[key];
}

export function useQuestionInput<Q extends KeyedQuestion>(
  question: Q,
): ControlledFieldProps<ValueOf<Q>> {
  const form = useAnswersForm();
  const { name, flatKey } = useFieldScope();
  const field = useAnswerField(name(question.key), flatKey(question.key));
  const refused = useRefused(flatKey(question.key));
  const error = useShownError(field.error) ?? refused;
  const required = useRequired(question);
  const value = (
    question.type === 'checkbox' ? field.value === true : text(field.value)
  ) as ValueOf<Q>;
  return {
    id: flatKey(question.key),
    label: question.label,
    hint: question.hint,
    value,
    onChange: (next, label = '') => {
      if (!hasDescKey(question)) {
        field.onChange(next);
        return;
      }
      changeAnswers(form, {
        [name(question.key)]: next,
        [name(descKey(question.key))]: next === '' ? '' : label,
      });
    },
    error,
    required,
  };
}
