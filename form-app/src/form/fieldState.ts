/** What every field adapter shares: its Final Form state, its required marker, its text value. */
import { isRequired, type Question } from '@admit/form-model';
import { useField } from 'react-final-form';

import { useRenderer } from './FormContext.tsx';
import { useWatch } from './useWatch.ts';

export type Of<T extends Question['type']> = Extract<Question, { type: T }>;
export interface FieldProps<T extends Question['type']> {
  question: Of<T>;
}

/** A field re-renders for its own value and error only (ARCHITECTURE: one keystroke, one field). */
export const subscription = { value: true, error: true } as const;

/** Errors are shown only while the status is validating (SPEC §4). */
export function useFieldState<V>(key: string) {
  const { input, meta } = useField<V>(key, { subscription });
  const { validating, readOnly } = useRenderer();
  const error = validating ? (meta.error as string[] | undefined) : undefined;
  return { input, error, disabled: readOnly };
}

export function useRequired(question: Question): boolean {
  const required = 'required' in question ? question.required : undefined;
  return useWatch((values) => isRequired(required, values));
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
