import { AccountCard } from '@admit/design-system';

import { api } from '../../api/endpoints.ts';
import { EmailAddressInput } from './inputs.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /forgot: the success message shows in a closable success toast (SPEC §8). */
export function ForgotPage() {
  const { field, submit, busy, showToast, footer } = useAccountForm(
    'forgot',
    'Forgot Password Card',
    { username: '' },
    'Forgot Password',
  );
  return (
    <AccountCard
      header="Forgot Password"
      busy={busy}
      onSubmit={() =>
        void submit(async ({ username }) => {
          const { message } = await api.forgotPassword({ username });
          showToast({ severity: 'success', message });
        })
      }
      {...footer('Remembered your password?', 'Log In', '/login')}
    >
      <EmailAddressInput {...field('username')} autoComplete="username" />
    </AccountCard>
  );
}
