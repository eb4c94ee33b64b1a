import { AccountCard, TextInput } from '@admit/design-system';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { api } from '../../api/endpoints.ts';
import { tenant } from '../../tenant.ts';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /forgot: the success message shows in a closable success toast (SPEC §8). */
export function ForgotPage() {
  const navigate = useNavigate();
  const { field, submit, busy, carried, showToast } = useAccountForm(
    'forgot',
    'Forgot Password Card',
    { username: '' },
  );
  useEffect(() => {
    document.title = `Forgot Password · ${tenant.titles.application}`;
  }, []);
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
      footerQuestion="Remembered your password?"
      footerLinkLabel="Log In"
      footerHref="/login"
      onFooterLinkClick={(event) => {
        event.preventDefault();
        void navigate('/login', { state: { answers: carried.answers } });
      }}
    >
      <TextInput
        {...field('username')}
        label="Email Address"
        type="email"
        autoComplete="username"
        maxLength={254}
        required
      />
    </AccountCard>
  );
}
