/** The date question's renderer, in a chunk of its own with the date picker (see fields.tsx). */
import { DateInput } from '@admit/design-system';

import { type FieldProps, useQuestionInput } from './useQuestionInput.ts';

export function DateField({ question }: FieldProps<'date'>) {
  return <DateInput {...useQuestionInput(question)} />;
}
