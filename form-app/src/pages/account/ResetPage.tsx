import { passwordRequirementStates } from '@admit/form-model';
import { AccountCard, PasswordRequirements, TextInput } from '@admit/design-system';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { api } from '../../api/endpoints.ts';
import { tenant } from '../../tenant.ts';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /reset: reads username and id from the query and pre-fills them. */
export function ResetPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { field, submit, busy, carried, values, errors } = useAccountForm(
    'reset',
    'Reset Password Card',
    {
      username: params.get('username') ?? '',
      id: params.get('id') ?? '',
      password: '',
      confirm_password: '',
    },
  );
  useEffect(() => {
    document.title = `Reset Password · ${tenant.titles.application}`;
  }, []);
  return (
    <AccountCard
      header="Reset Password"
      columns={2}
      busy={busy}
      onSubmit={() =>
        void submit(async (body) => {
          const { message } = await api.resetPassword(body);
          void navigate('/login', { state: { successMessage: message, answers: carried.answers } });
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
      <TextInput
        {...field('id')}
        label="Reset code"
        hint="Filled in from the link we emailed you"
        maxLength={200}
        required
      />
      <TextInput
        {...field('password')}
        label="New Password"
        type="password"
        autoComplete="new-password"
        maxLength={1024}
        required
      />
      <TextInput
        {...field('confirm_password')}
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        maxLength={1024}
        required
      />
      <PasswordRequirements
        id="password-requirements"
        rules={passwordRequirementStates(values.password, errors.password ?? [])}
      />
    </AccountCard>
  );
}
