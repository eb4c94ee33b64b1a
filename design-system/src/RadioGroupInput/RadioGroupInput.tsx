import { FormControlLabel, FormGroup, Radio } from '@mui/material';

import { errorMessages } from '../parts/fieldErrors';
import { FieldsetFrame } from '../parts/FieldsetFrame';
import { type InputProps } from '../parts/inputProps';

/** One answer of a radio group: the stored value and the words shown for it. */
export interface RadioOption {
  /** What is stored as the answer. */
  value: string;
  /** What the applicant sees; stored as `{key}_desc` by the form. */
  label: string;
}

/**
 * `id` is the first radio's, `name` the radios' shared one; `onChange` gets the chosen value
 * and its label (for `{key}_desc`, SPEC §3).
 */
export interface RadioGroupInputProps extends InputProps<
  string,
  (value: string, label: string) => void
> {
  /** The answers, in order. */
  options: readonly RadioOption[];
  /** Lays the radios side by side (short answers such as Yes / No) instead of stacked. */
  row?: boolean;
}

/**
 * One answer out of several: radios in a `fieldset` whose legend is the question (the
 * fieldset is the radio group, so required and invalid are announced with it). The arrow
 * keys move between the radios, as browsers do for radios sharing a name.
 *
 * @example
 * ```tsx
 * <RadioGroupInput
 *   id="us_citizen"
 *   label="Are you a citizen of the United States?"
 *   options={yesNo}
 *   row
 *   value={answers.us_citizen}
 *   onChange={(value, label) => save({ us_citizen: value, us_citizen_desc: label })}
 * />
 * ```
 */
export function RadioGroupInput({
  id,
  name = id,
  label,
  hint,
  options,
  value,
  onChange,
  onBlur,
  error,
  disabled = false,
  required = false,
  row = false,
}: RadioGroupInputProps) {
  const errors = errorMessages(error);

  return (
    <FieldsetFrame
      id={id}
      legend={label}
      hint={hint}
      errors={errors}
      required={required}
      disabled={disabled}
      role="radiogroup"
    >
      {() => (
        <FormGroup row={row} sx={{ columnGap: 3 }}>
          {options.map((option, index) => (
            <FormControlLabel
              key={option.value}
              label={option.label}
              control={
                <Radio
                  // The first radio carries the answer key, so `#id` links land in the group.
                  id={index === 0 ? id : `${id}-${option.value}`}
                  name={name}
                  value={option.value}
                  checked={option.value === value}
                  onChange={() => {
                    onChange(option.value, option.label);
                  }}
                  onBlur={onBlur}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </FieldsetFrame>
  );
}
