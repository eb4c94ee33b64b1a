import { QueryClient } from '@tanstack/react-query';

import { LinkError, UnauthorizedError } from './errors.ts';

/** A link's data (service view, temporary application) is asked for at most twice. */
export const LINK_MAX_REQUESTS = 2;

/**
 * The retry rule of a link's query (react-query's `retry`; `failures` counts the failures so
 * far, from 1). A refusal (the server answered 4xx: unknown, cut short, expired or revoked
 * token) is final; asking again changes nothing. Only a failure without a useful answer (no
 * connection, a 5xx) is asked once more. A link that never opens must not ask forever.
 */
export function retryLink(failures: number, error: unknown): boolean {
  if (failures >= LINK_MAX_REQUESTS) return false;
  return error instanceof LinkError && (error.status === 0 || error.status >= 500);
}

/**
 * SPEC §9 default data-query behaviour: no retry, infinite cache and stale time, no refetch on
 * focus or mount, errors to an error boundary. Unauthorized errors always reach the boundary,
 * which clears cached data and redirects to /login (SPEC §2).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
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
  // react-query passes the failures before this one: 0 after the first request failed.
  const retry = (failureCount: number, error: unknown) => retryLink(failureCount + 1, error);
  client.setQueryDefaults([SERVICE_QUERY], { retry });
  client.setQueryDefaults([TMP_QUERY], { retry });
  return client;
}

const SERVICE_QUERY = 'service';
const TMP_QUERY = 'tmp';

/** Query keys, in one place. */
export const queryKeys = {
  profile: ['profile'] as const,
  tabs: ['tabs'] as const,
  addAnother: ['add-another'] as const,
  documents: ['document-answer'] as const,
  /** A file question's upload, from choosing the file until its conversion has ended. */
  upload: (answerKey: string) => ['upload', answerKey] as const,
  pdf: ['pdf'] as const,
  receipt: ['receipt'] as const,
  service: (token: string) => [SERVICE_QUERY, token] as const,
  temporary: (token: string) => [TMP_QUERY, token] as const,
};
