import ErrorIcon from '@mui/icons-material/Error';
import { InputAdornment, OutlinedInput } from '@mui/material';
import { useState } from 'react';

import { errorMessages, type FieldError } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { PasswordVisibilityToggle } from './parts/PasswordVisibilityToggle';

/** SPEC §5, §9: text inputs hold at most 45 characters unless told otherwise. */
export const TEXT_INPUT_MAX_LENGTH = 45;

export interface TextInputProps {
  /** The input's id; a page links `#id` to it (validation summary), so use the answer key. */
  id: string;
  /** The input's name; defaults to `id`. */
  name?: string;
  /** The question, shown above the input. */
  label: string;
  /** Help text shown under the label. */
  hint?: string;
  /** The current text (controlled). */
  value: string;
  /** Called with the new text on every keystroke or paste. */
  onChange: (value: string) => void;
  /** Called when the input loses focus. */
  onBlur?: () => void;
  /** Error message(s); any message marks the field invalid and shows the error icon. */
  error?: FieldError;
  /** Greys out the input and stops editing. */
  disabled?: boolean;
  /** Shows the required marker and sets `aria-required`. */
  required?: boolean;
  /** `password` adds a show/hide button; `email` brings up an e-mail keyboard. */
  type?: 'text' | 'email' | 'password';
  /** Maximum number of characters; 45 by default (SPEC §9). */
  maxLength?: number;
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
 * <TextInput id="first_name" label="First Name" required value={value} onChange={setValue} />
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
  maxLength = TEXT_INPUT_MAX_LENGTH,
  autoComplete,
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
              maxLength,
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
