import ErrorIcon from '@mui/icons-material/Error';
import { InputAdornment, OutlinedInput } from '@mui/material';

import { errorMessages } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { type MaskFormat, useMaskedInput } from '../parts/useMaskedInput';
import { type InputProps } from '../parts/inputProps';

/** What the applicant types, as opposed to what the mask adds, per variant. */
const TYPED = {
  // The US mask adds "(", ")", " " and "-": only digits are typed.
  us: /\d/,
  // An international number keeps what is typed ("+", digits, and any separator as a space).
  international: /./,
} as const;

export interface PhoneInputProps extends InputProps<string> {
  /**
   * The mask, run on every keystroke and paste: e.g. form-model's `formatUsPhone` or
   * `formatInternationalPhone` (the widget knows no phone rules of its own).
   */
  format: MaskFormat;
  /** `us` "(NNN) NNN-NNNN"; `international` keeps "+", digits and spaces. Must match `format`. */
  variant?: 'us' | 'international';
  /** The browser autofill hint; `tel` by default. */
  autoComplete?: string;
}

/**
 * A phone number input masked as it is typed or pasted (SPEC §5: phone entry is
 * auto-masked): the caller's `format` shapes the text, the caret stays after the digit just
 * typed (also in the middle), and Backspace over a ")" or "-" takes the digit before it.
 * Phones bring up the number pad (`inputMode="tel"`).
 *
 * @example
 * ```tsx
 * import { formatUsPhone } from '@admit/form-model';
 *
 * <PhoneInput id="phone_home" label="Home Phone" format={formatUsPhone} value={value} onChange={setValue} />
 * ```
 */
export function PhoneInput({
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
  format,
  variant = 'us',
  autoComplete = 'tel',
}: PhoneInputProps) {
  const errors = errorMessages(error);
  const invalid = errors.length > 0;
  const { inputRef, handleChange } = useMaskedInput({
    value,
    format,
    kept: TYPED[variant],
    onChange,
  });

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
          type="tel"
          inputRef={inputRef}
          value={value}
          onChange={handleChange}
          onBlur={onBlur}
          autoComplete={autoComplete}
          fullWidth
          sx={{ maxWidth: '20rem' }}
          slotProps={{
            input: {
              inputMode: 'tel',
              'aria-describedby': describedBy,
              'aria-required': required || undefined,
            },
          }}
          endAdornment={
            invalid ? (
              <InputAdornment position="end">
                <ErrorIcon color="error" data-testid="error-icon" />
              </InputAdornment>
            ) : undefined
          }
        />
      )}
    </FieldFrame>
  );
}
