import { ErrorScreen } from '@admit/design-system';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';

import { SESSION_INVALID_MESSAGE, UnauthorizedError } from '../api/errors.ts';
import { useSession } from '../session/SessionProvider.tsx';

/**
 * The root error boundary. SPEC §2: an unauthorized error on any route clears cached data and
 * redirects to /login with the session-invalid message; anything else shows the root error
 * screen (SPEC §8) and is logged. RouteErrorBoundary hands it the error it caught.
 */
export function RootError({ error }: { error: unknown }) {
  const session = useSession();
  const unauthorized = error instanceof UnauthorizedError;
  useEffect(() => {
    if (unauthorized) {
      session.endSession();
    } else {
      console.error('Unhandled error', error);
    }
  }, [error, session, unauthorized]);
  if (unauthorized)
    return <Navigate to="/login" replace state={{ errorMessage: SESSION_INVALID_MESSAGE }} />;
  return <ErrorScreen />;
}
