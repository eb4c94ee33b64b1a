/**
 * One field of the answers form: its value and error, and what changes and leaves it. What
 * react-final-form's `useField` gave the fields, without two of its costs on a step's first
 * render (issue 17): `useField` starts each field from `form.getState()` (the whole form state,
 * rebuilt over every field) when the field is new, and then, registered after mounting, sets
 * the field's state again (its subscription's state is never its first state), so every field
 * of a step rendered twice: at 4× CPU about 0.25 s right after /about hydrated (bench/pageload).
 * Here a field starts from the form's latest values and errors, and re-renders when its value
 * or error changes (ARCHITECTURE: one keystroke, one field).
 */
import { getIn } from 'final-form';
import { useMemo, useSyncExternalStore } from 'react';

import { type AnswersForm, errorsOf, valuesOf } from './createAnswersForm.ts';
import { useAnswersForm } from './useWatch.ts';

export interface AnswerField {
  value: unknown;
  /** Its errors of the form's validation, shown or not (useShownError decides). */
  error: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

interface Snapshot {
  value: unknown;
  error: unknown;
}

/** The field's state for React: registered with the form while a component shows it. */
function fieldStore(form: AnswersForm, name: string) {
  let snapshot: Snapshot | undefined;
  return {
    /** The state a render shows: the form's latest until the field is registered. */
    read: (): Snapshot => {
      snapshot ??= { value: getIn(valuesOf(form), name), error: getIn(errorsOf(form), name) };
      return snapshot;
    },
    /** Registers the field; Final Form tells it its state at once, and on each change of it. */
    subscribe: (onChange: () => void): (() => void) =>
      form.registerField(
        name,
        ({ value, error }) => {
          if (snapshot !== undefined && snapshot.value === value && snapshot.error === error)
            return;
          snapshot = { value, error };
          onChange();
        },
        { value: true, error: true },
      ),
  };
}

export function useAnswerField(name: string): AnswerField {
  const form = useAnswersForm();
  const store = useMemo(() => fieldStore(form, name), [form, name]);
  // The same when the build prerenders a page and while it hydrates: the form's values.
  const { value, error } = useSyncExternalStore(store.subscribe, store.read, store.read);
  return useMemo(
    () => ({
      value,
      error,
      // As react-final-form's field did: an emptied text is no answer (undefined).
      onChange: (next: unknown) => {
        form.change(name, next === '' ? undefined : next);
      },
      onBlur: () => {
        form.blur(name);
      },
    }),
    [error, form, name, value],
  );
}
