/**
 * The form layout of SPEC §2: header with the college's branding, step navigation, account
 * popover, banner, validation summary, the current step and the footer. It only lays out: the
 * one Final Form and its rules come from the hooks of `application/` (rules.ts holds the rules).
 */
import {
  AccountPopover,
  Banner,
  Box,
  Container,
  LoadingSpinner,
  StepNavigation,
  UploadInProgressDialog,
} from '@admit/design-system';
import { sensitiveKeys } from '@admit/form-model';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

import { bannerState } from '../application/rules.ts';
import {
  type ApplicationData,
  useAnswersForm,
  useApplicationData,
} from '../application/useApplicationData.ts';
import { useFail } from '../application/useFail.ts';
import { useRendererValue } from '../application/useRendererValue.ts';
import { useStatusRules } from '../application/useStatusRules.ts';
import { useStepActions } from '../application/useStepActions.ts';
import { flatAnswersOf, useSaving, useValidation, writeVisitorAnswers } from '../engine/index.ts';
import { ApplicationContext, RendererContext } from '../renderer/index.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useSessionEnded } from '../session/useSessionEnded.ts';
import { DEFAULT_ROUTE, tenant } from '../tenant.ts';
import { AppChrome } from './AppChrome.tsx';
import { LogoutErrorDialog } from './LogoutErrorDialog.tsx';
import { Summary } from './Summary.tsx';
import { TabSwitchDialog } from './TabSwitchDialog.tsx';
import { useLogout } from './useLogout.ts';

const steps = tenant.steps.map((step) => ({
  id: step.id,
  label: step.title,
  href: `/${step.route}`,
}));

export function FormLayout() {
  const session = useSession();
  // SPEC §2: a failed profile load (401 included) goes to the route's error boundary.
  if (session.profileError !== null) throw session.profileError;
  const app = useApplicationData();
  if (app === undefined) return <LoadingSpinner fullScreen />;
  return <LoadedLayout key={session.isLoggedIn ? 'in' : 'out'} app={app} />;
}

function LoadedLayout({ app }: { app: ApplicationData }) {
  const { pages, ui } = app;
  const form = useAnswersForm(app);
  const session = useSession();
  const { isLoggedIn, webStatus } = session;
  const validating = webStatus === 'validating';
  const navigate = useNavigate();
  const path = useLocation().pathname;
  const logout = useLogout();
  const fail = useFail();
  const [logoutError, setLogoutError] = useState<unknown>(undefined);
  const saving = useSaving(form, {
    loggedIn: isLoggedIn,
    queryClient: useQueryClient(),
    initial: session.profile?.answer ?? {},
    username: session.username,
    onSessionEnded: useSessionEnded(),
    sensitive: useMemo(() => sensitiveKeys(pages), [pages]),
  });
  const { save } = saving;
  useStatusRules(save, fail);
  const { validateForm, errorsNow } = useValidation(form, { validating, pages, ui }, fail);
  const actions = useStepActions(form, saving, errorsNow, fail);
  const { renderer, blockedTab, unblockTab, tabLoss } = useRendererValue(
    form,
    app,
    { isLoggedIn, validating, save },
    fail,
  );
  const banner = bannerState(session);
  // Before the language switch reloads the page: an applicant's answers saved (a failure keeps
  // them on the page), a visitor's written to this tab now, not after the typing pause.
  const keepAnswers = isLoggedIn
    ? save
    : () => {
        writeVisitorAnswers(flatAnswersOf(form));
        return Promise.resolve();
      };
  const withAnswers = (to: string) => () => {
    void navigate(to, { state: { answers: flatAnswersOf(form) } });
  };

  // Built here and handed to <Form> as is: react-final-form's Form sets its state once after
  // it mounts (its first state is the whole form state, its subscription's is `{}`), and a
  // render function building the layout anew would then re-render the whole step, right after
  // hydrating (bench/README, "bench/pageload"). The same element bails out.
  const body = (
    <AppChrome
      beforeLogout={save}
      keepAnswers={keepAnswers}
      navigation={
        <StepNavigation
          steps={steps}
          current={steps.find((step) => step.href === path)?.id ?? ''}
          onNavigate={(id, event) => {
            event.preventDefault();
            const step = steps.find((s) => s.id === id);
            if (step !== undefined) void actions.goTo(step.href);
          }}
        />
      }
      account={
        <AccountPopover
          loggedIn={isLoggedIn}
          username={session.username}
          onLogOut={() => {
            void save()
              .catch(() => undefined)
              .then(() => logout({ explicit: true }))
              .catch((error: unknown) => {
                setLogoutError(error);
              });
          }}
          onSignIn={withAnswers('/login')}
          onCreateAccount={withAnswers('/signup')}
        />
      }
    >
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
        {banner === undefined ? null : (
          <Box sx={{ mb: 3 }}>
            <Banner
              state={banner}
              loginHref="/login"
              onLogin={(event) => {
                event.preventDefault();
                withAnswers('/login')();
              }}
            />
          </Box>
        )}
        {validating ? (
          <Box sx={{ mb: 3 }}>
            <Summary
              pages={pages}
              onNavigate={(href) => {
                const [target = DEFAULT_ROUTE, key = ''] = href.split('#');
                session.markChangedPage();
                // The step page focuses the field once it shows (StepPage).
                void navigate(target, { state: { focusField: key } });
              }}
            />
          </Box>
        ) : null}
        <Outlet />
      </Container>
      <UploadInProgressDialog open={blockedTab} onClose={unblockTab} />
      <TabSwitchDialog question={tabLoss} />
      <LogoutErrorDialog
        error={logoutError}
        onClose={() => {
          setLogoutError(undefined);
        }}
      />
    </AppChrome>
  );

  return (
    <ApplicationContext.Provider value={actions}>
      <RendererContext.Provider value={renderer}>
        <Form form={form} onSubmit={() => undefined} subscription={{}} validate={validateForm}>
          {() => body}
        </Form>
      </RendererContext.Provider>
    </ApplicationContext.Provider>
  );
}
