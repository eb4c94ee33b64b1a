import { AppThemeProvider, createAppTheme, ToastProvider } from '@admit/design-system';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

import { createQueryClient } from './api/queryClient.ts';
import { AppRoutes } from './routes/router.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { tenant } from './tenant.ts';

const theme = createAppTheme(tenant.theme);

/**
 * The app: theme, toasts, data cache, session, routes. `initialPath` starts the routes in memory
 * at that path instead of the browser's address (Storybook's page stories, see AppRoutes).
 */
export function App({ initialPath }: { initialPath?: string }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppThemeProvider theme={theme}>
      <ToastProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <AppRoutes initialPath={initialPath} />
          </SessionProvider>
        </QueryClientProvider>
      </ToastProvider>
    </AppThemeProvider>
  );
}
