/** SPEC §2 routes: the form pages inside the form layout, the account pages inside theirs. */
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';

import { AccountLayout } from '../layout/AccountLayout.tsx';
import { FormLayout } from '../layout/FormLayout.tsx';
import { ConfirmPage } from '../pages/account/ConfirmPage.tsx';
import { ForgotPage } from '../pages/account/ForgotPage.tsx';
import { LoginPage } from '../pages/account/LoginPage.tsx';
import { ResetPage } from '../pages/account/ResetPage.tsx';
import { SignUpPage } from '../pages/account/SignUpPage.tsx';
import { CompletionPage } from '../pages/CompletionPage.tsx';
import { ServiceView } from '../pages/ServiceView.tsx';
import { StepPage } from '../pages/StepPage.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { DEFAULT_ROUTE, tenant } from '../tenant.ts';
import { RootError } from './RootError.tsx';

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
