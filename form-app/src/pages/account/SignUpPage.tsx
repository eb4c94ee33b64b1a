import { passwordRequirementStates } from '@admit/form-model';
import { AccountCard, PasswordRequirements, TextInput } from '@admit/design-system';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { api } from '../../api/endpoints.ts';
import { tenant } from '../../tenant.ts';
import { AccountMessage } from './AccountMessage.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** SPEC §2 /signup: after sign-up, /confirm with the username, the message and the answers. */
export function SignUpPage() {
  const navigate = useNavigate();
  const { field, submit, busy, carried, values, errors } = useAccountForm(
    'signup',
    'Sign Up Card',
    { username: '', password: '' },
  );
  useEffect(() => {
    document.title = `Sign Up · ${tenant.titles.application}`;
  }, []);
  return (
    <>
      <AccountMessage state={carried} />
      <AccountCard
        header="Sign Up"
        columns={2}
        busy={busy}
        onSubmit={() =>
          void submit(async ({ username, password }) => {
            const { message } = await api.signup({ username, password });
            void navigate('/confirm', {
              state: { username, successMessage: message, answers: carried.answers },
            });
          })
        }
        footerQuestion="Already have an account?"
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
          autoComplete="email"
          maxLength={254}
          required
        />
        <TextInput
          {...field('password')}
          label="Password"
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
    </>
  );
}
