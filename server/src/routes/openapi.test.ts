import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PUBLIC_ROUTES } from '../plugins/app/session.ts';
import { createTestContext, json, loggedApp, type TestContext } from '../test/context.ts';

interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

let ctx: TestContext;
let document: OpenApi;
/** Every documented operation as `METHOD /path` (`:param` for `{param}`). */
let operations: { route: string; operation: Operation }[];

beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = json<OpenApi>(response);
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      operation,
    })),
  );
});
afterAll(async () => {
  await ctx.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('gives every operation a unique operationId and a tag', () => {
    expect(operations.length).toBeGreaterThan(25);
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const { route, operation } of operations) {
      expect(operation.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags?.length, route).toBeGreaterThan(0);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says which operations need the applicant's session, as the session hook enforces", () => {
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'admit_session',
    });
    for (const { route, operation } of operations) {
      expect(operation.security, route).toBeDefined();
      const needsSession = route.includes(' /api/') && !PUBLIC_ROUTES.has(route);
      if (needsSession) {
        expect(operation.security, route).toEqual([{ session: [] }]);
        expect(operation.responses['401'], route).toBeDefined();
      } else {
        expect(operation.security, route).not.toContainEqual({ session: [] });
      }
    }
    // The public routes of the session scope say so too.
    for (const route of PUBLIC_ROUTES) {
      const found = operations.find((entry) => entry.route === route);
      expect(found?.operation.security, route).toEqual([]);
    }
    const service = operations.find(({ route }) => route === 'GET /service/tmp-pdf');
    expect(service?.operation.security).toEqual([{ serviceToken: [] }]);
  });

  it('lists the real error statuses with the {message} body: 503 on every route that reads the database, 500 always', () => {
    for (const { route, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, route).toContain('500');
      // The liveness probe and the error screen's report read nothing (a report must arrive
      // in an outage); the readiness probe's 503 is its list of checks.
      if (route === 'GET /health/live' || route === 'POST /api/client-errors') continue;
      expect(statuses, route).toContain('503');
      if (route === 'GET /health/ready') continue;
      for (const status of statuses.filter((code) => Number(code) >= 400)) {
        const answer = operation.responses[status];
        expect(answer?.description, `${route} ${status}`).not.toBe('Default Response');
        const schema = answer?.content?.['application/json']?.schema;
        expect(schema?.properties?.message?.type, `${route} ${status}`).toBe('string');
      }
    }
    const statusesOf = (wanted: string) =>
      Object.keys(operations.find(({ route }) => route === wanted)?.operation.responses ?? {});
    expect(statusesOf('POST /public/login')).toEqual(
      expect.arrayContaining(['400', '403', '413', '415', '429']),
    );
    expect(statusesOf('PUT /api/answer')).toEqual(expect.arrayContaining(['400', '401', '409']));
    expect(statusesOf('POST /api/presigned-url')).toContain('429');
    expect(statusesOf('POST /api/client-errors')).toEqual(
      expect.arrayContaining(['204', '400', '413', '429']),
    );
    // Where a full disk can refuse a write.
    for (const route of [
      'POST /storage/upload',
      'POST /api/pdf/document-answer/:key',
      'GET /api/pdf',
      'GET /api/pdf/application.pdf',
    ])
      expect(statusesOf(route), route).toContain('507');
  });

  it('describes the upload form: a multipart body of the presigned fields, then the file', () => {
    const upload = operations.find(({ route }) => route === 'POST /storage/upload')?.operation;
    expect(upload?.operationId).toBe('uploadFile');
    expect(upload?.security).toEqual([]);
    const form = upload?.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(form?.properties ?? {})).toEqual(
      expect.arrayContaining(['key', 'policy', 'algorithm', 'signature', 'file']),
    );
    expect(form?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(upload?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '400', '403', '409', '413']),
    );
  });

  it('hides only what is internal: the dev mailbox', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.startsWith('/dev/'))).toEqual([]);
    for (const path of ['/public/signup', '/api/answer', '/lookup/find', '/service/tmp-pdf'])
      expect(paths).toContain(path);
  });
});

describe('the API reference at /api/docs', () => {
  it('answers an HTML page whose scripts and styles load, under a policy of its own', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("connect-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(
      (match) => new URL(match[1] ?? '', 'http://127.0.0.1/api/docs').pathname,
    );
    expect(assets).toEqual(
      expect.arrayContaining([
        '/api/docs/static/swagger-ui-bundle.js',
        '/api/docs/static/swagger-initializer.js',
        '/api/docs/static/swagger-ui.css',
      ]),
    );
    for (const asset of assets) {
      const response = await ctx.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      // Every script is a file of this origin: the policy needs no inline script.
      expect(response.headers['content-security-policy'], asset).toBe(csp);
    }
    // The page reads the same document as /api/openapi.json.
    const initializer = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('json');
    const served = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json<OpenApi>(served).paths).toEqual(document.paths);
  });

  it('is not served in production (404)', async () => {
    const { app } = await loggedApp(ctx, { config: { ...ctx.config, production: true } }, 'error');
    try {
      for (const url of ['/api/docs', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/json']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
      // The document itself stays: integrations read it.
      expect((await app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
