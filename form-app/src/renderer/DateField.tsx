/** The date question's renderer, in a chunk of its own with the date picker (see fields.tsx). */
import { dateCalendarStart, dateMessagesOnEntry } from '@admit/form-model';
import { DateInput } from '@admit/design-system';
import { useMemo } from 'react';

import { modelMessages } from '../modelMessages.ts';
import { type FieldProps, useQuestionInput } from './useQuestionInput.ts';

/**
 * SPEC §5: dates are validated as they are entered. A birth date outside its years says so
 * at once, before any Submit; the form's validation adds the rest while validating. The
 * birth date's calendar opens in a year an applicant may be born (form-model decides both).
 */
export function DateField({ question }: FieldProps<'date'>) {
  const props = useQuestionInput(question);
  const now = useMemo(() => new Date(), []);
  const onEntry = dateMessagesOnEntry(question, props.value, now, modelMessages);
  const error = [...new Set([...onEntry, ...(props.error ?? [])])];
  const referenceDate = dateCalendarStart(question, now);
  return (
    <DateInput
      {...props}
      error={error.length === 0 ? undefined : error}
      referenceDate={referenceDate}
      openTo={referenceDate === undefined ? 'day' : 'year'}
    />
  );
}
