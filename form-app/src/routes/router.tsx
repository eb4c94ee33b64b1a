/** SPEC §2 routes: the form pages inside the form layout, the account pages inside theirs. */
import { LoadingSpinner } from '@admit/design-system';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import {
  BrowserRouter,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
} from 'react-router-dom';

import { AccountLayout } from '../layout/AccountLayout.tsx';
import { FormLayout } from '../layout/FormLayout.tsx';
import { StepPage } from '../pages/StepPage.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { loadOnce } from '../loadOnce.ts';
import { DEFAULT_ROUTE, loadPages, tenant } from '../tenant.ts';
import { loadMessageArea } from 'virtual:admit-language';
import { type ACCOUNT_ROUTES, FORM_ROUTES, REVIEW_ROUTE } from '../application/paths.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

/** A page loaded on first use, and how to fetch it ahead (`preloadRoute`). */
interface LazyPage<P extends object> {
  Page: ComponentType<P>;
  preload: () => Promise<unknown>;
}

/**
 * Something a page fetches before it can render at once (`routeNeeds`): how to fetch it, and
 * what the prerendered page preloads for it: a module as Vite's manifest names it (from
 * form-app), or the college's other pages (`COLLEGE_PAGES`, a JSON file the server names).
 */
interface RouteNeed {
  preload: () => Promise<unknown>;
  module: string;
}

/** The need of another step than the default one: the college's other pages (collegeOnPage.ts). */
export const COLLEGE_PAGES = 'college-pages';

/**
 * A page loaded on first use (bench/bundle): the steps are what most visits start on, so the
 * account pages, the completion page and the service view stay out of the first download.
 * The full-screen spinner of SPEC §2 shows while one loads.
 *
 * A page already fetched when it mounts renders without a Suspense boundary, as a step at hand
 * does (StepPage.tsx): a prerendered account page, whose code startApp fetches before it
 * hydrates, is then React's in the first pass, not after a pass of its own at React's lowest
 * priority. Decided once per mount, so the tree never changes shape under a mounted page.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  const page = loadOnce(load);
  const Lazy = lazy(async () => ({ default: await page.load() }));
  return {
    preload: page.load,
    Page: function LazyPage(props: P) {
      const [Loaded] = useState(page.current);
      if (Loaded !== undefined) return <Loaded {...props} />;
      return (
        <Suspense fallback={<LoadingSpinner fullScreen />}>
          <Lazy {...props} />
        </Suspense>
      );
    },
  };
}

/**
 * An account page, with its module: named twice, side by side (`import()` takes a literal).
 * Its texts come with it (a step's page leaves them out); a prerendered account page brought
 * them, so its hydration waits for nothing more than its code.
 */
const accountPage = (
  load: () => Promise<ComponentType<object>>,
  module: string,
): LazyPage<object> & RouteNeed => ({
  ...lazyPage(
    async () =>
      (await Promise.all([load(), loadMessageArea('account'), loadMessageArea('validation')]))[0],
  ),
  module,
});

const signUp = accountPage(
  async () => (await import('../pages/account/SignUpPage.tsx')).SignUpPage,
  'src/pages/account/SignUpPage.tsx',
);
const confirm = accountPage(
  async () => (await import('../pages/account/ConfirmPage.tsx')).ConfirmPage,
  'src/pages/account/ConfirmPage.tsx',
);
const login = accountPage(
  async () => (await import('../pages/account/LoginPage.tsx')).LoginPage,
  'src/pages/account/LoginPage.tsx',
);
const forgot = accountPage(
  async () => (await import('../pages/account/ForgotPage.tsx')).ForgotPage,
  'src/pages/account/ForgotPage.tsx',
);
const reset = accountPage(
  async () => (await import('../pages/account/ResetPage.tsx')).ResetPage,
  'src/pages/account/ResetPage.tsx',
);
const completion = lazyPage(async () => {
  const [{ CompletionPage: Page }] = await Promise.all([
    import('../pages/CompletionPage.tsx'),
    loadMessageArea('completion'),
  ]);
  return Page;
});
// The print view shows every page: the college's other pages come with its code.
const service = lazyPage(async () => {
  const [{ ServiceView: View }] = await Promise.all([
    import('../pages/ServiceView.tsx'),
    loadPages(),
    loadMessageArea('review'),
  ]);
  return View;
});
// The review prints every page, so the college's other pages come with it, and its texts.
const review = lazyPage(async () => {
  const [{ ReviewPage: Page }] = await Promise.all([
    import('../pages/review/ReviewPage.tsx'),
    loadPages(),
    loadMessageArea('review'),
  ]);
  return Page;
});

