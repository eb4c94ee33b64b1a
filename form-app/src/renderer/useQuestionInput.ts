/**
 * The one field hook (as react-admin's useInput): a question → the props to spread into its
 * design-system widget. A field re-renders for its own value and error only (ARCHITECTURE: one
 * keystroke, one field); errors show only while validating (SPEC §4); a select or radio also
 * stores the chosen label in `{key}_desc` (SPEC §3). The facts of the question's kind come with
 * them from form-model's per-kind table (a typed answer's `maxLength`), so no widget keeps a
 * limit of its own.
 */
import { type InputProps } from '@admit/design-system';
import {
  descKey,
  hasDescKey,
  isRequired,
  kindOf,
  type Question,
  type TypedKind,
} from '@admit/form-model';

import { useContext, useSyncExternalStore } from 'react';

import { ApplicationContext } from './ApplicationContext.tsx';
import { useRenderer } from './RendererContext.tsx';
import { changeAnswers, type Notices, type Refusals, useAnswersForm } from '../engine/index.ts';
import { useFieldScope, useScopedWatch } from './AnswerScope.tsx';
import { useAnswerField } from './useAnswerField.ts';

export type Of<T extends Question['type']> = Extract<Question, { type: T }>;
export interface FieldProps<T extends Question['type']> {
  question: Of<T>;
}

/**
 * What the hook fills of the props every design-system input shares (`InputProps`: TextInput,
 * SelectInput, CheckboxInput, …). `onChange`'s `label` is a choice's label, for `{key}_desc`.
 */
export interface ControlledFieldProps<V> extends Pick<
  InputProps<V, (value: V, label?: string) => void>,
  'id' | 'label' | 'hint' | 'value' | 'onChange'
> {
  error: readonly string[] | undefined;
  required: boolean;
}

/**
 * The facts of a question's kind its widget takes: for an answer typed freely, the longest
 * answer the kind allows (form-model's per-kind table), the same limit the server holds a save
 * to, so the browser never lets an applicant type an answer it refuses.
 */
export type KindFacts<Q extends Question> = Q extends { type: TypedKind }
  ? { maxLength: number }
  : object;

function kindFacts<Q extends Question>(question: Q): KindFacts<Q> {
  const kind = kindOf(question);
  // `typed` is what TypedKind reads: the object matches KindFacts<Q> for every kind.
  return (kind.typed ? { maxLength: kind.maxLength(question) } : {}) as KindFacts<Q>;
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
const NO_NOTICES: Notices = {};
/** Outside a form layout (a prerender, a component test): nothing is ever refused. */
const NO_REFUSALS = {
  subscribe: () => () => undefined,
  refused: () => NOTHING_REFUSED,
  notices: () => NO_NOTICES,
};

/**
 * What the server refused of this answer at the last save that carried it (its sentences),
 * shown at the field whatever the status: the applicant must know it was not stored.
 */
export function useRefused(key: string): readonly string[] | undefined {
  const store = useContext(ApplicationContext)?.saveStatus ?? NO_REFUSALS;
  const refused: Refusals = useSyncExternalStore(store.subscribe, store.refused, store.refused);
  return refused[key];
}

/**
 * What this field is told that is no error (another tab saved a different answer to it): said
 * beside its hint, in the hint's plain style, and gone once this tab's answer is saved.
 */
export function useNotice(key: string): string | undefined {
  const store = useContext(ApplicationContext)?.saveStatus ?? NO_REFUSALS;
  const notices: Notices = useSyncExternalStore(store.subscribe, store.notices, store.notices);
  return notices[key];
}

export function useQuestionInput<Q extends KeyedQuestion>(
  question: Q,
): ControlledFieldProps<ValueOf<Q>> & KindFacts<Q> {
  const form = useAnswersForm();
  const { name, flatKey } = useFieldScope();
  const field = useAnswerField(name(question.key), flatKey(question.key));
  const refused = useRefused(flatKey(question.key));
  const notice = useNotice(flatKey(question.key));
  const error = useShownError(field.error) ?? refused;
  const required = useRequired(question);
  const value = (
    question.type === 'checkbox' ? field.value === true : text(field.value)
  ) as ValueOf<Q>;
  return {
    id: flatKey(question.key),
    label: question.label,
    hint: notice === undefined ? question.hint : [question.hint, notice].filter(Boolean).join(' '),
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
    ...kindFacts(question),
  };
}
