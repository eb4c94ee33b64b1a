import { type Answers } from '@admit/form-model';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-final-form';

/**
 * A value computed from the form's answers that re-renders its component only when the
 * computed value changes (a keystroke elsewhere re-renders nothing here). Return primitives:
 * a new object each time would re-render on every change.
 */
export function useWatch<T extends string | number | boolean>(compute: (values: Answers) => T): T {
  const form = useForm();
  const [value, setValue] = useState<T>(() => compute(form.getState().values as Answers));
  const onValues = useEffectEvent((values: Answers) => {
    setValue(compute(values));
  });
  useEffect(
    () =>
      form.subscribe(
        ({ values }) => {
          onValues(values as Answers);
        },
        { values: true },
      ),
    [form],
  );
  return value;
}
