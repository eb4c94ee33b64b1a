import { AppThemeProvider, createAppTheme } from '@admit/design-system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import {
  createBrowserRouter,
  createMemoryRouter,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom';

import { OfficeApiError, onUnauthorized } from './api/client.ts';
import { messagesFor } from './messages.ts';
import { type OfficePage } from './pageData.ts';
import { Application } from './pages/Application.tsx';
import { Applications } from './pages/Applications.tsx';
import { Audit } from './pages/Audit.tsx';
import { Layout, ME_KEY } from './pages/Layout.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { SignIn } from './pages/SignIn.tsx';
import { OfficePageContext } from './officePage.ts';

/** The office's address prefix: the router's basename. */
export const OFFICE_BASE = '/office';

const routes: RouteObject[] = [
  { path: '/login', element: <SignIn /> },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Applications /> },
      { path: 'applications/:reference', element: <Application /> },
      { path: 'audit', element: <Audit /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * The office's data cache: asked once, kept while the page lives, and a refusal is final (no
 * retry: a 403 or 404 says the same the second time). A 401 is handled by `onUnauthorized`.
 */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && !(error instanceof OfficeApiError && error.status < 500),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The office: theme, messages, data cache and routes. `initialPath` runs the routes in memory
 * from that path instead of the browser's address (Storybook).
 */
export function OfficeApp({ page, initialPath }: { page: OfficePage; initialPath?: string }) {
  const [queryClient] = useState(createQueryClient);
  const theme = useMemo(() => createAppTheme(page.theme), [page.theme]);
  const [router] = useState(() =>
    initialPath === undefined
      ? createBrowserRouter(routes, { basename: OFFICE_BASE })
      : createMemoryRouter(routes, { initialEntries: [initialPath] }),
  );
  useEffect(() => {
    onUnauthorized(() => {
      // The office knew who was signed in: their session ended (else there was none).
      const ended = queryClient.getQueryData(ME_KEY) !== undefined;
      queryClient.clear();
      if (router.state.location.pathname !== '/login')
        void router.navigate('/login', { replace: true, state: { ended } });
    });
  }, [queryClient, router]);
  return (
    <IntlProvider locale={page.language} defaultLocale="en" messages={messagesFor(page.language)}>
      <AppThemeProvider theme={theme}>
        <OfficePageContext value={page}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </OfficePageContext>
      </AppThemeProvider>
    </IntlProvider>
  );
}
