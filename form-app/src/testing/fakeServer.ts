/**
 * A stand-in for the server of SPEC §7, behind `fetch`: each route answers JSON, every request
 * is recorded, and a request no route answers fails the test (404 and an entry in `unexpected`).
 */
import { type MockInstance, vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** "METHOD /path" → the JSON answer, or a function of the request body giving it. */
export type Routes = Record<string, unknown>;

export interface FakeServer {
  requests: RecordedRequest[];
  unexpected: RecordedRequest[];
  /** The bodies sent to "METHOD /path", in order. */
  bodies: (route: string) => unknown[];
  spy: MockInstance<typeof fetch>;
}

export function fakeServer(routes: Routes): FakeServer {
  const requests: RecordedRequest[] = [];
  const unexpected: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, body };
    requests.push(request);
    const route = `${method} ${url.pathname}`;
    if (!Object.hasOwn(routes, route)) {
      unexpected.push(request);
      return Response.json({ message: `no route ${route}` }, { status: 404 });
    }
    const answer: unknown = routes[route];
    return Response.json(
      typeof answer === 'function' ? (answer as (b: unknown) => unknown)(body) : answer,
    );
  });
  return {
    requests,
    unexpected,
    bodies: (route) =>
      requests
        .filter((request) => `${request.method} ${request.path}` === route)
        .map((r) => r.body),
    spy,
  };
}

/** What `GET /api/profile` answers for a returning applicant who has started, with `answer` saved. */
export function returningProfile(
  answer: Record<string, unknown> = {},
  { logins = 1 }: { logins?: number } = {},
) {
  return {
    answer,
    document_answer: {},
    username: 'ada@example.edu',
    last_page: '',
    successful_login: Array.from({ length: logins }, (_, day) => ({
      logged_in_at: `2026-01-0${String(5 + day)}T10:00:00Z`,
    })),
    web_status: [{ web_status: 'started' }],
  };
}

/**
 * The server of a returning applicant with `answer` saved: the profile, no tabs, groups or
 * documents, and every save and last page taken. `routes` adds to them or answers otherwise.
 */
export function returningApplicant(
  answer: Record<string, unknown> = {},
  routes: Routes = {},
  profile: { logins?: number } = {},
): FakeServer {
  return fakeServer({
    'GET /api/profile': returningProfile(answer, profile),
    'GET /api/tabs': {},
    'GET /api/add-another': {},
    'GET /api/document-answer': {},
    'PUT /api/last-page': { message: 'Saved.' },
    'PUT /api/answer': { message: 'Saved.' },
    ...routes,
  });
}
