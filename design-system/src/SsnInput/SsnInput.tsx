import ErrorIcon from '@mui/icons-material/Error';
import { InputAdornment, OutlinedInput } from '@mui/material';
import { useState } from 'react';

import { errorMessages } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { type MaskFormat, useMaskedInput } from '../parts/useMaskedInput';
import { RevealToggle } from './parts/RevealToggle';
import { type InputProps } from '../parts/inputProps';

/** Only digits are typed; the mask adds the dashes. */
const TYPED = /\d/;

export interface SsnInputProps extends InputProps<string> {
  /** The 3-2-4 mask, run on every keystroke and paste: form-model's `formatSsn`. */
  format: MaskFormat;
  /** Hides the digits like a password until the applicant asks to see them. */
  concealable?: boolean;
}

/**
 * A Social Security number input masked "NNN-NN-NNNN" as it is typed or pasted (SPEC §3,
 * §9: 3-2-4, non-digits stripped), with the number pad on phones. The number is sensitive:
 * the browser never offers to remember it (`autocomplete="off"`), and `concealable` hides
 * the digits behind a "Show Social Security number" button. The digits are concealed with
 * CSS rather than `type="password"`, so password managers do not offer to save an SSN.
 *
 * @example
 * ```tsx
 * import { formatSsn } from '@admit/form-model';
 *
 * <SsnInput id="ssn" label="Social Security Number" format={formatSsn} value={value} onChange={setValue} />
 * ```
 */
export function SsnInput({
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
  concealable = false,
}: SsnInputProps) {
  const [shown, setShown] = useState(false);
  const errors = errorMessages(error);
  const invalid = errors.length > 0;
  const concealed = concealable && !shown;
  const { inputRef, handleChange } = useMaskedInput({ value, format, kept: TYPED, onChange });

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
          inputRef={inputRef}
          value={value}
          onChange={handleChange}
          onBlur={onBlur}
          autoComplete="off"
          fullWidth
          sx={{
            maxWidth: '16rem',
            // Discs instead of digits, as a password shows, without being a password field.
            '& .MuiOutlinedInput-input': concealed ? { '-webkit-text-security': 'disc' } : {},
          }}
          slotProps={{
            input: {
              inputMode: 'numeric',
              spellCheck: false,
              'aria-describedby': describedBy,
              'aria-required': required || undefined,
            },
          }}
          endAdornment={
            invalid || concealable ? (
              <InputAdornment position="end">
                {invalid && <ErrorIcon color="error" data-testid="error-icon" />}
                {concealable && (
                  <RevealToggle
                    inputId={id}
                    shown={shown}
                    onToggle={() => {
                      setShown((current) => !current);
                    }}
                    disabled={disabled}
                  />
                )}
              </InputAdornment>
            ) : undefined
          }
        />
      )}
    </FieldFrame>
  );
}
