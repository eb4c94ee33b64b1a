import { type FieldError } from '../parts/fieldErrors';
import { TextInput } from '../TextInput';

/** SPEC §5: an e-mail address holds at most 100 characters unless told otherwise. */
export const EMAIL_INPUT_MAX_LENGTH = 100;

export interface EmailInputProps {
  /** The input's id; a page links `#id` to it (validation summary), so use the answer key. */
  id: string;
  /** The input's name; defaults to `id`. */
  name?: string;
  /** The question, shown above the input. */
  label: string;
  /** Help text shown under the label. */
  hint?: string;
  /** The current address (controlled). */
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
  /** Maximum number of characters; 100 by default. */
  maxLength?: number;
  /** The browser autofill hint: `email` by default, `username` on the account pages. */
  autoComplete?: string;
}

/**
 * An e-mail address input: `type="email"` (the @ keyboard on phones), e-mail autofill, no
 * spell-check, at most 100 characters. Checking the address is the caller's business
 * (SPEC §5 messages come with `error`).
 *
 * @example
 * ```tsx
 * <EmailInput id="email_address" label="Email Address" value={value} onChange={setValue} />
 * ```
 */
export function EmailInput({
  maxLength = EMAIL_INPUT_MAX_LENGTH,
  autoComplete = 'email',
  ...props
}: EmailInputProps) {
  return <TextInput {...props} type="email" maxLength={maxLength} autoComplete={autoComplete} />;
}
