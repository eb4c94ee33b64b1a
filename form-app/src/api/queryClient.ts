import { QueryClient } from '@tanstack/react-query';

import { UnauthorizedError } from './errors.ts';

/**
 * SPEC §9 default data-query behaviour: no retry, infinite cache and stale time, no refetch on
 * focus or mount, errors to an error boundary. Unauthorized errors always reach the boundary,
 * which clears cached data and redirects to /login (SPEC §2).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        gcTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        throwOnError: true,
      },
      mutations: {
        retry: false,
        throwOnError: (error) => error instanceof UnauthorizedError,
      },
    },
  });
}

/** Query keys, in one place. */
export const queryKeys = {
  profile: ['profile'] as const,
  tabs: ['tabs'] as const,
  addAnother: ['add-another'] as const,
  documents: ['document-answer'] as const,
  pdf: ['pdf'] as const,
  receipt: ['receipt'] as const,
  service: (token: string) => ['service', token] as const,
  temporary: (token: string) => ['tmp', token] as const,
};
