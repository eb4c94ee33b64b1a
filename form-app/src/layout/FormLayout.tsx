/**
 * The form layout of SPEC §2: header with the college's branding, step navigation, account
 * popover, banner, validation summary, the current step and the footer. It owns the one
 * Final Form of the application, the saves, the clearing, the web status rules of SPEC §4
 * and the idle timeout.
 */
import {
  type Answers,
  type Block,
  blockKeys,
  type FormContext,
  loadValidateAnswers,
  type PageConfig,
  questionKeys,
  summaryHref,
  type TabsBlock,
  visitQuestions,
} from '@admit/form-model';
import {
  AccountPopover,
  Banner,
  type BannerState,
  Box,
  Container,
  LoadingSpinner,
  StepNavigation,
  UploadInProgressDialog,
  useToast,
  ValidationSummary,
} from '@admit/design-system';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormApi } from 'final-form';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Form, useFormState } from 'react-final-form';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';

import { api } from '../api/endpoints.ts';
import { UnauthorizedError } from '../api/errors.ts';
import { queryKeys } from '../api/queryClient.ts';
import { ApplicationContext, type ApplicationActions } from '../form/ApplicationContext.tsx';
import { ClearHidden } from '../form/ClearHidden.tsx';
import { createAnswersForm } from '../form/createAnswersForm.ts';
import { type RendererContext, RendererContextValue } from '../form/FormContext.tsx';
import { clearVisitorAnswers, readVisitorAnswers, useSaving } from '../form/useSaving.ts';
import { COMPLETION_ROUTE, FORM_ROUTES, navigationState } from '../routes/paths.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useSessionEnded } from '../session/useSessionEnded.ts';
import { DEFAULT_ROUTE, loadPages, tenant, useLoadedPages } from '../tenant.ts';
import { AppChrome } from './AppChrome.tsx';
import { useLogout } from './useLogout.ts';

/** Every tab group of the pages (tabs may sit inside other blocks). */
function tabGroupsOf(pages: readonly PageConfig[]): TabsBlock[] {
  const tabGroups: TabsBlock[] = [];
  const walk = (blocks: readonly Block[]) => {
    for (const block of blocks) {
      if (block.type === 'tabs') tabGroups.push(block);
      if (block.type === 'conditional') walk(block.blocks);
      if (block.type === 'condition-group')
        for (const branch of block.branches) walk(branch.blocks);
      if (block.type === 'trigger')
        walk(
          block.mode === 'button'
            ? [...(block.before ?? []), ...block.after]
            : [...(block.after ?? []), ...(block.optional ?? [])],
        );
      if (block.type === 'add-another') for (const item of block.items) walk(item);
    }
  };
  for (const page of pages) for (const section of page.sections) walk(section.blocks);
  return tabGroups;
}

/** Answer key → its question's label, for the validation summary. */
function questionLabelsOf(pages: readonly PageConfig[]): Map<string, string> {
  return new Map(
    visitQuestions(pages, {}).flatMap(({ question }) =>
      questionKeys(question).map((key) => [key, question.label] as const),
    ),
  );
}

/** The answer keys of file questions. */
function fileKeysOf(pages: readonly PageConfig[]): Set<string> {
  return new Set(
    visitQuestions(pages, {})
      .filter(({ question }) => question.type === 'file')
      .flatMap(({ question }) => questionKeys(question)),
  );
}

type ValidateAnswers = Awaited<ReturnType<typeof loadValidateAnswers>>;

