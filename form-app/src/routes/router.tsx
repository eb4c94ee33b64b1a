/** SPEC §2 routes: the form pages inside the form layout, the account pages inside theirs. */
import { LoadingSpinner } from '@admit/design-system';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
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
import { DEFAULT_ROUTE, loadPages, tenant } from '../tenant.ts';
import { REVIEW_ROUTE } from './paths.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

/**
 * A page loaded on first use (bench/bundle): the steps are what most visits start on, so the
 * account pages, the completion page and the service view stay out of the first download.
 * The full-screen spinner of SPEC §2 shows while one loads.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<LoadingSpinner fullScreen />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const SignUpPage = lazyPage(
  async () => (await import('../pages/account/SignUpPage.tsx')).SignUpPage,
);
const ConfirmPage = lazyPage(
  async () => (await import('../pages/account/ConfirmPage.tsx')).ConfirmPage,
);
const LoginPage = lazyPage(async () => (await import('../pages/account/LoginPage.tsx')).LoginPage);
const ForgotPage = lazyPage(
  async () => (await import('../pages/account/ForgotPage.tsx')).ForgotPage,
);
const ResetPage = lazyPage(async () => (await import('../pages/account/ResetPage.tsx')).ResetPage);
const CompletionPage = lazyPage(
  async () => (await import('../pages/CompletionPage.tsx')).CompletionPage,
);
// The print view shows every page: the college's other pages come with its code.
const ServiceView = lazyPage(async () => {
  const [{ ServiceView: View }] = await Promise.all([
    import('../pages/ServiceView.tsx'),
    loadPages(),
  ]);
  return View;
});

// Issue 15 #16: the review prints every page, so the college's other pages come with it.
const ReviewPage = lazyPage(async () => {
  const [{ ReviewPage: Page }] = await Promise.all([
    import('../pages/review/ReviewPage.tsx'),
    loadPages(),
  ]);
  return Page;
});

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
    return <ServiceView serviceToken={session.serviceToken} />;
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
              <Route path="/completion" element={<CompletionPage />} />
              <Route path={REVIEW_ROUTE} element={<ReviewPage />} />
            </Route>
            <Route
              element={
                <RouteErrorBoundary>
                  <AccountLayout />
                </RouteErrorBoundary>
              }
            >
              <Route path="/signup" element={<SignUpPage />} />
              <Route path="/confirm" element={<ConfirmPage />} />
              <Route path="/login" element={<LoginPage />} />
              <Route path="/forgot" element={<ForgotPage />} />
              <Route path="/reset" element={<ResetPage />} />
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
