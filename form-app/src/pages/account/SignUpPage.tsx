import { AccountCard } from '@admit/design-system';

import { api } from '../../api/endpoints.ts';
import { AccountMessage } from './AccountMessage.tsx';
import { EmailAddressInput, PasswordInput, Requirements } from './inputs.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /signup: after sign-up, /confirm with the username, the message and the answers. */
export function SignUpPage() {
  const { field, submit, busy, carried, values, goTo, footer } = useAccountForm(
    'signup',
    'Sign Up Card',
    { username: '', password: '' },
    'Sign Up',
  );
  return (
    <>
      <AccountMessage state={carried} />
      <AccountCard
        header="Sign Up"
        columns={2}
        busy={busy}
        onSubmit={() =>
          void submit(async ({ username, password }) => {
            const { message } = await api.signup({ username, password });
            goTo('/confirm', { username, successMessage: message });
          })
        }
        {...footer('Already have an account?', 'Log In', '/login')}
      >
        <EmailAddressInput {...field('username')} autoComplete="email" />
        <PasswordInput {...field('password')} label="Password" autoComplete="new-password" />
        <Requirements password={values.password} />
      </AccountCard>
    </>
  );
}
