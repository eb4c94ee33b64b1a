import ErrorIcon from '@mui/icons-material/Error';
import EventIcon from '@mui/icons-material/Event';
import { InputAdornment, OutlinedInput } from '@mui/material';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { FieldFrame } from '../parts/FieldFrame';
import { answerOfTyped, DATE_INPUT_FORMAT, dateErrors, typedDate } from './parts/dateText';
import { type InputProps } from '../parts/inputProps';

/** DateInput's props that its placeholder takes (not imported: that would load the picker). */
/**
 * As DateInput's: `onChange` gets `YYYY-MM-DD`, "" or `DATE_INPUT_NOT_A_DATE` when focus
 * leaves, before `onBlur`.
 */
export interface DateInputPlaceholderProps extends InputProps<string> {
  /** Called when focus comes into the input (an app may fetch the picker then). */
  onFocus?: () => void;
}

/**
 * What a date question shows until the date picker's code has arrived (an app that loads the
 * picker on use): DateInput's look (its label, hint, box, calendar icon and MM/DD/YYYY) as one
 * plain text input that already takes a date. What is typed becomes the answer when focus
 * leaves, as DateInput gives it: `YYYY-MM-DD` for a real date, "" for nothing,
 * `DATE_INPUT_NOT_A_DATE` otherwise ("Enter a real date." shows then). The app swaps in the
 * picker once it has arrived and focus is elsewhere.
 *
 * @example
 * ```tsx
 * <DateInputPlaceholder id="birth_date" label="Date of Birth" value={value} onChange={setValue} />
 * ```
 */
export function DateInputPlaceholder({
  id,
  name = id,
  label,
  hint,
  value,
  onChange,
  onFocus,
  onBlur,
  error,
  disabled = false,
  required = false,
}: DateInputPlaceholderProps) {
  const [typed, setTyped] = useState(() => ({ text: typedDate(value), answer: value }));
  // The answer changed from outside (cleared with its block): show it.
  if (typed.answer !== value) setTyped({ text: typedDate(value), answer: value });
  const intl = useIntl();
  const errors = dateErrors(value, error, intl.formatMessage({ id: 'ds.dateInput.invalid' }));
  const invalid = errors.length > 0;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      errors={errors}
      required={required}
      disabled={disabled}
    >
      {(describedBy) => (
        <OutlinedInput
          id={id}
          name={name}
          value={typed.text}
          // MM/DD/YYYY in the page's language ("MM/DD/AAAA"), as the picker's own field says it.
          placeholder={intl.formatMessage({ id: 'ds.dateInput.placeholder' })}
          disabled={disabled}
          fullWidth
          sx={{ maxWidth: '16rem', backgroundColor: 'background.paper' }}
          onChange={(event) => {
            setTyped({ text: event.target.value, answer: value });
          }}
          onFocus={onFocus}
          onBlur={() => {
            const answer = answerOfTyped(typed.text);
            setTyped({ text: typed.text, answer });
            if (answer !== value) onChange(answer);
            onBlur?.();
          }}
          slotProps={{
            input: {
              inputMode: 'numeric',
              maxLength: DATE_INPUT_FORMAT.length,
              autoComplete: 'off',
              'aria-describedby': describedBy,
              'aria-required': required || undefined,
            },
          }}
          endAdornment={
            <InputAdornment position="end">
              {invalid && <ErrorIcon color="error" data-testid="error-icon" sx={{ mr: 0.5 }} />}
              {/* Where the picker's calendar button will be: a picture until it arrives. */}
              <EventIcon aria-hidden sx={{ color: 'action.active', m: 1, mr: -0.5 }} />
            </InputAdornment>
          }
        />
      )}
    </FieldFrame>
  );
}
