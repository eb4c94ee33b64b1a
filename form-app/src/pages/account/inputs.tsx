/** The inputs the account cards share (SPEC §5: addresses up to 254, passwords up to 1024). */
import { PasswordRequirements, TextInput, type TextInputProps } from '@admit/design-system';
import { passwordRequirementStates } from '@admit/form-model';

type FieldProps = Pick<TextInputProps, 'id' | 'value' | 'error' | 'onChange'>;

export function EmailAddressInput(props: FieldProps & { autoComplete: 'username' | 'email' }) {
  return <TextInput {...props} label="Email Address" type="email" maxLength={254} required />;
}

export function PasswordInput(
  props: FieldProps & { label: string; autoComplete: 'current-password' | 'new-password' },
) {
  return <TextInput {...props} type="password" maxLength={1024} required />;
}

/** SPEC §5's password rules, ticked as the password is typed. */
export function Requirements({
  password,
  errors,
}: {
  password: string;
  errors?: readonly string[];
}) {
  return (
    <PasswordRequirements
      id="password-requirements"
      rules={passwordRequirementStates(password, errors ?? [])}
    />
  );
}
