import { type Answers } from '@admit/form-model';
import { useCallback, useSyncExternalStore } from 'react';
import { useForm } from 'react-final-form';

import { answersOf, type AnswersForm, watchAnswers } from './createAnswersForm.ts';

/** The application's form (createAnswersForm), inside `<Form>`. */
export function useAnswersForm(): AnswersForm {
  return useForm<Record<string, unknown>>();
}

/**
 * A value computed from the form's answers (SPEC's flat keys, groups included) that re-renders
 * its component only when the computed value changes (a keystroke elsewhere re-renders nothing
 * here). `compute` is read at every render too, so it may also use what the component renders
 * with (the UI state). Return primitives: a new object each time would re-render on every change.
 */
export function useWatch<T extends string | number | boolean>(compute: (values: Answers) => T): T {
  const form = useAnswersForm();
  const subscribe = useCallback((onChange: () => void) => watchAnswers(form, onChange), [form]);
  const snapshot = () => compute(answersOf(form));
  // The same when the build prerenders a page (form-app/prerender.ts) and while it hydrates.
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
