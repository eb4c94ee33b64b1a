import { Button, LazyModal, Stack, Typography } from '@admit/design-system';
import { useState } from 'react';

import { api } from '../api/endpoints.ts';
import { UnauthorizedError } from '../api/errors.ts';
import { hasPendingAnswers } from '../engine/index.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useIdleTimer } from '../session/idle.ts';
import { useSessionEnded } from '../session/useSessionEnded.ts';
import { LogoutErrorDialog } from './LogoutErrorDialog.tsx';
import { useLogout } from './useLogout.ts';

/** SPEC §8: the automatic logout message. */
export const AUTO_LOGOUT_MESSAGE = 'You have been automatically logged out due to inactivity.';
/** Ours, not SPEC §8's: added when the save before the automatic logout failed. */
export const IDLE_NOT_SAVED_MESSAGE =
  'Your latest answers could not be saved. Log in again in this browser to save them.';

/** Said instead of "Your answers are saved." while the server lacks some of them. */
export const IDLE_UNSAVED_TEXT =
  'Some of your answers are not saved yet; they are kept in this browser until they are.';

/**
 * SPEC §4 inactivity timeout with a warning modal 60 s before: Yes keeps the session, No logs
 * out; the timeout saves (via `beforeLogout`) and logs out with SPEC §8's message. "No, log me
 * out" is the applicant's own choice, so it is a logout by hand: it saves, says
 * "You have been logged out." and, when the server refuses, says so and keeps the session.
 */
export function IdleWarning({ beforeLogout }: { beforeLogout?: () => Promise<void> }) {
  const session = useSession();
  const logout = useLogout();
  const sessionEnded = useSessionEnded();
  const [logoutError, setLogoutError] = useState<unknown>(undefined);
  const save = () => beforeLogout?.() ?? Promise.resolve();
  const { state, keepAlive, logoutNow, remainingSeconds } = useIdleTimer({
    enabled: session.isLoggedIn && !session.isServiceUser,
    // Any authenticated request restarts the server's idle clock; the profile is the lightest
    // GET (its answer is not used: the cached profile stays as the form left it). SPEC §2: a
    // 401 here, as anywhere, ends the session in the page too.
    ping: () => {
      api.profile().catch((error: unknown) => {
        if (error instanceof UnauthorizedError) sessionEnded();
      });
    },
    onIdle: () => {
      void save()
        .then(
          () => AUTO_LOGOUT_MESSAGE,
          () => `${AUTO_LOGOUT_MESSAGE} ${IDLE_NOT_SAVED_MESSAGE}`,
        )
        .then((errorMessage) => logout({ errorMessage }));
    },
    onLogOut: () => {
      void save()
        .catch(() => undefined)
        .then(() => logout({ explicit: true }))
        .catch((error: unknown) => {
          keepAlive();
          setLogoutError(error);
        });
    },
  });

  return (
    <>
      {/* Fetched on the first prompt: most visits never see it. */}
      <LazyModal
        open={state === 'prompted'}
        onClose={keepAlive}
        title="Are you still there?"
        role="alertdialog"
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={logoutNow}>
              No, log me out
            </Button>
            <Button variant="contained" onClick={keepAlive} autoFocus>
              Yes, keep me logged in
            </Button>
          </Stack>
        }
      >
        <Typography>
          For your security you will be logged out in {remainingSeconds} seconds.{' '}
          {/* Only what is true: answers the server has not acknowledged wait in this browser. */}
          {state === 'prompted' && hasPendingAnswers()
            ? IDLE_UNSAVED_TEXT
            : 'Your answers are saved.'}{' '}
          Do you want to stay logged in?
        </Typography>
      </LazyModal>
      <LogoutErrorDialog
        error={logoutError}
        onClose={() => {
          setLogoutError(undefined);
        }}
      />
    </>
  );
}
