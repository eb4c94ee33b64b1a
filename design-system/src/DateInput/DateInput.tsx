import { type Theme } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { type FieldRef } from '@mui/x-date-pickers/models';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { FieldFrame } from '../parts/FieldFrame';
import { DateInputAdornment, DateInputInvalidContext } from './parts/DateInputAdornment';
import { pickerLocaleOf } from './parts/pickerLocale';
import {
  DATE_INPUT_FORMAT,
  dateErrors,
  DATE_INPUT_NOT_A_DATE,
  realDateParts,
} from './parts/dateText';
import { type InputProps } from '../parts/inputProps';

/** The picker's value for a stored answer: null when empty, an invalid date when not real. */
function toPickerValue(value: string): Dayjs | null {
  if (value === '') return null;
  const parts = realDateParts(value);
  if (parts === null) return dayjs('');
  const [year, month, day] = parts;
  const date = new Date(2000, 0, 1);
  // setFullYear, because the Date constructor reads years 0–99 as 1900–1999.
  date.setFullYear(year, month - 1, day);
  return dayjs(date);
}

/** The stored answer for the picker's value. */
function toAnswer(date: Dayjs | null): string {
  if (date === null) return '';
  return date.isValid() ? date.format('YYYY-MM-DD') : DATE_INPUT_NOT_A_DATE;
}

const idle = ':not(.Mui-focused):not(.Mui-error):not(.Mui-disabled)';

/**
 * The picker's outlined field in the look the theme gives every other input (the theme's
 * OutlinedInput overrides do not reach the picker's own input): WCAG 1.4.11 border, white
 * fill, disabled fill.
 */
const pickerFieldLook = {
  maxWidth: '16rem',
  '& .MuiPickersOutlinedInput-root': { backgroundColor: 'background.paper' },
  [`& .MuiPickersOutlinedInput-root${idle} .MuiPickersOutlinedInput-notchedOutline`]: {
    borderColor: 'neutral.main',
  },
  [`& .MuiPickersOutlinedInput-root${idle}:hover .MuiPickersOutlinedInput-notchedOutline`]: {
    borderColor: 'neutral.dark',
  },
  '& .MuiPickersOutlinedInput-root.Mui-disabled': {
    backgroundColor: (theme: Theme) => theme.app.colors.disabled.extraLight,
  },
  '& .MuiPickersOutlinedInput-root.Mui-disabled .MuiPickersOutlinedInput-notchedOutline': {
    borderColor: (theme: Theme) => theme.app.colors.disabled.light,
  },
} as const;

/**
 * The value is the date as `YYYY-MM-DD`, "" when empty (anything else shows as not a real
 * date); `onChange` gets `YYYY-MM-DD` when a real date is typed or picked, "" when cleared,
 * and `DATE_INPUT_NOT_A_DATE` when the typed date does not exist (so the form sees it is
 * wrong).
 */
export interface DateInputProps extends InputProps<string> {
  /** The calendar view the picker opens on: `year` suits a birth date. */
  openTo?: 'day' | 'year';
  /**
   * The date (`YYYY-MM-DD`) the empty calendar opens at instead of today: a birth date's in
   * a year an applicant may be born.
   */
  referenceDate?: string;
}

/**
 * A date typed as MM/DD/YYYY (each part a spin button; digits and arrow keys work) or picked
 * from a calendar. The answer is an ISO `YYYY-MM-DD` string. Validated on change (SPEC §5):
 * a date that does not exist, like 02/30/2024, shows "Enter a real date." at once, and a
 * date left half-typed shows it when focus leaves. The calendar is a popup on every device
 * (the desktop picker), so phones type the date with the number pad just as desktops do.
 *
 * @example
 * ```tsx
 * <DateInput id="birth_date" label="Date of Birth" openTo="year" value={value} onChange={setValue} />
 * ```
 */
export function DateInput({
  id,
  name = id,
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
  disabled = false,
  required = false,
  openTo = 'day',
  referenceDate,
}: DateInputProps) {
  const intl = useIntl();
  const { adapterLocale, localeText } = useMemo(() => pickerLocaleOf(intl), [intl]);
  const labelId = `${id}-label`;
  const fieldRef = useRef<FieldRef<Dayjs | null>>(null);
  // The picker keeps what is typed only while it gets back the very date object it gave
  // (an invalid date holds no digits): hand that object back while the answer is unchanged.
  const [published, setPublished] = useState<{ answer: string; date: Dayjs | null } | null>(null);
  const parsed = useMemo(() => toPickerValue(value), [value]);
  const reference = useMemo(
    () => (referenceDate === undefined ? undefined : (toPickerValue(referenceDate) ?? undefined)),
    [referenceDate],
  );
  const pickerValue = published !== null && published.answer === value ? published.date : parsed;
  // A date left half-typed publishes nothing; it is caught when focus leaves (UI state only).
  const [unfinished, setUnfinished] = useState(false);

  const errors = dateErrors(
    value,
    error,
    intl.formatMessage({ id: 'ds.dateInput.invalid' }),
    unfinished,
  );
  const invalid = errors.length > 0;

  return (
    <FieldFrame
      id={id}
      label={<span id={labelId}>{label}</span>}
      hint={hint}
      errors={errors}
      required={required}
      disabled={disabled}
    >
      {(describedBy) => (
        // The date adapter comes with the picker, not from AppThemeProvider: an app that loads
        // its date questions on use keeps the adapter and dayjs out of its first download.
        // Its calendar, month and weekday names and its own texts follow the page's language.
        <LocalizationProvider
          dateAdapter={AdapterDayjs}
          adapterLocale={adapterLocale}
          localeText={localeText}
        >
          <DateInputInvalidContext value={invalid}>
            <DesktopDatePicker
              value={pickerValue}
              onChange={(date) => {
                const answer = toAnswer(date);
                setPublished({ answer, date });
                setUnfinished(false);
                if (answer !== value) onChange(answer);
              }}
              format={DATE_INPUT_FORMAT}
              openTo={openTo}
              referenceDate={reference}
              views={['year', 'month', 'day']}
              disabled={disabled}
              name={name}
              slots={{ inputAdornment: DateInputAdornment }}
              slotProps={{
                // The calendar is a dialog named by the question.
                popper: { 'aria-labelledby': labelId },
                field: {
                  fieldRef,
                  onBlur: () => {
                    const sections = fieldRef.current?.getSections() ?? [];
                    const filled = sections.filter((section) => section.value !== '').length;
                    setUnfinished(filled > 0 && filled < sections.length);
                    onBlur?.();
                  },
                },
                textField: {
                  id,
                  fullWidth: true,
                  error: invalid,
                  sx: pickerFieldLook,
                  slotProps: {
                    input: {
                      'aria-labelledby': labelId,
                      'aria-describedby': describedBy,
                      // A group cannot be required; its month, day and year can.
                      slotProps: { sectionContent: { 'aria-required': required || undefined } },
                    },
                  },
                },
              }}
            />
          </DateInputInvalidContext>
        </LocalizationProvider>
      )}
    </FieldFrame>
  );
}
