import ErrorIcon from '@mui/icons-material/Error';
import { InputAdornment, OutlinedInput } from '@mui/material';
import { useState } from 'react';

import { errorMessages } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { PasswordVisibilityToggle } from './parts/PasswordVisibilityToggle';
import { type TextEntryProps } from '../parts/inputProps';

export interface TextInputProps extends TextEntryProps {
  /**
   * `password` adds a show/hide button; `email` brings up an e-mail keyboard; `date` is the
   * browser's own day field (its value YYYY-MM-DD).
   */
  type?: 'text' | 'email' | 'password' | 'date';
  /** The on-screen keyboard to bring up, e.g. `numeric` for a code of digits. */
  inputMode?: 'text' | 'numeric' | 'email';
  /** The browser autofill hint, e.g. `given-name`, `email`, `new-password`. */
  autoComplete?: string;
}

/**
 * A one-line text, e-mail or password input with label, hint, required marker and error
 * messages. Invalid inputs show an error icon and list their messages under the input,
 * tied to it with `aria-describedby`.
 *
 * @example
 * ```tsx
 * <TextInput id="first_name" label="First Name" maxLength={45} value={value} onChange={setValue} />
 * ```
 */
export function TextInput({
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
  type = 'text',
  maxLength,
  autoComplete,
  inputMode,
}: TextInputProps) {
  const [passwordShown, setPasswordShown] = useState(false);
  const errors = errorMessages(error);
  const invalid = errors.length > 0;
  const isPassword = type === 'password';
  const hasEndAdornment = invalid || isPassword;

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
          type={isPassword && passwordShown ? 'text' : type}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
          autoComplete={autoComplete}
          fullWidth
          slotProps={{
            input: {
              // A date input's value is the browser's YYYY-MM-DD: HTML allows no maxlength on it.
              maxLength: type === 'date' ? undefined : maxLength,
              inputMode,
              'aria-describedby': describedBy,
              'aria-required': required || undefined,
              // Spell-checking names, e-mails and passwords only adds red squiggles.
              spellCheck: type === 'text' ? undefined : false,
            },
          }}
          endAdornment={
            hasEndAdornment ? (
              <InputAdornment position="end">
                {invalid && <ErrorIcon color="error" data-testid="error-icon" />}
                {isPassword && (
                  <PasswordVisibilityToggle
                    inputId={id}
                    shown={passwordShown}
                    onToggle={() => {
                      setPasswordShown((shown) => !shown);
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
