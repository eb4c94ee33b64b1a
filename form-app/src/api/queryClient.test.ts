import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from './endpoints.ts';
import { GENERIC_ERROR_MESSAGE, LinkError, ServerError, UnauthorizedError } from './errors.ts';
import { createQueryClient, LINK_MAX_REQUESTS, queryKeys, retryLink } from './queryClient.ts';

const REFUSED = 'This service link has been revoked. Ask the admissions office for a new link.';

describe('retryLink (a link is asked for at most twice)', () => {
  it.each([
    ['no answer (network)', 1, new LinkError(GENERIC_ERROR_MESSAGE, 0), true],
    ['a 5xx', 1, new LinkError(GENERIC_ERROR_MESSAGE, 503), true],
    ['a 5xx, already asked twice', 2, new LinkError(GENERIC_ERROR_MESSAGE, 503), false],
    ['a refused token (401)', 1, new LinkError(REFUSED, 401), false],
    ['an expired or revoked token (403)', 1, new LinkError(REFUSED, 403), false],
    ['an unknown temporary application (404)', 1, new LinkError(REFUSED, 404), false],
  ])('%s: retry after %i failure(s) is %s', (_case, failures, error, retry) => {
    expect(retryLink(failures, error)).toBe(retry);
  });

  it('leaves any other error alone (the app retries nothing else)', () => {
    expect(retryLink(1, new ServerError(GENERIC_ERROR_MESSAGE, 500))).toBe(false);
  });
});

describe("a link's query with the app's defaults", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function answer(status: number, body: unknown) {
    return vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(Response.json(body, { status })));
  }

  function fetchService(token: string) {
    return createQueryClient().query({
      queryKey: queryKeys.service(token),
      queryFn: () => api.serviceApplication(token),
      retryDelay: 0,
    });
  }

  it("asks once when the server refuses the token, and keeps the server's message (regression: a 401 looped through /login)", async () => {
    const fetch = answer(401, { message: REFUSED });
    const failure = await fetchService('short').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LinkError);
    expect(failure).not.toBeInstanceOf(UnauthorizedError);
    expect((failure as LinkError).message).toBe(REFUSED);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it(`asks ${LINK_MAX_REQUESTS} times in all when the server fails, then gives up`, async () => {
    const fetch = answer(500, { message: GENERIC_ERROR_MESSAGE });
    const failure = await fetchService('A'.repeat(43)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LinkError);
    expect(fetch).toHaveBeenCalledTimes(LINK_MAX_REQUESTS);
  });

  it('a temporary application link is a link too (404 with the message)', async () => {
    const fetch = answer(404, { message: REFUSED });
    const failure = await createQueryClient()
      .query({
        queryKey: queryKeys.temporary('bad'),
        queryFn: () => api.temporaryApplication('bad'),
        retryDelay: 0,
      })
      .catch((error: unknown) => error);
    expect(failure).toEqual(new LinkError(REFUSED, 404));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
