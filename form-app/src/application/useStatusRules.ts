/**
 * Wires the SPEC §2/§4 status rules (rules.ts) to the session and the router: the success
 * message carried in navigation state, carried visitor answers saved at once, "started"
 * posted, the completion redirect, resuming at the last page and recording it.
 */
import { useToast } from '@admit/design-system';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { api } from '../api/endpoints.ts';
import { UnauthorizedError } from '../api/errors.ts';
import { clearVisitorAnswers } from '../engine/index.ts';
import { pageIntl } from '../pageIntl.ts';
import { COMPLETION_ROUTE, FORM_ROUTES, navigationState } from './paths.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useSessionEnded } from '../session/useSessionEnded.ts';
import { DEFAULT_ROUTE } from '../tenant.ts';
import {
  carriedState,
  completionRedirect,
  lastPageToRecord,
  resumePath,
  shouldPostStarted,
} from './rules.ts';

export function useStatusRules(
  save: () => Promise<void>,
  fail: (title: string, error: unknown) => void,
): void {
  const session = useSession();
  const { isLoggedIn, webStatus, lastPage, hasChangedPage } = session;
  const location = useLocation();
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  const { showToast, closeToast } = useToast();
  const path = location.pathname;
  const submitted = webStatus === 'submitted';

  // SPEC §2: after login (or submit) the success message arrives in navigation state. Once
  // shown it leaves the history entry: this layout mounts again when the session
  // changes (logout, a 401) and on reload, and announced the message each time.
  const announced = useRef<unknown>(undefined);
  const toast = useRef<string | undefined>(undefined);
  const successMessage = navigationState(location.state).successMessage;
  useEffect(() => {
    if (successMessage === undefined || announced.current === location.key) return;
    announced.current = location.key;
    // The completion page says "Your application was successfully submitted." itself.
    if (path !== COMPLETION_ROUTE)
      toast.current = showToast({ severity: 'success', message: successMessage });
    void navigate(path + location.search + location.hash, {
      replace: true,
      state: carriedState(location.state),
    });
  }, [location, navigate, path, showToast, successMessage]);
  // Leaving the form (Log Out, the idle logout, a 401) ends what "You have successfully logged
  // in." spoke of: it does not stay on /login beside "You have been logged out.".
  useEffect(
    () => () => {
      if (toast.current !== undefined) closeToast(toast.current);
    },
    [closeToast],
  );

  // SPEC §6: carried visitor answers are saved to the account at once, then forgotten.
  useEffect(() => {
    if (!isLoggedIn) return;
    void save()
      .then(clearVisitorAnswers)
      .catch((error: unknown) => {
        // Another failure leaves "Not saved" with Retry in the status line.
        if (error instanceof UnauthorizedError) sessionEnded();
      });
  }, [isLoggedIn, save, sessionEnded]);

  useEffect(() => {
    if (!shouldPostStarted(isLoggedIn, webStatus)) return;
    api
      .postWebStatus('started')
      .then(() => {
        session.setWebStatus('started');
      })
      .catch((error: unknown) => {
        fail(pageIntl.formatMessage({ id: 'app.application.unexpectedError' }), error);
      });
  }, [fail, isLoggedIn, session, webStatus]);

  useEffect(() => {
    const redirect = completionRedirect(submitted, path, COMPLETION_ROUTE, DEFAULT_ROUTE);
    if (redirect === undefined) return;
    void navigate(
      redirect.keepState ? redirect.to : redirect.to + location.search,
      redirect.keepState
        ? { replace: true, state: carriedState(location.state) }
        : { replace: true },
    );
  }, [location.search, location.state, navigate, path, submitted]);

  // Once, on load: later changes of the stored last page are the applicant's own moves.
  const resumed = useRef(false);
  // Where the resume is taking the applicant. The page it leaves at once is not recorded as
  // the last page: resuming records one page, the one resumed (SPEC §2, §4).
  const resumingTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const to = resumePath({
      isLoggedIn,
      submitted,
      lastPage,
      path,
      hasChangedPage,
      formRoutes: FORM_ROUTES,
    });
    if (to === undefined) return;
    resumingTo.current = to;
    void navigate(to + location.search, { replace: true, state: carriedState(location.state) });
  }, [
    hasChangedPage,
    isLoggedIn,
    lastPage,
    location.search,
    location.state,
    navigate,
    path,
    submitted,
  ]);

  const recorded = useRef<string | undefined>(undefined);
  useEffect(() => {
    // Runs after the resume's effect in the same commit, so it sees where the resume goes.
    if (resumingTo.current !== undefined) {
      if (path !== resumingTo.current) return;
      resumingTo.current = undefined;
    }
    const route = lastPageToRecord(isLoggedIn, webStatus, path, recorded.current, FORM_ROUTES);
    if (route === undefined) return;
    recorded.current = path;
    // SPEC §2: a 401 on this background call goes to /login like any other; other failures
    // only cost the resume point.
    void api.saveLastPage(route).catch((error: unknown) => {
      if (error instanceof UnauthorizedError) sessionEnded();
    });
  }, [isLoggedIn, path, sessionEnded, webStatus]);
}
