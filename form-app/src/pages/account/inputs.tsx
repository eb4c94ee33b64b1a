/** The inputs the account cards share (SPEC §5: addresses up to 254, passwords up to 1024). */
import { PasswordRequirements, TextInput, type TextInputProps } from '@admit/design-system';
import {
  ACCOUNT_EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  passwordRequirementStates,
} from '@admit/form-model';
import { useIntl } from 'react-intl';

import { modelMessages } from '../../modelMessages.ts';
import { useAccountCheck } from './validation.ts';

type FieldProps = Pick<TextInputProps, 'id' | 'value' | 'error' | 'onChange'>;

export function EmailAddressInput(props: FieldProps & { autoComplete: 'username' | 'email' }) {
  const label = useIntl().formatMessage({ id: 'app.account.email' });
  return (
    <TextInput
      {...props}
      label={label}
      type="email"
      maxLength={ACCOUNT_EMAIL_MAX_LENGTH}
      required
    />
  );
}

export function PasswordInput(
  props: FieldProps & { label: string; autoComplete: 'current-password' | 'new-password' },
) {
  return <TextInput {...props} type="password" maxLength={PASSWORD_MAX_LENGTH} required />;
}

/**
 * SPEC §2's password requirements, from the password as it is now: each rule is in error when
 * SPEC §5's check of the typed password names it, met otherwise, inactive while nothing is
 * typed (and while the check is still being fetched). Not from the last Submit's errors (with
 * those, "abc" showed six ticks before the first Submit, and a valid password six crosses after
 * a failed one).
 */
export function Requirements({ password }: { password: string }) {
  // Fetched once something is typed; until it is here, the rules wait as if nothing were.
  const check = useAccountCheck(password !== '');
  const errors =
    check === undefined ? [] : (check('signup', { password }, ['password']).password ?? []);
  return (
    <PasswordRequirements
      id="password-requirements"
      rules={passwordRequirementStates(check === undefined ? '' : password, errors, modelMessages)}
    />
  );
}
