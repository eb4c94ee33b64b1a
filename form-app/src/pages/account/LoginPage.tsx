import { AccountCard } from '@admit/design-system';

import { api } from '../../api/endpoints.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { DEFAULT_ROUTE } from '../../tenant.ts';
import { AccountMessage } from './AccountMessage.tsx';
import { EmailAddressInput, PasswordInput } from './inputs.tsx';
import { resendCode } from './ResendLink.ts';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /login. */
export function LoginPage() {
  const session = useSession();
  const { field, submit, busy, carried, values, showToast, goTo, footer } = useAccountForm(
    'login',
    'Login Card',
    { username: '', password: '' },
    'Log In',
  );
  return (
    <>
      <AccountMessage state={carried} />
      <AccountCard
        header="Log In"
        columns={2}
        busy={busy}
        onSubmit={() =>
          void submit(async ({ username, password }) => {
            const { message } = await api.login({
              username,
              password,
              default_route: DEFAULT_ROUTE,
            });
            session.refreshLoggedIn();
            // SPEC §2: after login success, the default route with the success message.
            goTo(DEFAULT_ROUTE, { successMessage: message });
          })
        }
        {...footer("Don't have an account?", 'Sign Up', '/signup')}
        links={[
          {
            label: 'Resend confirmation code',
            onClick: (event) => {
              event.preventDefault();
              void resendCode(values.username, showToast);
            },
          },
          {
            label: 'Forgot password',
            href: '/forgot',
            onClick: (event) => {
              event.preventDefault();
              goTo('/forgot');
            },
          },
        ]}
      >
        <EmailAddressInput {...field('username')} autoComplete="username" />
        <PasswordInput {...field('password')} label="Password" autoComplete="current-password" />
      </AccountCard>
    </>
  );
}
