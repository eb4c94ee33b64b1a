/**
 * One field of the answers form: its value and error, and what changes and leaves it. What
 * react-final-form's `useField` gave the fields, without its costs: `useField`
 * starts each field from `form.getState()` (the whole form state, rebuilt over every field)
 * when the field is new, then sets the field's state again once registered, so every field of a
 * step rendered twice; and a registered field is told its whole state by Final Form on every
 * change of any answer. Here a field reads its value and error from the form's latest values
 * and errors, and watches the form (`watchAnswers`) without registering: it re-renders when its
 * own value or error changes (ARCHITECTURE: one keystroke, one field).
 */
import { type AnswerValue } from '@admit/form-model';
import { getIn } from 'final-form';
import { useMemo, useSyncExternalStore } from 'react';

import {
  type AnswersForm,
  errorsOf,
  useAnswersForm,
  valuesOf,
  watchAnswers,
} from '../engine/index.ts';

export interface AnswerField {
  value: unknown;
  /** Its errors of the form's validation, shown or not (useShownError decides). */
  error: unknown;
  onChange: (value: unknown) => void;
}

interface Snapshot {
  value: unknown;
  error: unknown;
}

/** The field's state for React: the same object as long as its value and error are. */
function fieldStore(form: AnswersForm, name: string, errorKey: string) {
  let snapshot: Snapshot | undefined;
  return {
    read: (): Snapshot => {
      const value: unknown = getIn(valuesOf(form), name);
      // Errors are named by SPEC's key (form-model's validateAnswers), a group's too.
      const error: unknown = errorsOf(form)[errorKey];
      if (snapshot === undefined || snapshot.value !== value || snapshot.error !== error)
        snapshot = { value, error };
      return snapshot;
    },
    subscribe: (onChange: () => void): (() => void) => watchAnswers(form, onChange),
  };
}

/** The field `name` of the form's answers, its errors named by `errorKey` (SPEC's key). */
export function useAnswerField(name: string, errorKey: string = name): AnswerField {
  const form = useAnswersForm();
  const store = useMemo(() => fieldStore(form, name, errorKey), [form, name, errorKey]);
  // The same when the build prerenders a page and while it hydrates: the form's values.
  const { value, error } = useSyncExternalStore(store.subscribe, store.read, store.read);
  return useMemo(
    () => ({
      value,
      error,
      // As react-final-form's field did: an emptied text is no answer (undefined).
      onChange: (next: unknown) => {
        form.change(name, next === '' ? undefined : (next as AnswerValue));
      },
    }),
    [error, form, name, value],
  );
}