const ACCOUNT_PAGES: Readonly<
  Record<(typeof ACCOUNT_ROUTES)[number], LazyPage<object> & RouteNeed>
> = {
  '/signup': signUp,
  '/confirm': confirm,
  '/login': login,
  '/forgot': forgot,
  '/reset': reset,
};

/**
 * What the page at `pathname` fetches before it renders at once: an account page's code, or a
 * step's config other than the default route's; nothing for the default route. `preloadRoute`
 * fetches it, `routeModules` names it for the build.
 */
function routeNeeds(pathname: string): readonly RouteNeed[] {
  const account = ACCOUNT_PAGES[pathname as keyof typeof ACCOUNT_PAGES] as RouteNeed | undefined;
  if (account !== undefined) return [account];
  if (pathname !== DEFAULT_ROUTE && FORM_ROUTES.includes(pathname))
    return [{ preload: loadPages, module: COLLEGE_PAGES }];
  return [];
}

/**
 * Fetches what the page at `pathname` needs to render at once (`routeNeeds`), or `undefined` if
 * it needs nothing: startApp (prerender/) waits for it before hydrating a prerendered page, and
 * the build before prerendering it, so that both render the page without a Suspense boundary.
 */
export function preloadRoute(pathname: string): Promise<unknown> | undefined {
  const needs = routeNeeds(pathname);
  return needs.length === 0 ? undefined : Promise.all(needs.map((need) => need.preload()));
}

/**
 * The modules `preloadRoute(pathname)` imports, as Vite's manifest names them: the build puts
 * `<link rel="modulepreload">` for their chunks into the page's prerendered HTML (prerender.ts),
 * so the browser fetches them beside the entry script instead of after it has run.
 * A name that is not a chunk the app's entry imports stops the build.
 */
export function routeModules(pathname: string): readonly string[] {
  return routeNeeds(pathname).map((need) => need.module);
}

/** SPEC §2: any other path, and the root, go to the default route keeping the query string. */
function ToDefault() {
  const location = useLocation();
  return (
    <Navigate to={`${DEFAULT_ROUTE}${location.search}`} replace state={location.state as unknown} />
  );
}

/** Service users (service_token) see only the print view, whatever the path (SPEC §6). */
function Root() {
  const session = useSession();
  if (session.serviceToken !== undefined)
    return <service.Page serviceToken={session.serviceToken} />;
  return <Outlet />;
}

/**
 * The routes. Declarative (`<BrowserRouter>`), not a data router: the app loads its data with
 * react-query, and the data router's loaders and actions would cost about 16 kB gzip of the
 * first download for nothing (bench/bundle). The whole tree and each layout sit in an error
 * boundary, where the data router had `errorElement`: an error while rendering a page or its
 * layout shows RootError in the layout's place.
 *
 * `initialPath` (a path with its query string, e.g. "/reset?username=…") runs the routes in
 * memory from that path instead of the browser's address: Storybook's page stories use it.
 */
export function AppRoutes({ initialPath }: { initialPath?: string }) {
  return (
    <Router initialPath={initialPath}>
      <RouteErrorBoundary>
        <Routes>
          <Route element={<Root />}>
            <Route
              element={
                <RouteErrorBoundary>
                  <FormLayout />
                </RouteErrorBoundary>
              }
            >
              {tenant.steps.map((step) => (
                <Route
                  key={step.id}
                  path={`/${step.route}`}
                  element={<StepPage key={step.id} pageId={step.id} />}
                />
              ))}
              <Route path="/completion" element={<completion.Page />} />
              <Route path={REVIEW_ROUTE} element={<review.Page />} />
            </Route>
            <Route
              element={
                <RouteErrorBoundary>
                  <AccountLayout />
                </RouteErrorBoundary>
              }
            >
              <Route path="/signup" element={<signUp.Page />} />
              <Route path="/confirm" element={<confirm.Page />} />
              <Route path="/login" element={<login.Page />} />
              <Route path="/forgot" element={<forgot.Page />} />
              <Route path="/reset" element={<reset.Page />} />
            </Route>
            <Route index element={<ToDefault />} />
            <Route path="*" element={<ToDefault />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </Router>
  );
}

/** The browser's address, or a path held in memory (`initialPath`). */
function Router({
  initialPath,
  children,
}: {
  initialPath: string | undefined;
  children: ReactNode;
}) {
  return initialPath === undefined ? (
    <BrowserRouter>{children}</BrowserRouter>
  ) : (
    <MemoryRouter initialEntries={[initialPath]}>{children}</MemoryRouter>
  );
}
