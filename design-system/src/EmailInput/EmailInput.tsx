import { TextInput } from '../TextInput';
import { type TextEntryProps } from '../parts/inputProps';

export interface EmailInputProps extends TextEntryProps {
  /** The browser autofill hint: `email` by default, `username` on the account pages. */
  autoComplete?: string;
}

/**
 * An e-mail address input: `type="email"` (the @ keyboard on phones), e-mail autofill, no
 * spell-check, at most `maxLength` characters. Checking the address is the caller's business
 * (SPEC §5 messages come with `error`).
 *
 * @example
 * ```tsx
 * <EmailInput id="email_address" label="Email Address" maxLength={100} value={value} onChange={setValue} />
 * ```
 */
export function EmailInput({ autoComplete = 'email', ...props }: EmailInputProps) {
  return <TextInput {...props} type="email" autoComplete={autoComplete} />;
}
