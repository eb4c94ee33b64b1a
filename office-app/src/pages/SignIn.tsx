/**
 * The staff sign-in: e-mail address, password and the 6-digit code of their authenticator app
 * (docs/operations/office.md). A refusal shows the server's sentence in an alert; an ended
 * session arrives here with a sentence saying so.
 */
import { Alert, AppHeader, Box, Button, Container, TextInput } from '@admit/design-system';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';

import { OfficeApiError, postJson } from '../api/client.ts';
import { type Me } from '../api/types.ts';
import { useOfficePage } from '../officePage.ts';
import { ME_KEY } from './Layout.tsx';
import { PageHeading, useTitle } from './parts.tsx';

/** The server's limits (server/src/routes/schemas.ts: Username, Password; the code field). */
const EMAIL_MAX = 254;
const PASSWORD_MAX = 4096;
const CODE_MAX = 6;

interface Arrival {
  ended?: boolean;
  signedOut?: boolean;
}

export function SignIn() {
  const intl = useIntl();
  const { collegeName } = useOfficePage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const arrival = (useLocation().state ?? {}) as Arrival;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const heading = intl.formatMessage({ id: 'office.signIn.heading' });
  useTitle(heading);
  const signIn = useMutation({
    mutationFn: () =>
      postJson<Me & { message: string }>('/login', {
        username: email.trim(),
        password,
        code: code.replace(/\s/g, ''),
      }),
    onSuccess: ({ email: signedIn, role }) => {
      queryClient.setQueryData<Me>(ME_KEY, { email: signedIn, role });
      void navigate('/', { replace: true });
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  const error = signIn.error;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppHeader
        collegeName={collegeName}
        title={intl.formatMessage({ id: 'office.header.title' })}
      />
      <Container component="main" maxWidth="sm" sx={{ py: 5 }}>
        <PageHeading>{heading}</PageHeading>
        {arrival.ended === true && !signIn.isSuccess && error === null && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {intl.formatMessage({ id: 'office.signIn.ended' })}
          </Alert>
        )}
        {arrival.signedOut === true && error === null && (
          <Alert severity="success" sx={{ mb: 3 }}>
            {intl.formatMessage({ id: 'office.signIn.signedOut' })}
          </Alert>
        )}
        {error !== null && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {error instanceof OfficeApiError
              ? error.message
              : intl.formatMessage({ id: 'office.error.network' })}
          </Alert>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
        >
          <TextInput
            id="email"
            type="email"
            label={intl.formatMessage({ id: 'office.signIn.email' })}
            autoComplete="username"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={setEmail}
            required
          />
          <TextInput
            id="password"
            type="password"
            label={intl.formatMessage({ id: 'office.signIn.password' })}
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={setPassword}
            required
          />
          <TextInput
            id="code"
            label={intl.formatMessage({ id: 'office.signIn.code' })}
            hint={intl.formatMessage({ id: 'office.signIn.codeHint' })}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={CODE_MAX}
            value={code}
            onChange={setCode}
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={signIn.isPending}>
              {intl.formatMessage({ id: 'office.signIn.submit' })}
            </Button>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
