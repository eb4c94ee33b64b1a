import { AccountCard } from '@admit/design-system';
import { useIntl } from 'react-intl';

import { api } from '../../api/endpoints.ts';
import { EmailAddressInput } from './inputs.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /forgot: the success message shows in a closable success toast (SPEC §8). */
export function ForgotPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.account.forgot.title' });
  const { field, submit, busy, showToast, footer } = useAccountForm(
    'forgot',
    'Forgot Password Card',
    { username: '' },
    title,
  );
  return (
    <AccountCard
      header={title}
      busy={busy}
      onSubmit={() =>
        void submit(async ({ username }) => {
          const { message } = await api.forgotPassword({ username });
          showToast({ severity: 'success', message });
        })
      }
      {...footer(
        intl.formatMessage({ id: 'app.account.rememberedQuestion' }),
        intl.formatMessage({ id: 'app.account.logInLink' }),
        '/login',
      )}
    >
      <EmailAddressInput {...field('username')} autoComplete="username" />
    </AccountCard>
  );
}
