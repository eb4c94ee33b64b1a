/** SPEC §2 routes: the form pages inside the form layout, the account pages inside theirs. */
import { LoadingSpinner } from '@admit/design-system';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';

import { AccountLayout } from '../layout/AccountLayout.tsx';
import { FormLayout } from '../layout/FormLayout.tsx';
import { StepPage } from '../pages/StepPage.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { DEFAULT_ROUTE, tenant } from '../tenant.ts';
import { RootError } from './RootError.tsx';

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
const ServiceView = lazyPage(async () => (await import('../pages/ServiceView.tsx')).ServiceView);

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

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      errorElement: <RootError />,
      children: [
        {
          element: <FormLayout />,
          errorElement: <RootError />,
          children: [
            ...tenant.pages.map((page) => ({
              path: `/${page.route}`,
              element: <StepPage key={page.id} pageId={page.id} />,
            })),
            { path: '/completion', element: <CompletionPage /> },
          ],
        },
        {
          element: <AccountLayout />,
          errorElement: <RootError />,
          children: [
            { path: '/signup', element: <SignUpPage /> },
            { path: '/confirm', element: <ConfirmPage /> },
            { path: '/login', element: <LoginPage /> },
            { path: '/forgot', element: <ForgotPage /> },
            { path: '/reset', element: <ResetPage /> },
          ],
        },
        { index: true, element: <ToDefault /> },
        { path: '*', element: <ToDefault /> },
      ],
    },
  ]);
}
