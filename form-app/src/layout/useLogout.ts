import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';

import { api } from '../api/endpoints.ts';
import { UnauthorizedError } from '../api/errors.ts';
import { clearPendingAnswers } from '../engine/index.ts';
import { useSession } from '../session/SessionProvider.tsx';

/**
 * SPEC §4: logout (also automatic) goes to /login and clears all cached data. A logout by hand
 * (`explicit`) that the server refuses is re-thrown (SPEC §8: to a dialog): the session lives,
 * so the person stays where they are, and nothing says "logged out". It also forgets the answers
 * this tab kept unsaved, so the next person at this computer cannot read them. The automatic
 * logout comes after 15 quiet minutes, when the server has ended the session too: it always
 * leaves the form, and keeps those answers for the next login in this tab.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  // What /login says after a logout by hand.
  const loggedOut = useIntl().formatMessage({ id: 'app.logout.done' });
  return useCallback(
    async (options: { errorMessage?: string; explicit?: boolean } = {}) => {
      let failure: unknown;
      try {
        await api.logout();
      } catch (error) {
        failure = error;
      }
      // An already-ended session is logged out all the same.
      const refused = failure !== undefined && !(failure instanceof UnauthorizedError);
      if (refused && options.explicit === true) throw failure;
      if (options.explicit === true) clearPendingAnswers();
      queryClient.clear();
      session.refreshLoggedIn();
      void navigate('/login', {
        state:
          options.errorMessage === undefined
            ? { successMessage: loggedOut }
            : { errorMessage: options.errorMessage },
      });
      if (refused) console.error('logout failed', failure);
    },
    [loggedOut, navigate, queryClient, session],
  );
}
