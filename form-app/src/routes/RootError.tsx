import { Button, ERROR_SCREEN_MESSAGE, ErrorScreen, Stack } from '@admit/design-system';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { SESSION_INVALID_MESSAGE, UnauthorizedError } from '../api/errors.ts';
import { CollegeContact } from '../pages/CollegeContact.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { reportError, type ReportOutcome } from './reportError.ts';

/** What the root error screen says, besides SPEC §8's heading. */
export const rootErrorMessages = {
  /** While the report is on its way. */
  reporting: 'We are reporting the issue that caused you to see this…',
  /** SPEC §8, word for word: said once the server has logged the report. */
  logged: ERROR_SCREEN_MESSAGE,
  /** The report did not arrive (no connection, the server refused it). */
  notLogged:
    'We could not report the issue that caused you to see this. If it happens again, please tell the Admissions Office what you were doing.',
  tryAgain: 'Try again',
  contactIntro: 'If this keeps happening, the Admissions Office can help.',
} as const;

const MESSAGES: Record<ReportOutcome | 'reporting', string> = {
  reporting: rootErrorMessages.reporting,
  logged: rootErrorMessages.logged,
  'not-logged': rootErrorMessages.notLogged,
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
    return <Navigate to="/login" replace state={{ errorMessage: SESSION_INVALID_MESSAGE }} />;
  return (
    <ErrorScreen message={MESSAGES[outcome]}>
      <Stack spacing={4} sx={{ alignItems: 'center' }}>
        <Button variant="contained" size="large" onClick={onRetry}>
          {rootErrorMessages.tryAgain}
        </Button>
        <CollegeContact intro={rootErrorMessages.contactIntro} />
      </Stack>
    </ErrorScreen>
  );
}
