import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import { createTestContext, json, ORIGIN, signedIn, type TestContext } from '../../test/context.ts';
import { PUBLIC_ROUTES } from './session.ts';
import { english } from '../../services/texts.ts';

let ctx: TestContext;
/** The route groups app.ts registers in the applicant scope, by their OpenAPI tag. */
const SCOPE_TAGS = ['accounts', 'application', 'documents', 'pdf', 'errors'];
/** Every documented route: `METHOD /path` (`:param` for `{param}`) with its tags. */
let documented: { route: string; tags: string[] }[];
/** The documented routes of the applicant scope. */
let scopeRoutes: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  const document = json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(
    await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }),
  );
  documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      tags: operation.tags ?? [],
    })),
  );
  scopeRoutes = documented
    .filter(({ tags }) => tags.some((tag) => SCOPE_TAGS.includes(tag)))
    .map(({ route }) => route);
});

afterAll(async () => {
  await ctx.close();
});

function send(route: string, cookie?: string) {
  const [method = 'GET', path = '/'] = route.split(' ');
  return ctx.app.inject({
    method: method as 'GET',
    url: path.replace(/:\w+/g, 'x'),
    headers: { origin: ORIGIN, ...(cookie === undefined ? {} : { cookie }) },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('the session hook of the applicant scope', () => {
  it('covers the routes of the scope: every /api route is in it, and every public one exists', () => {
    expect(scopeRoutes.length).toBeGreaterThan(20);
    for (const { route } of documented.filter(({ route }) => route.includes(' /api/')))
      expect(scopeRoutes, route).toContain(route);
    for (const route of PUBLIC_ROUTES) expect(scopeRoutes, route).toContain(route);
  });

  it('answers every route but the public ones 401 with SPEC §8 words without a session, before the body is judged', async () => {
    const guarded = scopeRoutes.filter((route) => !PUBLIC_ROUTES.has(route));
    expect(guarded).toContain('PUT /api/answer');
    expect(guarded).toContain('DELETE /api/document-answer/:key');
    for (const route of guarded) {
      for (const cookie of [undefined, `admit_session=${'x'.repeat(43)}`]) {
        const response = await send(route, cookie);
        expect(response.statusCode, route).toBe(401);
        expect(json(response), route).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
      }
    }
  });

  it('lets a visitor reach the public routes: the route itself answers', async () => {
    for (const route of PUBLIC_ROUTES) {
      if (route === 'GET /api/logout') continue;
      // An empty body is refused by the route's schema (400), not by the session hook (401).
      expect((await send(route)).statusCode, route).toBe(400);
    }
  });

  it('admits a live session: the applicant reaches the guarded routes', async () => {
    const cookie = await signedIn(ctx.app, 'session.scope@example.com');
    const profile = await send('GET /api/profile', cookie);
    expect(profile.statusCode).toBe(200);
    expect(json(profile)).toMatchObject({ username: 'session.scope@example.com' });
    expect((await send('GET /api/pdf', cookie)).statusCode).toBe(200);
  });
});
