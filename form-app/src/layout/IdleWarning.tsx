import { Button, LazyModal, Stack, Typography } from '@admit/design-system';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { loadMessageArea } from 'virtual:admit-language';

import { api } from '../api/endpoints.ts';
import { UnauthorizedError } from '../api/errors.ts';
import { hasPendingAnswers } from '../engine/index.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useIdleTimer } from '../session/idle.ts';
import { useSessionEnded } from '../session/useSessionEnded.ts';
import { LogoutErrorDialog } from './LogoutErrorDialog.tsx';
import { useLogout } from './useLogout.ts';

/**
 * Whether the prompt's texts are here. No visitor sees the prompt, so a page leaves them out
 * (src/messageAreas.ts); they are fetched as someone logs in, long before the first warning is
 * due, while the idle clock already runs. Should they fail to load, the timeout still logs out.
 */
function useIdleTexts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    loadMessageArea('idle').then(
      () => {
        if (current) setReady(true);
      },
      (error: unknown) => {
        console.error(error);
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return ready;
}

/**
 * SPEC §4 inactivity timeout with a warning modal 60 s before: Yes keeps the session, No logs
 * out; the timeout saves (via `beforeLogout`) and logs out with SPEC §8's message. "No, log me
 * out" is the applicant's own choice, so it is a logout by hand: it saves, says
 * "You have been logged out." and, when the server refuses, says so and keeps the session.
 */
export function IdleWarning({ beforeLogout }: { beforeLogout?: () => Promise<void> }) {
  const intl = useIntl();
  const texts = useIdleTexts();
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
      // SPEC §8's automatic logout message; ours after it when the save before it failed.
      const autoLogout = intl.formatMessage({ id: 'app.idle.autoLogout' });
      void save()
        .then(
          () => autoLogout,
          () => `${autoLogout} ${intl.formatMessage({ id: 'app.idle.notSaved' })}`,
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
      {texts ? (
        <LazyModal
          open={state === 'prompted'}
          onClose={keepAlive}
          title={intl.formatMessage({ id: 'app.idle.title' })}
          role="alertdialog"
          actions={
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={logoutNow}>
                {intl.formatMessage({ id: 'app.idle.logOut' })}
              </Button>
              <Button variant="contained" onClick={keepAlive} autoFocus>
                {intl.formatMessage({ id: 'app.idle.stay' })}
              </Button>
            </Stack>
          }
        >
          <Typography>
            {intl.formatMessage({ id: 'app.idle.countdown' }, { seconds: remainingSeconds })}{' '}
            {/* Only what is true: answers the server has not acknowledged wait in this browser. */}
            {intl.formatMessage({
              id:
                state === 'prompted' && hasPendingAnswers() ? 'app.idle.unsaved' : 'app.idle.saved',
            })}{' '}
            {intl.formatMessage({ id: 'app.idle.question' })}
          </Typography>
        </LazyModal>
      ) : null}
      <LogoutErrorDialog
        error={logoutError}
        onClose={() => {
          setLogoutError(undefined);
        }}
      />
    </>
  );
}
