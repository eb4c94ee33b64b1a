import { AccountCard } from '@admit/design-system';
import { useIntl } from 'react-intl';

import { api } from '../../api/endpoints.ts';
import { AccountMessage } from './AccountMessage.tsx';
import { EmailAddressInput, PasswordInput, Requirements } from './inputs.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /signup: after sign-up, /confirm with the username, the message and the answers. */
export function SignUpPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.account.signUp.title' });
  const { field, submit, busy, carried, values, goTo, footer } = useAccountForm(
    'signup',
    'Sign Up Card',
    { username: '', password: '' },
    title,
  );
  return (
    <>
      <AccountMessage state={carried} />
      <AccountCard
        header={title}
        columns={2}
        busy={busy}
        onSubmit={() =>
          void submit(async ({ username, password }) => {
            const { message } = await api.signup({ username, password });
            goTo('/confirm', { username, successMessage: message });
          })
        }
        {...footer(
          intl.formatMessage({ id: 'app.account.signUp.footerQuestion' }),
          intl.formatMessage({ id: 'app.account.logInLink' }),
          '/login',
        )}
      >
        <EmailAddressInput {...field('username')} autoComplete="email" />
        <PasswordInput
          {...field('password')}
          label={intl.formatMessage({ id: 'app.account.password' })}
          autoComplete="new-password"
        />
        <Requirements password={values.password} />
      </AccountCard>
    </>
  );
}
