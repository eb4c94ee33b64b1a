import { Box, FormControl, FormLabel } from '@mui/material';
import { useMemo } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { errorMessages, type FieldError } from '../parts/fieldErrors';
import { FieldsetFrame } from '../parts/FieldsetFrame';
import { SelectControl, type SelectOption } from '../parts/SelectControl';

/**
 * The twelve months named in the page's language ("January", "enero"), each stored as
 * "1".."12", never zero-padded (SPEC §3). The names come from the browser's own locale data
 * (Intl), as every date does, so a language needs no list of its own.
 */
export function monthOptions(intl: IntlShape): readonly SelectOption[] {
  return Array.from({ length: 12 }, (_, index) => {
    const name = intl.formatDate(Date.UTC(2000, index, 15), { month: 'long', timeZone: 'UTC' });
    // A month alone starts with a capital in a list, as in English ("enero" → "Enero").
    const label = name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
    return { value: String(index + 1), label };
  });
}

/** A month and a year as stored: "1".."12" and e.g. "2024", each "" when not answered. */
export interface MonthYearValue {
  /** "1".."12", or "". */
  month: string;
  /** One of the `years` values, or "". */
  year: string;
}

export interface MonthYearInputProps {
  /** The month select's id; a page links `#id` to it, so use the month's answer key. */
  id: string;
  /** The year select's id; use the year's answer key (e.g. `grad_year`). */
  yearId: string;
  /** The question, shown as the pair's legend. */
  label: string;
  /** Help text shown under the legend. */
  hint?: string;
  /** The chosen month, "1".."12", or "" (controlled). */
  monthValue: string;
  /** The chosen year, or "" (controlled). */
  yearValue: string;
  /** The years to offer, in order; "--" is added first (SPEC §5). */
  years: readonly SelectOption[];
  /** Called with both values whenever either changes. */
  onChange: (value: MonthYearValue) => void;
  /** Called when either select loses focus. */
  onBlur?: () => void;
  /** Error message(s) for the pair; any message marks both invalid and shows the error icon. */
  error?: FieldError;
  /** Greys out both selects. */
  disabled?: boolean;
  /** Shows the required marker and sets `aria-required` on both selects. */
  required?: boolean;
}

/**
 * A month and a year, e.g. a graduation or test date: two selects ("--" first, SPEC §5) in a
 * `fieldset` whose legend is the question. Each select is labelled "Month" or "Year" and
 * carries its own answer key as id, so the validation summary can link to either. Both
 * selects behave as SelectInput does (type-ahead, Page Up/Down by 5; SPEC §9).
 *
 * @example
 * ```tsx
 * <MonthYearInput
 *   id="grad_month"
 *   yearId="grad_year"
 *   label="When did you graduate?"
 *   years={gradYears}
 *   monthValue={answers.grad_month}
 *   yearValue={answers.grad_year}
 *   onChange={({ month, year }) => save({ grad_month: month, grad_year: year })}
 * />
 * ```
 */
export function MonthYearInput({
  id,
  yearId,
  label,
  hint,
  monthValue,
  yearValue,
  years,
  onChange,
  onBlur,
  error,
  disabled = false,
  required = false,
}: MonthYearInputProps) {
  const intl = useIntl();
  const months = useMemo(() => monthOptions(intl), [intl]);
  const errors = errorMessages(error);
  const invalid = errors.length > 0;
  const parts = [
    {
      partId: id,
      partLabel: intl.formatMessage({ id: 'ds.monthYearInput.month' }),
      options: months,
      value: monthValue,
      width: '12rem',
      change: (month: string) => {
        onChange({ month, year: yearValue });
      },
    },
    {
      partId: yearId,
      partLabel: intl.formatMessage({ id: 'ds.monthYearInput.year' }),
      options: years,
      value: yearValue,
      width: '8rem',
      change: (year: string) => {
        onChange({ month: monthValue, year });
      },
    },
  ];

  return (
    <FieldsetFrame
      id={id}
      legend={label}
      hint={hint}
      errors={errors}
      required={required}
      disabled={disabled}
    >
      {() => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {parts.map(({ partId, partLabel, options, value, width, change }) => (
            // Each select is its own form control: MUI allows one input per FormControl.
            <FormControl
              key={partId}
              error={invalid}
              disabled={disabled}
              sx={{ width, maxWidth: '100%' }}
            >
              {/* Regular weight: the legend above is the question, these name its parts. */}
              {/* No `for`: the combobox is a div, named by this label's id (aria-labelledby). */}
              <FormLabel id={`${partId}-label`} sx={{ mb: 0.5, fontWeight: 'normal' }}>
                {partLabel}
              </FormLabel>
              <SelectControl
                id={partId}
                name={partId}
                labelId={`${partId}-label`}
                options={options}
                value={value}
                onChange={change}
                onBlur={onBlur}
                invalid={invalid}
                // The legend carries the group's error icon.
                errorIcon={false}
                disabled={disabled}
                required={required}
              />
            </FormControl>
          ))}
        </Box>
      )}
    </FieldsetFrame>
  );
}
