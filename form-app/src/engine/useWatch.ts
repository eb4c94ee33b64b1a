import { type Answers, type ScopeStep, viewAt } from '@admit/form-model';
import { useCallback, useSyncExternalStore } from 'react';
import { useForm } from 'react-final-form';

import { type AnswersForm, valuesOf, watchAnswers } from './createAnswersForm.ts';

/** The application's form (createAnswersForm), inside `<Form>`. */
export function useAnswersForm(): AnswersForm {
  return useForm();
}

/**
 * A value computed from the answers a question reads where it sits (`at`: none at the top; in
 * an add-another group, its item's answers over the outer ones, form-model's `viewAt`) that re-renders
 * its component only when the computed value changes (a keystroke elsewhere re-renders nothing
 * here). `compute` is read at every render too, so it may also use what the component renders
 * with (the UI state). Return primitives: a new object each time would re-render on every change.
 */
export function useWatch<T extends string | number | boolean>(
  compute: (values: Answers) => T,
  at: readonly ScopeStep[] = [],
): T {
  const form = useAnswersForm();
  const subscribe = useCallback((onChange: () => void) => watchAnswers(form, onChange), [form]);
  const snapshot = () => compute(viewAt(valuesOf(form), at));
  // The same when the build prerenders a page (form-app/prerender.ts) and while it hydrates.
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
