import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { SESSION_INVALID_MESSAGE } from '../api/errors.ts';
import { useSession } from './SessionProvider.tsx';

/**
 * SPEC §2: an unauthorized error on any route clears cached data and redirects to /login with
 * the session-invalid message. Queries reach the route's error boundary; actions (clicks,
 * uploads, saves) call this, because an error thrown in an event handler reaches no boundary.
 */
export function useSessionEnded(): () => void {
  const session = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    session.endSession();
    void navigate('/login', { replace: true, state: { errorMessage: SESSION_INVALID_MESSAGE } });
  }, [navigate, session]);
}
