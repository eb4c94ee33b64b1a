import { AccountCard, TextInput } from '@admit/design-system';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { api } from '../../api/endpoints.ts';
import { tenant } from '../../tenant.ts';
import { AccountMessage } from './AccountMessage.tsx';
import { resendCode } from './ResendLink.ts';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /confirm: pre-fills the username passed in navigation state. */
export function ConfirmPage() {
  const navigate = useNavigate();
  const { field, submit, busy, carried, values, showToast } = useAccountForm(
    'confirm',
    'Confirm Card',
    { username: '', code: '' },
  );
  const prefilled = carried.username;
  const username = field('username');
  useEffect(() => {
    document.title = `Confirm Your Account · ${tenant.titles.application}`;
    if (prefilled !== undefined) username.onChange(prefilled);
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefilled]);
  return (
    <>
      <AccountMessage state={carried} />
      <AccountCard
        header="Confirm Your Account"
        busy={busy}
        onSubmit={() =>
          void submit(async ({ username: name, code }) => {
            const { message } = await api.confirm({ username: name, code: code.trim() });
            void navigate('/login', {
              state: { successMessage: message, answers: carried.answers },
            });
          })
        }
        footerQuestion="Already confirmed?"
        footerLinkLabel="Log In"
        footerHref="/login"
        onFooterLinkClick={(event) => {
          event.preventDefault();
          void navigate('/login', { state: { answers: carried.answers } });
        }}
        links={[
          {
            label: 'Resend confirmation code',
            onClick: (event) => {
              event.preventDefault();
              void resendCode(values.username, showToast);
            },
          },
        ]}
      >
        <TextInput
          {...username}
          label="Email Address"
          type="email"
          autoComplete="username"
          maxLength={254}
          required
        />
        <TextInput
          {...field('code')}
          label="Confirmation Code"
          hint="The 6-digit code we emailed you"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
      </AccountCard>
    </>
  );
}
