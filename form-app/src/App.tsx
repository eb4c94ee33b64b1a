import { AppThemeProvider, createAppTheme, ToastProvider } from '@admit/design-system';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

import { createQueryClient } from './api/queryClient.ts';
import { CardHandoverContext } from './pages/account/cardHandover.ts';
import { earlyCardInput, lazyFieldRenderers } from './prerender/index.ts';
import { FieldRenderersContext } from './renderer/index.ts';
import { AppRoutes } from './routes/router.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { tenant } from './tenant.ts';

const theme = createAppTheme(tenant.theme);

/**
 * The app: theme, toasts, data cache, session, what the prerendered page hands over (the fields
 * loaded on first use, what was typed into an account card before the app had it), routes.
 * `initialPath` starts the routes in memory at that path instead of the browser's address
 * (Storybook's page stories, see AppRoutes).
 */
export function App({ initialPath }: { initialPath?: string }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppThemeProvider theme={theme}>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <FieldRenderersContext value={lazyFieldRenderers}>
              <CardHandoverContext value={earlyCardInput}>
                <AppRoutes initialPath={initialPath} />
              </CardHandoverContext>
            </FieldRenderersContext>
          </SessionProvider>
        </QueryClientProvider>
      </ToastProvider>
    </AppThemeProvider>
  );
}
