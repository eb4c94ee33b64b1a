import { Checkbox, FormControlLabel, FormGroup } from '@mui/material';

import { errorMessages, type FieldError } from '../parts/fieldErrors';
import { FieldsetFrame } from '../parts/FieldsetFrame';

/** One independent yes/no answer of a checkbox group. */
export interface CheckboxGroupOption {
  /** The answer key this checkbox stores (its id and name too, for `#key` links). */
  key: string;
  /** What ticking it means. */
  label: string;
  /** Whether it is ticked. */
  checked: boolean;
}

export interface CheckboxGroupProps {
  /** Names the group's legend, hint and error ids; use the question's key. */
  id: string;
  /** The question, shown as the group's legend. */
  label: string;
  /** Help text shown under the legend, e.g. "Select all that apply." */
  hint?: string;
  /** The checkboxes, each its own answer. */
  options: readonly CheckboxGroupOption[];
  /** Called with a checkbox's key and its new state. */
  onChange: (key: string, checked: boolean) => void;
  /** Called when focus leaves a checkbox. */
  onBlur?: () => void;
  /** Error message(s) about the group; any message marks it invalid and shows the error icon. */
  error?: FieldError;
  /** Greys out every checkbox and stops changes. */
  disabled?: boolean;
  /** Shows the required marker on the legend. */
  required?: boolean;
  /** Lays the checkboxes side by side instead of stacked. */
  row?: boolean;
}

/**
 * Several independent yes/no answers under one question, e.g. the race questions or the
 * conduct lists with their "none of these" box (SPEC §5: `crime_no` must be ticked unless an
 * item is). A `fieldset` whose legend is the question; each checkbox stores its own key.
 *
 * @example
 * ```tsx
 * <CheckboxGroup
 *   id="race"
 *   label="Which of these describe you?"
 *   hint="Select all that apply."
 *   options={[{ key: 'race_asian', label: 'Asian', checked: answers.race_asian }]}
 *   onChange={(key, checked) => save({ [key]: checked })}
 * />
 * ```
 */
export function CheckboxGroup({
  id,
  label,
  hint,
  options,
  onChange,
  onBlur,
  error,
  disabled = false,
  required = false,
  row = false,
}: CheckboxGroupProps) {
  const errors = errorMessages(error);
  const invalid = errors.length > 0;

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
        <FormGroup row={row} sx={{ columnGap: 3 }}>
          {options.map((option) => (
            <FormControlLabel
              key={option.key}
              label={option.label}
              control={
                <Checkbox
                  id={option.key}
                  name={option.key}
                  checked={option.checked}
                  onChange={(event) => {
                    onChange(option.key, event.target.checked);
                  }}
                  onBlur={onBlur}
                  slotProps={{ input: { 'aria-invalid': invalid || undefined } }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </FieldsetFrame>
  );
}
