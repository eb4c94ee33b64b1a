/**
 * Renders the step renderer for a page config the way FormLayout does, without a server: one
 * Final Form made outside it with the same clearing decorator, the renderer context made by the
 * same `createRenderer` (add-another counters, chosen tabs, pressed triggers kept in React
 * state, as FormLayout keeps them for a visitor), what the app puts above a step (App.tsx's
 * `AppProviders`) and a router. Plain fields never touch the network: tests
 * call `forbidNetwork()` to prove it, and stub `fetch` only where a file question asks for the
 * documents.
 */
import { type Answers, groupShapes, type PageConfig } from '@admit/form-model';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Form } from 'react-final-form';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

import { createQueryClient } from '../api/queryClient.ts';
import { AppProviders } from '../App.tsx';
import { createRenderer } from '../application/renderer.ts';
import { RendererContext, SectionView, type UiState } from '../renderer/index.ts';
import {
  type AnswersForm,
  type Clearing,
  createAnswersForm,
  createClearing,
  flatAnswersOf,
  loadedAnswers,
} from '../engine/index.ts';
import { markUsed } from '../prerender/index.ts';
import { FormLayout } from '../layout/FormLayout.tsx';
import { ReviewPage } from '../pages/review/ReviewPage.tsx';
import { StepPage } from '../pages/StepPage.tsx';
import { REVIEW_ROUTE } from '../application/paths.ts';
import { tenant } from '../tenant.ts';
import { installRenderCounter, type RenderCounts } from './renderCounter.ts';

export interface StepOptions {
  /** The page to render (a fixture, or one of the college's pages). */
  page: PageConfig;
  /** All pages, for clearing; defaults to the page alone. */
  pages?: readonly PageConfig[];
  /** The answers the form starts with. */
  initialValues?: Answers;
  /** A logged-in applicant: tabs can be switched (visitors see only the default tab). */
  loggedIn?: boolean;
  /** Errors shown (web status validating). */
  validating?: boolean;
  /** Chosen tabs and add-another counters as the server would return them. */
  ui?: UiState;
}

export interface RenderedStep {
  /** The form's API (its values hold add-another groups as arrays). */
  form: AnswersForm;
  /** The answers by SPEC's flat keys now: what would be saved. */
  answers: () => Answers;
  container: HTMLElement;
  /** React's render counts since the last `renders.reset()` (see renderCounter.ts). */
  renders: RenderCounts;
  /** Calls to the renderer context's `setTab`, and the add-another counts stored, in order. */
  calls: { setTab: [string, string][]; storeCount: [string, number][] };
  unmount: () => void;
}

function Step({
  form,
  clearing,
  page,
  pages,
  loggedIn,
  validating,
  ui: initial,
  calls,
}: Required<Omit<StepOptions, 'initialValues'>> & {
  form: AnswersForm;
  clearing: Clearing;
  calls: RenderedStep['calls'];
}) {
  const [queryClient] = useState(createQueryClient);
  const [tabs, setTabs] = useState(initial.tabs ?? {});
  const [triggers, setTriggers] = useState(initial.triggers ?? {});
  const ui = useMemo<UiState>(
    () => ({ tabs: loggedIn ? tabs : {}, triggers }),
    [loggedIn, tabs, triggers],
  );
  useEffect(() => {
    clearing.update({ pages, ui });
  }, [clearing, pages, ui]);
  const renderer = useMemo(() => {
    const made = createRenderer(
      {
        form,
        ui,
        pages: () => Promise.resolve(pages),
        isLoggedIn: loggedIn,
        validating,
        save: () => Promise.resolve(),
        pressTrigger: (id, pressed = true) => {
          setTriggers((previous) => ({ ...previous, [id]: pressed }));
        },
        fail: (title, error) => {
          throw new Error(`${title}: ${String(error)}`);
        },
      },
      {
        storeCount: (buttonId, count) => {
          calls.storeCount.push([buttonId, count]);
        },
        leaveFile: () => Promise.resolve(true),
        storeTab: (tabId, tab) => {
          setTabs((previous) => ({ ...previous, [tabId]: tab }));
          return Promise.resolve();
        },
      },
    );
    return {
      ...made,
      setTab: (tabId: string, tab: string) => {
        calls.setTab.push([tabId, tab]);
        return made.setTab(tabId, tab);
      },
    };
  }, [calls, form, loggedIn, pages, ui, validating]);
  return (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[`/${page.route}`]}>
        <RendererContext.Provider value={renderer}>
          <Form form={form} onSubmit={() => undefined} subscription={{}}>
            {() =>
              page.sections.map((section) => <SectionView key={section.id} section={section} />)
            }
          </Form>
        </RendererContext.Provider>
      </MemoryRouter>
    </AppProviders>
  );
}

