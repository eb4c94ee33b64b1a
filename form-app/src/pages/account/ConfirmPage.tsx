import { AccountCard, TextInput } from '@admit/design-system';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';

import { api } from '../../api/endpoints.ts';
import { AccountMessage } from './AccountMessage.tsx';
import { EmailAddressInput } from './inputs.tsx';
import { resendCode } from './ResendLink.ts';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /confirm: pre-fills the username passed in navigation state, and focuses the code. */
export function ConfirmPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.account.confirm.title' });
  const { field, submit, busy, carried, values, showToast, goTo, footer } = useAccountForm(
    'confirm',
    'Confirm Card',
    { username: '', code: '' },
    title,
  );
  const prefilled = carried.username;
  const username = field('username');
  useEffect(() => {
    if (prefilled === undefined) return;
    username.onChange(prefilled);
    // Arriving with the address (after sign-up, or from /login), the code is what is left to
    // type.
    document.getElementById('code')?.focus();
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefilled]);
  return (
    <>
      <AccountMessage state={carried} />
      <AccountCard
        header={title}
        busy={busy}
        onSubmit={() =>
          void submit(async ({ username: name, code }) => {
            const { message } = await api.confirm({ username: name, code: code.trim() });
            goTo('/login', { successMessage: message });
          })
        }
        {...footer(
          intl.formatMessage({ id: 'app.account.confirm.footerQuestion' }),
          intl.formatMessage({ id: 'app.account.logInLink' }),
          '/login',
        )}
        links={[
          {
            label: intl.formatMessage({ id: 'app.account.resendLink' }),
            onClick: (event) => {
              event.preventDefault();
              void resendCode(values.username, showToast, intl);
            },
          },
        ]}
      >
        <EmailAddressInput {...username} autoComplete="username" />
        <TextInput
          {...field('code')}
          label={intl.formatMessage({ id: 'app.account.confirm.code' })}
          hint={intl.formatMessage({ id: 'app.account.confirm.codeHint' })}
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
      </AccountCard>
    </>
  );
}
