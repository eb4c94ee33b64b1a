import { AppThemeProvider, createAppTheme, ToastProvider } from '@admit/design-system';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { language, messages } from 'virtual:admit-language';

import { createQueryClient } from './api/queryClient.ts';
import { CardHandoverContext } from './pages/account/cardHandover.ts';
import { earlyCardInput, hydrationSlice, lazyFieldRenderers } from './prerender/index.ts';
import { FieldRenderersContext, LaterPartContext } from './renderer/index.ts';
import { AppRoutes } from './routes/router.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { tenant } from './tenant.ts';

const theme = createAppTheme(tenant.theme);

/**
 * A message missing from the page's language is a bug the catalogue check should have caught:
 * said loudly in development and the tests, where it can be mended; in production the
 * message's id shows instead of a text, and the console says which.
 */
function reportIntlError(error: Error): void {
  if (import.meta.env.DEV) throw error;
  console.error(error);
}

/**
 * What the app puts above its routes: theme, toasts, data cache, session, and what the
 * prerendered page needs (the fields loaded on first use, a step hydrated part by part, what was
 * typed into an account card before the app had it). The component tests render a step under the same.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <IntlProvider
      locale={language}
      defaultLocale="en"
      messages={messages}
      onError={reportIntlError}
    >
      <AppThemeProvider theme={theme}>
        <ToastProvider>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <FieldRenderersContext value={lazyFieldRenderers}>
                <LaterPartContext value={hydrationSlice}>
                  <CardHandoverContext value={earlyCardInput}>{children}</CardHandoverContext>
                </LaterPartContext>
              </FieldRenderersContext>
            </SessionProvider>
          </QueryClientProvider>
        </ToastProvider>
      </AppThemeProvider>
    </IntlProvider>
  );
}

/**
 * The app: its providers and routes. `initialPath` starts the routes in memory at that path
 * instead of the browser's address (Storybook's page stories, see AppRoutes).
 */
export function App({ initialPath }: { initialPath?: string }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <AppRoutes initialPath={initialPath} />
    </AppProviders>
  );
}