/** Renders `options.page` into a fresh container in the document. */
export async function renderStep(options: StepOptions): Promise<RenderedStep> {
  // Rendered afresh, as main.tsx renders a page it does not hydrate: the fields load at once.
  markUsed();
  const renders = installRenderCounter();
  const pages = options.pages ?? [options.page];
  // The same form FormLayout makes (answers as values, not as initial values; clearing).
  const given = options.ui ?? {};
  // The counts decide how many groups load; from then on each is its array's length.
  const ui = { triggers: given.triggers, tabs: options.loggedIn === true ? given.tabs : {} };
  const clearing = createClearing({ pages, ui });
  // As the app loads answers: flat at the API's edge, then in the form's shape.
  const groups = groupShapes(pages);
  const form = createAnswersForm(
    loadedAnswers(groups, options.initialValues ?? {}, given),
    groups,
    [clearing.decorator],
  );
  const calls: RenderedStep['calls'] = { setTab: [], storeCount: [] };
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  renders.reset();
  root.render(
    <Step
      form={form}
      clearing={clearing}
      page={options.page}
      pages={pages}
      loggedIn={options.loggedIn ?? false}
      validating={options.validating ?? false}
      ui={given}
      calls={calls}
    />,
  );
  await vi.waitFor(() => {
    if (renders.commits === 0) throw new Error('the step has not rendered yet');
  });
  return {
    form,
    answers: () => flatAnswersOf(form),
    container,
    renders,
    calls,
    unmount: () => {
      root.unmount();
      container.remove();
    },
  };
}

/** Makes any network call fail the test loudly: the step renderer must not call the server. */
export function forbidNetwork() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = input instanceof Request ? input.url : String(input);
    throw new Error(`unexpected network call: ${url}`);
  });
}

/** The cookie that tells the app an applicant is logged in (SPEC §4 session). */
const SESSION_COOKIE = `${tenant.sessionCookiePrefix}.test`;

export interface RenderedApp {
  container: HTMLElement;
  renders: RenderCounts;
  /** The app's router: a test navigates as the app's links and redirects do. */
  router: ReturnType<typeof createMemoryRouter>;
  unmount: () => void;
}

/**
 * Renders the form layout (the one Final Form, saving, clearing, guards) and the college's
 * steps at `path`, as the app does, with what `fetch` answers as the server. A logged-in
 * applicant is one with the session cookie; unmounting removes it and the visitor's answers.
 */
export async function renderFormLayout(
  path: string,
  { loggedIn = false } = {},
): Promise<RenderedApp> {
  markUsed();
  const renders = installRenderCounter();
  if (loggedIn) document.cookie = `${SESSION_COOKIE}=1; path=/`;
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: <FormLayout />,
        children: [
          ...tenant.steps.map((step) => ({
            path: `/${step.route}`,
            element: <StepPage key={step.id} pageId={step.id} />,
          })),
          {
            path: REVIEW_ROUTE,
            element: (
              <Suspense fallback={null}>
                <ReviewPage />
              </Suspense>
            ),
          },
        ],
      },
      { path: '*', element: <h1>Not a step</h1> },
    ],
    { initialEntries: [path] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  renders.reset();
  root.render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    container,
    renders,
    router,
    unmount: () => {
      root.unmount();
      container.remove();
      document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
      sessionStorage.clear();
    },
  };
}

/**
 * Waits until React has committed nothing for `quietMs`: the lazy fields (dates, lookups) have
 * replaced their placeholders and, in the form layout, the college's other pages have arrived.
 * React reveals suspended content up to 300 ms after it is ready, so the default is 500 ms.
 * What renders after this is what the test does next, not what the page was still loading.
 */
export async function untilQuiet(renders: RenderCounts, quietMs = 500): Promise<void> {
  await vi.waitFor(
    () => {
      if (performance.now() - renders.lastCommitAt < quietMs)
        throw new Error('React is still committing');
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Waits until React has committed what the last event caused and run its effects. */
export async function settle(): Promise<void> {
  for (let frame = 0; frame < 3; frame += 1)
    await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}
