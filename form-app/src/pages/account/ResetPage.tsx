import { AccountCard, TextInput } from '@admit/design-system';
import { useSearchParams } from 'react-router-dom';

import { api } from '../../api/endpoints.ts';
import { EmailAddressInput, PasswordInput, Requirements } from './inputs.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /reset: reads username and id from the query and pre-fills them. */
export function ResetPage() {
  const [params] = useSearchParams();
  const { field, submit, busy, values, goTo, footer } = useAccountForm(
    'reset',
    'Reset Password Card',
    {
      username: params.get('username') ?? '',
      id: params.get('id') ?? '',
      password: '',
      confirm_password: '',
    },
    'Reset Password',
  );
  return (
    <AccountCard
      header="Reset Password"
      columns={2}
      busy={busy}
      onSubmit={() =>
        void submit(async (body) => {
          const { message } = await api.resetPassword(body);
          goTo('/login', { successMessage: message });
        })
      }
      {...footer('Remembered your password?', 'Log In', '/login')}
    >
      <EmailAddressInput {...field('username')} autoComplete="username" />
      <TextInput
        {...field('id')}
        label="Reset code"
        hint="Filled in from the link we emailed you"
        maxLength={200}
        required
      />
      <PasswordInput {...field('password')} label="New Password" autoComplete="new-password" />
      <PasswordInput
        {...field('confirm_password')}
        label="Confirm New Password"
        autoComplete="new-password"
      />
      <Requirements password={values.password} />
    </AccountCard>
  );
}
