/**
 * Renders the step renderer for a page config the way FormLayout does, without a server: one
 * Final Form made outside it, the renderer context (add-another counters, chosen tabs, pressed
 * triggers kept in React state, as FormLayout keeps them for a visitor), form-model's clearing
 * applied as values change, and what the app puts above a step (theme, toasts, a query client,
 * the session, a router). Plain fields never touch the network: tests call `forbidNetwork()`
 * to prove it, and stub `fetch` only where a file question asks for the documents.
 */
import {
  type Answers,
  blockKeys,
  type FormContext,
  type PageConfig,
  type TabsBlock,
} from '@admit/form-model';
import { AppThemeProvider, createAppTheme, ToastProvider } from '@admit/design-system';
import { QueryClientProvider } from '@tanstack/react-query';
import { type FormApi } from 'final-form';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Form } from 'react-final-form';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

import { createQueryClient } from '../api/queryClient.ts';
import { SectionView } from '../form/blocks.tsx';
import { ClearHidden } from '../form/ClearHidden.tsx';
import { createAnswersForm } from '../form/createAnswersForm.ts';
import { type RendererContext, RendererContextValue } from '../form/FormContext.tsx';
import { FormLayout } from '../layout/FormLayout.tsx';
import { StepPage } from '../pages/StepPage.tsx';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { tenant } from '../tenant.ts';
import { installRenderCounter, type RenderCounts } from './renderCounter.ts';

const theme = createAppTheme(tenant.theme);

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
  model?: FormContext;
}

export interface RenderedStep {
  /** The form's API: read `form.getState().values` to see what would be saved. */
  form: FormApi<Answers>;
  container: HTMLElement;
  /** React's render counts since the last `renders.reset()` (see renderCounter.ts). */
  renders: RenderCounts;
  /** Calls to the renderer context's `setTab` and `setAddAnother`, in order. */
  calls: { setTab: [string, string][]; setAddAnother: [string, number][] };
  unmount: () => void;
}

function Step({
  form,
  page,
  pages,
  loggedIn,
  validating,
  model: initialModel,
  calls,
}: Required<Omit<StepOptions, 'initialValues'>> & {
  form: FormApi<Answers>;
  calls: RenderedStep['calls'];
}) {
  const [queryClient] = useState(createQueryClient);
  const [addAnother, setAddAnother] = useState(initialModel.addAnother ?? {});
  const [tabs, setTabs] = useState(initialModel.tabs ?? {});
  const [triggers, setTriggers] = useState(initialModel.triggers ?? {});
  const model = useMemo<FormContext>(
    () => ({ addAnother, tabs: loggedIn ? tabs : {}, triggers }),
    [addAnother, loggedIn, tabs, triggers],
  );
  const renderer = useMemo<RendererContext>(
    () => ({
      model,
      isLoggedIn: loggedIn,
      readOnly: false,
      validating,
      save: () => Promise.resolve(),
      pressTrigger: (id) => {
        setTriggers((previous) => ({ ...previous, [id]: true }));
      },
      setAddAnother: (buttonId, count) => {
        calls.setAddAnother.push([buttonId, count]);
        setAddAnother((previous) => ({ ...previous, [buttonId]: count }));
      },
      // As FormLayout does with the server's answer: visitors stay on the default tab; a
      // switch clears the answers of the tab being left (SPEC §4).
      setTab: (tabId, tab) => {
        calls.setTab.push([tabId, tab]);
        if (!loggedIn) return Promise.resolve(false);
        const group = findTabs(pages, tabId);
        const current = model.tabs?.[tabId] ?? group?.tabs[0]?.id;
        const leaving = group?.tabs.find((t) => t.id !== tab && t.id === current);
        form.batch(() => {
          for (const key of leaving === undefined ? [] : blockKeys(leaving.blocks))
            form.change(key, '');
        });
        setTabs((previous) => ({ ...previous, [tabId]: tab }));
        return Promise.resolve(true);
      },
    }),
    [calls, form, loggedIn, model, pages, validating],
  );
  return (
    <AppThemeProvider theme={theme}>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <MemoryRouter initialEntries={[`/${page.route}`]}>
              <RendererContextValue.Provider value={renderer}>
                <Form form={form} onSubmit={() => undefined} subscription={{}}>
                  {() => (
                    <>
                      <ClearHidden pages={pages} context={model} />
                      {page.sections.map((section) => (
                        <SectionView key={section.id} section={section} />
                      ))}
                    </>
                  )}
                </Form>
              </RendererContextValue.Provider>
            </MemoryRouter>
          </SessionProvider>
        </QueryClientProvider>
      </ToastProvider>
    </AppThemeProvider>
  );
}

/** The tab group `tabId` anywhere in the pages (tabs may sit inside other blocks). */
function findTabs(pages: readonly PageConfig[], tabId: string): TabsBlock | undefined {
  const found: TabsBlock[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (typeof value === 'object' && value !== null) {
      const block = value as { type?: unknown; tabId?: unknown };
      if (block.type === 'tabs' && block.tabId === tabId) found.push(value as TabsBlock);
      for (const child of Object.values(value)) walk(child);
    }
  };
  walk(pages);
  return found[0];
}

/** Renders `options.page` into a fresh container in the document. */
export async function renderStep(options: StepOptions): Promise<RenderedStep> {
  const renders = installRenderCounter();
  // The same form FormLayout makes (answers as values, not as initial values).
  const form = createAnswersForm(options.initialValues ?? {});
  const calls: RenderedStep['calls'] = { setTab: [], setAddAnother: [] };
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  renders.reset();
  root.render(
    <Step
      form={form}
      page={options.page}
      pages={options.pages ?? [options.page]}
      loggedIn={options.loggedIn ?? false}
      validating={options.validating ?? false}
      model={options.model ?? {}}
      calls={calls}
    />,
  );
  await vi.waitFor(() => {
    if (renders.commits === 0) throw new Error('the step has not rendered yet');
  });
  return {
    form,
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
  const renders = installRenderCounter();
  if (loggedIn) document.cookie = `${SESSION_COOKIE}=1; path=/`;
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: <FormLayout />,
        children: tenant.steps.map((step) => ({
          path: `/${step.route}`,
          element: <StepPage key={step.id} pageId={step.id} />,
        })),
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
    <AppThemeProvider theme={theme}>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </QueryClientProvider>
      </ToastProvider>
    </AppThemeProvider>,
  );
  return {
    container,
    renders,
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
