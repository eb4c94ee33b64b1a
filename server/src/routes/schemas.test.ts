import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { unknownFieldMessage } from '../plugins/app/errors.ts';
import {
  createTestContext,
  GOOD_PASSWORD,
  json,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../test/context.ts';
import { english } from '../services/texts.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await signedIn(ctx.app, 'schemas@example.com');
});
afterAll(async () => {
  await ctx.close();
});

interface OpenApi {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
}

/** Every call with a JSON body of named fields, and a body it accepts. */
const calls: [method: 'POST' | 'PUT', url: string, body: Record<string, unknown>][] = [
  ['PUT', '/api/last-page', { last_page: 'personal-info' }],
  ['POST', '/api/web-status', { web_status: 'started' }],
  ['PUT', '/api/tabs', { tab_id: 'tabs', chosen_tab: 'first' }],
  ['PUT', '/api/add-another', { button_id: 'button', num_components: 1 }],
  ['PUT', '/api/language', { language: 'es' }],
  ['POST', '/api/presigned-url', { answer_key: 'decision_essay_file' }],
  ['POST', '/api/pdf/document-answer/decision_essay_file', { file_key: 'k', file_name: 'a.pdf' }],
  ['POST', '/api/client-errors', { path: '/about', name: 'Error', message: 'Boom.' }],
  ['POST', '/public/login', { username: 'schemas@example.com', password: GOOD_PASSWORD }],
  ['POST', '/public/signup', { username: 'extra@example.com', password: GOOD_PASSWORD }],
  ['POST', '/public/confirm', { username: 'schemas@example.com', code: '123456' }],
  ['POST', '/public/resend-confirm', { username: 'schemas@example.com' }],
  ['POST', '/public/forgot-password', { username: 'schemas@example.com' }],
  [
    'POST',
    '/office/api/login',
    { username: 'schemas@example.com', password: GOOD_PASSWORD, code: '123456' },
  ],
  [
    'POST',
    '/public/reset-password',
    {
      username: 'a@example.com',
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      id: 'x',
    },
  ],
];

describe('JSON bodies take only their own fields', () => {
  it('every body schema with named fields refuses other keys (regression: unknown keys accepted on nine routes)', async () => {
    const document = json<OpenApi>(
      await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    const open: string[] = [];
    let named = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (schema?.properties === undefined) continue;
        named += 1;
        if (schema.additionalProperties !== false) open.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(open).toEqual([]);
    // The calls below are every one of them.
    expect(named).toBe(calls.length);
  });

  it.each(calls)(
    '%s %s with an unknown key: 400 naming it, nothing done',
    async (method, url, body) => {
      const response = await ctx.app.inject({
        method,
        url,
        payload: { ...body, is_admin: true },
        headers: { origin: ORIGIN, cookie },
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ message: english(unknownFieldMessage('is_admin')) });
    },
  );

  it('stores nothing for a refused body: no account, no status', async () => {
    const account = await ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'extra@example.com')
      .executeTakeFirst();
    expect(account).toBeUndefined();
    const statuses = await ctx.db.selectFrom('web_statuses').select('web_status').execute();
    expect(statuses).toEqual([]);
  });
});