/** The route of a path without its slash: "/education" → "education". */
const routeOf = (path: string) => path.replace(/^\//, '');

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

/** Moves focus to the field of an error link (SPEC §2: links show what needs completing). */
export function focusField(key: string): void {
  let tries = 0;
  const attempt = () => {
    const element = document.getElementById(key);
    if (element === null) {
      if (tries++ < 30) requestAnimationFrame(attempt);
      return;
    }
    const focusable = element.matches('input, select, textarea, button, [tabindex]')
      ? element
      : element.querySelector<HTMLElement>(
          'input, select, textarea, button, [tabindex]:not([tabindex="-1"])',
        );
    (focusable ?? element).focus();
    element.scrollIntoView({ block: 'center' });
  };
  attempt();
}

function Summary({
  pages,
  onNavigate,
}: {
  pages: readonly PageConfig[];
  onNavigate: (href: string) => void;
}) {
  const { errors } = useFormState({ subscription: { errors: true } });
  const questionLabels = useMemo(() => questionLabelsOf(pages), [pages]);
  const entries = (Object.entries(errors ?? {}) as [string, string[]][]).flatMap(
    ([key, messages]) => {
      const href = summaryHref(pages, key);
      const label = messages[0];
      return href === undefined || label === undefined ? [] : [{ key, href, label }];
    },
  );
  // Two links with the same words must still say where they lead (WCAG 2.4.4).
  const items = entries.map(({ key, href, label }) =>
    entries.filter((entry) => entry.label === label).length > 1
      ? { href, label: `${label} (${questionLabels.get(key) ?? key})` }
      : { href, label },
  );
  if (items.length === 0) return null;
  return (
    <ValidationSummary
      items={items}
      onNavigate={(href, event) => {
        event.preventDefault();
        onNavigate(href);
      }}
    />
  );
}

export function FormLayout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const state = navigationState(location.state);
  const { isLoggedIn, profile, webStatus } = session;
  // SPEC §2: a failed profile load (401 included) goes to the route's error boundary.
  if (session.profileError !== null) throw session.profileError;

  const temporary = useQuery({
    queryKey: queryKeys.temporary(session.temporaryToken ?? ''),
    queryFn: () => api.temporaryApplication(session.temporaryToken ?? ''),
    enabled: session.temporaryToken !== undefined && !isLoggedIn,
  });
  const addAnother = useQuery({
    queryKey: queryKeys.addAnother,
    queryFn: api.addAnother,
    enabled: isLoggedIn,
  });
  const tabs = useQuery({ queryKey: queryKeys.tabs, queryFn: api.tabs, enabled: isLoggedIn });
  // The college's other pages, fetched at once (the first download holds the default route's
  // page only): for the other steps, and for clearing and validating across every page. A
  // failed fetch shows where the pages are needed (a step, validation), which try again.
  useEffect(() => {
    loadPages().catch(() => undefined);
  }, []);
  const [localAddAnother, setLocalAddAnother] = useState<Record<string, number>>({});
  const [triggers, setTriggers] = useState<Record<string, boolean>>({});
  const [blockedTab, setBlockedTab] = useState(false);

  const loading =
    session.profileLoading ||
    (isLoggedIn && (addAnother.isPending || tabs.isPending)) ||
    (session.temporaryToken !== undefined && !isLoggedIn && temporary.isPending);

  const model = useMemo<FormContext>(
    () => ({
      addAnother: isLoggedIn ? addAnother.data : localAddAnother,
      tabs: isLoggedIn ? tabs.data : {},
      triggers,
    }),
    [addAnother.data, isLoggedIn, localAddAnother, tabs.data, triggers],
  );

  // The one form of the application, created once the answers are known.
  const form = useMemo<FormApi<Answers> | undefined>(() => {
    if (loading) return undefined;
    const carried: Answers = { ...readVisitorAnswers(), ...(state.answers ?? {}) };
    let initial: Answers;
    if (isLoggedIn) {
      const saved = profile?.answer ?? {};
      initial = { ...saved };
      // Answers typed as a visitor join the new account where it has none (SPEC §6).
      for (const [key, value] of Object.entries(carried))
        if (saved[key] === undefined || saved[key] === '') initial[key] = value;
    } else {
      initial = { ...(temporary.data?.answer ?? {}), ...carried };
    }
    return createAnswersForm(initial);
    // The form is created once per loaded session; later profile refreshes must not reset typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, isLoggedIn]);

  if (loading || form === undefined) return <LoadingSpinner fullScreen />;
  return (
    <LoadedLayout
      key={isLoggedIn ? 'in' : 'out'}
      form={form}
      model={model}
      setLocalAddAnother={setLocalAddAnother}
      setTriggers={setTriggers}
      blockedTab={blockedTab}
      setBlockedTab={setBlockedTab}
      navigate={navigate}
      showToast={showToast}
      queryClient={queryClient}
      webStatus={webStatus}
    />
  );
}

interface LoadedProps {
  form: FormApi<Answers>;
  model: FormContext;
  setLocalAddAnother: (
    update: (previous: Record<string, number>) => Record<string, number>,
  ) => void;
  setTriggers: (update: (previous: Record<string, boolean>) => Record<string, boolean>) => void;
  blockedTab: boolean;
  setBlockedTab: (blocked: boolean) => void;
  navigate: ReturnType<typeof useNavigate>;
  showToast: ReturnType<typeof useToast>['showToast'];
  queryClient: ReturnType<typeof useQueryClient>;
  webStatus: ReturnType<typeof useSession>['webStatus'];
}

function LoadedLayout({
  form,
  model,
  setLocalAddAnother,
  setTriggers,
  blockedTab,
  setBlockedTab,
  navigate,
  showToast,
  queryClient,
  webStatus,
}: LoadedProps) {
  const session = useSession();
  const location = useLocation();
  const { isLoggedIn } = session;
  const validating = webStatus === 'validating';
  // The default route's page until every page has arrived (loadPages, started by FormLayout).
  const pages = useLoadedPages();
  const allPagesLoaded = pages.length === tenant.steps.length;
  // For switching tabs: read when a tab is pressed, so the renderer context (every field reads
  // it) does not change when the pages arrive.
  const pagesNow = useRef(pages);
  useEffect(() => {
    pagesNow.current = pages;
  }, [pages]);
  const [busy, setBusy] = useState<ApplicationActions['busy']>(undefined);
  const logout = useLogout();
  const { save, hasAnswers } = useSaving(form, {
    loggedIn: isLoggedIn,
    queryClient,
    initial: session.profile?.answer ?? {},
  });
  const path = location.pathname;

  const sessionEnded = useSessionEnded();
  const fail = useCallback(
    (title: string, error: unknown) => {
      if (error instanceof UnauthorizedError) {
        sessionEnded();
        return;
      }
      showToast({
        severity: 'error',
        title,
        message: error instanceof Error ? error.message : String(error),
      });
    },
    [sessionEnded, showToast],
  );

  // SPEC §2: after login (or submit) the success message arrives in navigation state.
  const announced = useRef<unknown>(undefined);
  const successMessage = navigationState(location.state).successMessage;
  useEffect(() => {
    if (successMessage === undefined || announced.current === location.key) return;
    announced.current = location.key;
    if (path !== COMPLETION_ROUTE) showToast({ severity: 'success', message: successMessage });
  }, [location.key, path, showToast, successMessage]);

  // Carried visitor answers are saved to the account at once, then forgotten.
  useEffect(() => {
    if (!isLoggedIn) return;
    void save()
      .then(clearVisitorAnswers)
      .catch(() => undefined);
  }, [isLoggedIn, save]);

  // SPEC §4: a logged-in client with no web status posts "started" and sets it locally.
  useEffect(() => {
    if (!isLoggedIn || webStatus !== 'none') return;
    void api
      .postWebStatus('started')
      .then(() => {
        session.setWebStatus('started');
      })
      .catch((error: unknown) => {
        fail('Unexpected Error', error);
      });
  }, [fail, isLoggedIn, session, webStatus]);

  // SPEC §2: submitted applicants always land on /completion; others are sent away from it.
  const submitted = webStatus === 'submitted';
  useEffect(() => {
    if (submitted && path !== COMPLETION_ROUTE)
      void navigate(COMPLETION_ROUTE, { replace: true, state: location.state as unknown });
    if (!submitted && path === COMPLETION_ROUTE)
      void navigate(DEFAULT_ROUTE + location.search, { replace: true });
  }, [location.search, location.state, navigate, path, submitted]);

  // SPEC §2: on load, resume at the stored last page unless the user already moved.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const last = session.lastPage;
    if (
      isLoggedIn &&
      !submitted &&
      last !== '' &&
      FORM_ROUTES.includes(`/${last}`) &&
      routeOf(path) !== last &&
      !session.hasChangedPage
    ) {
      void navigate(`/${last}${location.search}`, {
        replace: true,
        state: location.state as unknown,
      });
    }
  }, [
    isLoggedIn,
    location.search,
    location.state,
    navigate,
    path,
    session.hasChangedPage,
    session.lastPage,
    submitted,
  ]);

  // SPEC §4: while started or validating, each path change is recorded as the last page
  // (once per path: a status change alone records nothing).
  const recordedPath = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (
      !isLoggedIn ||
      (webStatus !== 'started' && webStatus !== 'validating') ||
      !FORM_ROUTES.includes(path)
    )
      return;
    if (recordedPath.current === path) return;
    recordedPath.current = path;
    void api.saveLastPage(routeOf(path)).catch(() => undefined);
  }, [isLoggedIn, path, webStatus]);

  // SPEC §4: answers are validated only while validating, so the yup schema is fetched then
  // (loadValidateAnswers), not with the first download; and every page, as errors on any page
  // count (the validation summary links to them).
  const [validate, setValidate] = useState<ValidateAnswers | undefined>(undefined);
  useEffect(() => {
    if (!validating || validate !== undefined) return;
    let current = true;
    Promise.all([loadValidateAnswers(), loadPages()])
      .then(([loaded]) => {
        if (current) setValidate(() => loaded);
      })
      .catch((error: unknown) => {
        fail('Unexpected Error', error);
      });
    return () => {
      current = false;
    };
  }, [fail, validate, validating]);
  const validateForm = useMemo(
    () =>
      validating && validate !== undefined && allPagesLoaded
        ? (values: Answers) => validate(pages, values, { context: model })
        : undefined,
    [allPagesLoaded, model, pages, validate, validating],
  );

  const errorsNow = useCallback(async () => {
    const [validateAnswers, allPages] = await Promise.all([loadValidateAnswers(), loadPages()]);
    return validateAnswers(allPages, form.getState().values, { context: model });
  }, [form, model]);

  const goTo = useCallback(
    async (target: string) => {
      // SPEC §6: a visitor who has answered anything is sent to /signup with the answers.
      if (!isLoggedIn) {
        if (hasAnswers()) {
          void navigate('/signup', { state: { answers: form.getState().values } });
          return;
        }
        void navigate(target);
        scrollToTop();
        return;
      }
      try {
        await save();
        if (validating) await api.postValidations(await errorsNow());
      } catch (error) {
        fail('Unexpected Error', error);
        return;
      }
      session.markChangedPage();
      void navigate(target);
      scrollToTop();
    },
    [errorsNow, fail, form, hasAnswers, isLoggedIn, navigate, save, session, validating],
  );

  const submit = useCallback(async () => {
    if (!isLoggedIn) {
      void navigate('/signup', { state: { answers: form.getState().values } });
      return;
    }
    try {
      await save();
      if (webStatus === 'started' || webStatus === 'none') {
        await api.postWebStatus('validating');
        session.setWebStatus('validating');
      }
      const errors = await errorsNow();
      if (Object.keys(errors).length > 0) {
        await api.postValidations(errors);
        session.markChangedPage();
        void navigate(DEFAULT_ROUTE);
        scrollToTop();
        return;
      }
      const { message } = await api.submit();
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      session.setWebStatus('submitted');
      void navigate(COMPLETION_ROUTE, { state: { successMessage: message } });
    } catch (error) {
      fail('Unexpected Error', error);
    }
  }, [errorsNow, fail, form, isLoggedIn, navigate, queryClient, save, session, webStatus]);

  const renderer = useMemo<RendererContext>(
    () => ({
      model,
      isLoggedIn,
      readOnly: false,
      validating,
      save,
      pressTrigger: (id) => {
        setTriggers((previous) => ({ ...previous, [id]: true }));
      },
      setAddAnother: (buttonId, count) => {
        if (!isLoggedIn) {
          setLocalAddAnother((previous) => ({ ...previous, [buttonId]: count }));
          return;
        }
        api
          .saveAddAnother(buttonId, count)
          .then((counts) => {
            queryClient.setQueryData(queryKeys.addAnother, counts);
          })
          .catch((error: unknown) => {
            fail(`Error adding another ${buttonId}`, error);
          });
      },
      setTab: async (tabId, tab) => {
        // SPEC §2/§4: visitors see only the default tab.
        if (!isLoggedIn) return false;
        // The tab group is on the step shown, so among the pages loaded.
        const group = tabGroupsOf(pagesNow.current).find((g) => g.tabId === tabId);
        const leaving = group?.tabs.find(
          (t) => t.id !== tab && t.id === (model.tabs?.[tabId] ?? group.tabs[0]?.id),
        );
        try {
          const keys = leaving === undefined ? [] : blockKeys(leaving.blocks);
          const fileKeys = fileKeysOf(pagesNow.current);
          for (const key of keys.filter((k) => fileKeys.has(k))) {
            const { status } = await api.conversionStatus(key);
            if (status === 'in_progress' || status === 'unprocessed') {
              setBlockedTab(true);
              return false;
            }
            if (status !== 'not_answered') {
              await api.deleteConversion(key).catch(() => undefined);
              await api.deleteDocumentAnswer(key).catch(() => undefined);
              await queryClient.invalidateQueries({ queryKey: queryKeys.documents });
            }
          }
          // SPEC §4: switching clears the answers of the tab being left.
          form.batch(() => {
            for (const key of keys) form.change(key, '');
          });
          const chosen = await api.saveTab(tabId, tab);
          queryClient.setQueryData(queryKeys.tabs, chosen);
          return true;
        } catch (error) {
          fail(`Error handling tabs for ${tabId}`, error);
          return false;
        }
      },
    }),
    [
      fail,
      form,
      isLoggedIn,
      model,
      queryClient,
      save,
      setBlockedTab,
      setLocalAddAnother,
      setTriggers,
      validating,
    ],
  );

  const actions = useMemo<ApplicationActions>(
    () => ({ save, goTo, submit, busy, setBusy }),
    [busy, goTo, save, submit],
  );

  // SPEC §1: the banner greets by state; hidden while validating, and once a logged-in user changed page.
  const bannerState: BannerState | undefined = submitted
    ? 'submitted'
    : !isLoggedIn
      ? 'notLoggedIn'
      : validating || session.hasChangedPage
        ? undefined
        : session.numLogins <= 1
          ? 'firstLogin'
          : 'returning';

  // react-final-form applies <Form validate> to a form made outside it only when the prop
  // changes, never at mount: an applicant who loads the app already validating (a reload, the
  // next login) would see no errors and no summary. Set it on the form itself.
  useEffect(() => {
    form.setConfig('validate', validateForm);
  }, [form, validateForm]);

  const currentStep = tenant.steps.find((step) => `/${step.route}` === path)?.id ?? '';

  return (
    <ApplicationContext.Provider value={actions}>
      <RendererContextValue.Provider value={renderer}>
        <Form form={form} onSubmit={() => undefined} subscription={{}} validate={validateForm}>
          {() => (
            <AppChrome
              navigation={
                <StepNavigation
                  steps={tenant.steps.map((step) => ({
                    id: step.id,
                    label: step.title,
                    href: `/${step.route}`,
                  }))}
                  current={currentStep}
                  onNavigate={(id, event) => {
                    event.preventDefault();
                    const step = tenant.steps.find((s) => s.id === id);
                    if (step !== undefined) void goTo(`/${step.route}`);
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
                      .then(() => logout());
                  }}
                  onSignIn={() => {
                    void navigate('/login', { state: { answers: form.getState().values } });
                  }}
                  onCreateAccount={() => {
                    void navigate('/signup', { state: { answers: form.getState().values } });
                  }}
                />
              }
            >
              <ClearHidden pages={pages} context={model} />
              <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
                {bannerState === undefined ? null : (
                  <Box sx={{ mb: 3 }}>
                    <Banner
                      state={bannerState}
                      loginHref="/login"
                      onLogin={(event) => {
                        event.preventDefault();
                        void navigate('/login', { state: { answers: form.getState().values } });
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
                        void navigate(target);
                        focusField(key);
                      }}
                    />
                  </Box>
                ) : null}
                <Outlet />
              </Container>
              <UploadInProgressDialog
                open={blockedTab}
                onClose={() => {
                  setBlockedTab(false);
                }}
              />
            </AppChrome>
          )}
        </Form>
      </RendererContextValue.Provider>
    </ApplicationContext.Provider>
  );
}
