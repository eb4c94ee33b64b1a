import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { api } from '../api/endpoints.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** SPEC §4: logout (also automatic) goes to /login and clears all cached data. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  return useCallback(
    async (message?: { errorMessage?: string; successMessage?: string }) => {
      let failure: unknown;
      try {
        await api.logout();
      } catch (error) {
        // An already-ended session is logged out all the same.
        failure = error;
      }
      queryClient.clear();
      session.refreshLoggedIn();
      void navigate('/login', {
        state: message ?? { successMessage: 'You have been logged out.' },
      });
      if (
        failure !== undefined &&
        !(failure instanceof Error && failure.name === 'UnauthorizedError')
      ) {
        console.error('logout failed', failure);
      }
    },
    [navigate, queryClient, session],
  );
}
