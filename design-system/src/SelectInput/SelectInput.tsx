import { errorMessages } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { SelectControl, type SelectOption } from '../parts/SelectControl';

export {
  SELECT_COLLISION_PADDING,
  SELECT_EMPTY_LABEL,
  SELECT_MENU_MAX_HEIGHT,
  SELECT_PAGE_SIZE,
  SELECT_TYPEAHEAD_RESET_MS,
  type SelectOption,
} from '../parts/SelectControl';
import { type InputProps } from '../parts/inputProps';

/** `onChange` gets the chosen value and its label (for `{key}_desc`; "" for "--"). */
export interface SelectInputProps extends InputProps<
  string,
  (value: string, label: string) => void
> {
  /** What the empty option says instead of "--" (a filter's "All statuses"). */
  emptyLabel?: string;
  /** The choices; the empty "--" option is added first (SPEC §5), so leave it out. */
  options: readonly SelectOption[];
}

/**
 * A single-choice select: a combobox that opens a listbox of options, "--" first
 * (SPEC §5). Type letters to jump to an option (the typed word resets after 1 s), Page
 * Up/Down move 5 options, the menu is at most 300 px tall and keeps 100 px from the window's
 * top and bottom (SPEC §9). `onChange` also gives the option's label, for the
 * `{key}_desc` companion answer (SPEC §3).
 *
 * @example
 * ```tsx
 * <SelectInput
 *   id="mailing_state"
 *   label="State"
 *   options={states}
 *   value={answers.mailing_state}
 *   onChange={(value, label) => save({ mailing_state: value, mailing_state_desc: label })}
 * />
 * ```
 */
export function SelectInput({
  id,
  name = id,
  label,
  hint,
  options,
  emptyLabel,
  value,
  onChange,
  onBlur,
  error,
  disabled = false,
  required = false,
}: SelectInputProps) {
  const errors = errorMessages(error);
  const labelId = `${id}-label`;

  return (
    <FieldFrame
      id={id}
      label={<span id={labelId}>{label}</span>}
      hint={hint}
      errors={errors}
      required={required}
      disabled={disabled}
      // The combobox is a div: it is named by the label's id, not by a `for`.
      labelable={false}
    >
      {(describedBy) => (
        <SelectControl
          id={id}
          name={name}
          labelId={labelId}
          describedBy={describedBy}
          options={options}
          emptyLabel={emptyLabel}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          invalid={errors.length > 0}
          disabled={disabled}
          required={required}
        />
      )}
    </FieldFrame>
  );
}
