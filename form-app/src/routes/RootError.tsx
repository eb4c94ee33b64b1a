import { Button, ErrorScreen, Stack } from '@admit/design-system';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';

import { UnauthorizedError } from '../api/errors.ts';
import { LanguageBar } from '../layout/LanguageSwitch.tsx';
import { CollegeContact } from '../pages/CollegeContact.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { reportError, type ReportOutcome } from './reportError.ts';

/**
 * What the screen says as the report goes: while it is on its way; SPEC §8's words once the
 * server has logged it; and when it did not arrive (no connection, the server refused it).
 */
const MESSAGES: Record<ReportOutcome | 'reporting', string> = {
  reporting: 'app.rootError.reporting',
  logged: 'app.rootError.logged',
  'not-logged': 'app.rootError.notLogged',
};

/**
 * The root error boundary's screen. SPEC §2: an unauthorized error on any route clears cached
 * data and redirects to /login with the session-invalid message; anything else shows the root
 * error screen (SPEC §8). Its "has been logged" is true: the error is reported to the server
 * once (`POST /api/client-errors`), and the screen says so only when the server has it. "Try
 * again" (RouteErrorBoundary's `onRetry`) and the college's contact make it no dead end.
 */
export function RootError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const session = useSession();
  const intl = useIntl();
  const { pathname } = useLocation();
  const unauthorized = error instanceof UnauthorizedError;
  const [outcome, setOutcome] = useState<ReportOutcome | 'reporting'>('reporting');
  useEffect(() => {
    if (unauthorized) {
      session.endSession();
      return undefined;
    }
    console.error('Unhandled error', error);
    let shown = true;
    void reportError(error, pathname).then((result) => {
      if (shown) setOutcome(result);
    });
    return () => {
      shown = false;
    };
  }, [error, pathname, session, unauthorized]);
  if (unauthorized)
    return (
      <Navigate
        to="/login"
        replace
        state={{ errorMessage: intl.formatMessage({ id: 'app.error.sessionInvalid' }) }}
      />
    );
  return (
    <>
      <LanguageBar />
      <ErrorScreen
        title={intl.formatMessage({ id: 'app.rootError.title' })}
        message={intl.formatMessage({ id: MESSAGES[outcome] })}
      >
        <Stack spacing={4} sx={{ alignItems: 'center' }}>
          <Button variant="contained" size="large" onClick={onRetry}>
            {intl.formatMessage({ id: 'app.rootError.tryAgain' })}
          </Button>
          <CollegeContact intro={intl.formatMessage({ id: 'app.rootError.contactIntro' })} />
        </Stack>
      </ErrorScreen>
    </>
  );
}
