import { ERROR_CODES } from '@admit/form-model';
import { AccountCard } from '@admit/design-system';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { api } from '../../api/endpoints.ts';
import { ServerError } from '../../api/errors.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { DEFAULT_ROUTE } from '../../tenant.ts';
import { hasPendingAnswers } from '../../engine/index.ts';
import { AccountMessage, PendingNotice, UnconfirmedNotice } from './AccountMessage.tsx';
import { EmailAddressInput, PasswordInput } from './inputs.tsx';
import { resendCode } from './ResendLink.ts';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /login. */
export function LoginPage() {
  const session = useSession();
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.account.login.title' });
  const { field, submit, busy, carried, values, showToast, goTo, footer } = useAccountForm(
    'login',
    'Login Card',
    { username: '', password: '' },
    title,
  );
  /** The address the server said waits for its confirmation code. */
  const [unconfirmed, setUnconfirmed] = useState<{ username: string; message: string }>();
  /** Answers typed in this browser that the server never got: logging in saves them. */
  const [pendingWaiting] = useState(hasPendingAnswers);
  return (
    <>
      <AccountMessage state={carried} />
      {pendingWaiting ? <PendingNotice /> : null}
      {unconfirmed === undefined ? null : (
        <UnconfirmedNotice
          message={unconfirmed.message}
          onConfirm={(event) => {
            event.preventDefault();
            goTo('/confirm', { username: unconfirmed.username });
          }}
        />
      )}
      <AccountCard
        header={title}
        columns={2}
        busy={busy}
        onSubmit={() =>
          void submit(async ({ username, password }) => {
            setUnconfirmed(undefined);
            const { message } = await api
              .login({ username, password, default_route: DEFAULT_ROUTE })
              .catch((error: unknown) => {
                // The card's error toast says it too (SPEC §8); this stays, with the way on.
                if (error instanceof ServerError && error.code === ERROR_CODES.unconfirmed)
                  setUnconfirmed({ username, message: error.message });
                throw error;
              });
            session.refreshLoggedIn();
            // SPEC §2: after login success, the default route with the success message.
            goTo(DEFAULT_ROUTE, { successMessage: message });
          })
        }
        {...footer(
          intl.formatMessage({ id: 'app.account.login.footerQuestion' }),
          intl.formatMessage({ id: 'app.account.signUpLink' }),
          '/signup',
        )}
        links={[
          {
            label: intl.formatMessage({ id: 'app.account.resendLink' }),
            onClick: (event) => {
              event.preventDefault();
              void resendCode(values.username, showToast, intl);
            },
          },
          {
            label: intl.formatMessage({ id: 'app.account.forgotLink' }),
            href: '/forgot',
            onClick: (event) => {
              event.preventDefault();
              goTo('/forgot');
            },
          },
        ]}
      >
        <EmailAddressInput {...field('username')} autoComplete="username" />
        <PasswordInput
          {...field('password')}
          label={intl.formatMessage({ id: 'app.account.password' })}
          autoComplete="current-password"
        />
      </AccountCard>
    </>
  );
}
