/** The date question's adapter, in a chunk of its own with the date picker (see fields.tsx). */
import { DateInput } from '@admit/design-system';

import { type FieldProps, text, useFieldState, useRequired } from './fieldState.ts';

export function DateField({ question }: FieldProps<'date'>) {
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  return (
    <DateInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={text(input.value)}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
    />
  );
}
