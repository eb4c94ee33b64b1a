import { AccountCard, TextInput } from '@admit/design-system';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { api } from '../../api/endpoints.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { DEFAULT_ROUTE, tenant } from '../../tenant.ts';
import { AccountMessage } from './AccountMessage.tsx';
import { resendCode } from './ResendLink.ts';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /login. */
export function LoginPage() {
  const navigate = useNavigate();
  const session = useSession();
  const { field, submit, busy, carried, values, showToast } = useAccountForm(
    'login',
    'Login Card',
    { username: '', password: '' },
  );
  useEffect(() => {
    document.title = `Log In · ${tenant.titles.application}`;
  }, []);
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
            void navigate(DEFAULT_ROUTE, {
              state: { successMessage: message, answers: carried.answers },
            });
          })
        }
        footerQuestion="Don't have an account?"
        footerLinkLabel="Sign Up"
        footerHref="/signup"
        onFooterLinkClick={(event) => {
          event.preventDefault();
          void navigate('/signup', { state: { answers: carried.answers } });
        }}
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
              void navigate('/forgot', { state: { answers: carried.answers } });
            },
          },
        ]}
      >
        <TextInput
          {...field('username')}
          label="Email Address"
          type="email"
          autoComplete="username"
          maxLength={254}
          required
        />
        <TextInput
          {...field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={1024}
          required
        />
      </AccountCard>
    </>
  );
}
