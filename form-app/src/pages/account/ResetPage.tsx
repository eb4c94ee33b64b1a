import { AccountCard, Alert, Box, TextInput } from '@admit/design-system';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { api } from '../../api/endpoints.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { EmailAddressInput, PasswordInput, Requirements } from './inputs.tsx';
import { useAccountForm } from './useAccountForm.ts';

/**
 * SPEC §2 /reset: reads username and id from the query and pre-fills them. A logged-in
 * applicant sees it only from a reset link (application/accountRoutes.ts), is told that the
 * new password logs them out, and is: the server ends the account's sessions, and this
 * browser's, whichever account the link was for, so /login follows with the message.
 */
export function ResetPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.account.reset.title' });
  const { field, submit, busy, values, goTo, footer } = useAccountForm(
    'reset',
    'Reset Password Card',
    {
      username: params.get('username') ?? '',
      id: params.get('id') ?? '',
      password: '',
      confirm_password: '',
    },
    title,
  );
  return (
    <>
      {session.isLoggedIn ? (
        <Box sx={{ mb: 2 }}>
          <Alert severity="info">
            {intl.formatMessage(
              { id: 'app.account.reset.loggedIn' },
              { username: session.username },
            )}
          </Alert>
        </Box>
      ) : null}
      <AccountCard
        header={title}
        columns={2}
        busy={busy}
        onSubmit={() =>
          void submit(async (body) => {
            const { message } = await api.resetPassword(body);
            if (session.isLoggedIn) {
              // The session may already be gone (the same account): logged out all the same.
              await api.logout().catch(() => undefined);
              session.endSession();
            }
            goTo('/login', { successMessage: message });
          })
        }
        {...footer(
          intl.formatMessage({ id: 'app.account.rememberedQuestion' }),
          intl.formatMessage({ id: 'app.account.logInLink' }),
          '/login',
        )}
      >
        <EmailAddressInput {...field('username')} autoComplete="username" />
        <TextInput
          {...field('id')}
          label={intl.formatMessage({ id: 'app.account.reset.code' })}
          hint={intl.formatMessage({ id: 'app.account.reset.codeHint' })}
          maxLength={200}
          required
        />
        <PasswordInput
          {...field('password')}
          label={intl.formatMessage({ id: 'app.account.reset.newPassword' })}
          autoComplete="new-password"
        />
        <PasswordInput
          {...field('confirm_password')}
          label={intl.formatMessage({ id: 'app.account.reset.confirmPassword' })}
          autoComplete="new-password"
        />
        <Requirements password={values.password} />
      </AccountCard>
    </>
  );
}
