import { Box, Container, LoadingSpinner } from '@admit/design-system';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { UnauthorizedError } from '../api/errors.ts';
import { accountRoute } from '../application/accountRoutes.ts';
import { carriedState } from '../application/rules.ts';
import { COMPLETION_ROUTE, navigationState } from '../application/paths.ts';
import { readVisitorAnswers, writeVisitorAnswers } from '../engine/index.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { DEFAULT_ROUTE } from '../tenant.ts';
import { AppChrome } from './AppChrome.tsx';

/**
 * SPEC §2: account pages sit under their own layout: the college's header and footer, one card.
 * They are a visitor's pages: a logged-in applicant goes to the form, or to /completion once
 * submitted (application/accountRoutes.ts), after the profile has said which.
 */
export function AccountLayout() {
  const session = useSession();
  const location = useLocation();
  const { profileError, endSession } = session;
  const sessionEnded = profileError instanceof UnauthorizedError;
  useEffect(() => {
    // A marker cookie outliving its session: forget it, and the page shows to a visitor.
    if (sessionEnded) endSession();
  }, [endSession, sessionEnded]);
  const decision = accountRoute({
    path: location.pathname,
    search: location.search,
    isLoggedIn: session.isLoggedIn,
    webStatus: session.profile === undefined ? undefined : session.webStatus,
    profileFailed: profileError !== null,
    defaultRoute: DEFAULT_ROUTE,
    completionRoute: COMPLETION_ROUTE,
  });
  if ('to' in decision)
    return <Navigate to={decision.to} replace state={carriedState(location.state)} />;
  if ('wait' in decision) return <LoadingSpinner fullScreen />;
  // The visitor's answers carried here (SPEC §6) ride in the history entry, which the language
  // switch's reload leaves: they go to this tab's keeping first, where the form finds them.
  const keepCarried = () => {
    const carried = navigationState(location.state).answers;
    if (carried !== undefined) writeVisitorAnswers({ ...readVisitorAnswers(), ...carried });
    return Promise.resolve();
  };
  return (
    <AppChrome keepAnswers={keepCarried}>
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 5 } }}>
        <Box sx={{ maxWidth: 880, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Container>
    </AppChrome>
  );
}
