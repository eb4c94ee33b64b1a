import { AccountCard, Alert, Box, TextInput } from '@admit/design-system';
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
    <>
      {session.isLoggedIn ? (
        <Box sx={{ mb: 2 }}>
          <Alert severity="info">
            You are logged in as {session.username}. Choosing a new password here logs you out; then
            log in with the new password.
          </Alert>
        </Box>
      ) : null}
      <AccountCard
        header="Reset Password"
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
    </>
  );
}
