/**
 * What an operator watches (docs/operations/observability.md): the health endpoints, the
 * Prometheus metrics on their own listener, and the access line per request.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { PermanentJobError } from '../../services/jobs.ts';
import {
  createTestContext,
  GOOD_PASSWORD,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../../test/context.ts';

interface Ready {
  status: string;
  checks: Record<'database' | 'migrations' | 'jobs' | 'storage', { ok: boolean; message: string }>;
}

/** GET over HTTP (the metrics listener is a server of its own, not the app's inject). */
function get(port: number, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admit-observability-'));
  ctx = await createTestContext({
    env: { DATA_DIR: dataDir, METRICS_PORT: '0', SOFFICE: 'off' },
  });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /health/live and /health/ready', () => {
  it('live answers 200 whatever else holds: the process answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('ready is 503 naming the job workers until they run, then 200 with every check', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    expect(before.statusCode).toBe(503);
    const body = before.json<Ready>();
    expect(body.status).toBe('not ready');
    expect(body.checks.jobs).toEqual({
      ok: false,
      message: 'Not running: the job worker, the mail worker.',
    });
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations.ok).toBe(true);
    expect(body.checks.storage).toEqual({ ok: true, message: 'The file store takes writes.' });
    // The check's file is removed once written.
    expect(readdirSync(join(dataDir, 'files'))).toEqual([]);

    ctx.app.jobs.start();
    ctx.app.mailQueue.start();
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json<Ready>()).toMatchObject({
        status: 'ready',
        checks: {
          database: { ok: true },
          migrations: { ok: true },
          jobs: { ok: true },
          storage: { ok: true },
        },
      });
    } finally {
      await ctx.app.jobs.stop();
      await ctx.app.mailQueue.stop();
    }
  });

  it('ready is 503 naming a migration not applied, and a file store that takes no write', async () => {
    const filesBlocked = mkdtempSync(join(tmpdir(), 'admit-observability-blocked-'));
    // DATA_DIR/files is a file: nothing can be written under it (as on a read-only mount).
    writeFileSync(join(filesBlocked, 'files'), 'not a folder');
    const app = await buildApp({
      config: { ...ctx.config, dataDir: filesBlocked },
      tenant: ctx.tenant,
      db: ctx.db,
      logger: false,
    });
    const newest = (
      await sql<{ name: string }>`
      SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1
    `.execute(ctx.db)
    ).rows[0]?.name;
    await sql`UPDATE kysely_migration SET name = ${'renamed-by-test'} WHERE name = ${newest}`.execute(
      ctx.db,
    );
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      const { checks } = response.json<Ready>();
      expect(checks.migrations).toEqual({
        ok: false,
        message: `1 migrations are not applied yet: ${String(newest)}.`,
      });
      // In a few words: the answer is public, the path is not said.
      expect(checks.storage).toEqual({
        ok: false,
        message: 'The file store does not take writes (EEXIST).',
      });
    } finally {
      await sql`UPDATE kysely_migration SET name = ${newest} WHERE name = ${'renamed-by-test'}`.execute(
        ctx.db,
      );
      await app.close();
      rmSync(filesBlocked, { recursive: true, force: true });
    }
  });
});

describe('metrics on METRICS_PORT', () => {
  let metricsPort = 0;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = (await ctx.app.metricsServer())?.address();
    metricsPort = address !== null && typeof address === 'object' ? address.port : 0;
  });

  it('serves Prometheus text: request durations by route pattern and status, saves, submissions, job queue, job and mail failures, pool, event loop', async () => {
    const cookie = await signedIn(ctx.app, 'metrics@example.com');
    const save = await ctx.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { cookie, origin: ORIGIN },
      payload: { first_name: 'Ada' },
    });
    expect(save.statusCode).toBe(200);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { cookie, origin: ORIGIN },
      payload: { no_such_question: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { cookie, origin: ORIGIN },
    });
    expect(submit.statusCode).toBe(400);
    await ctx.app.inject({
      method: 'GET',
      url: '/lookup/find?category=hs_ceeb&text=secret-search-words',
    });
    await ctx.app.inject({ method: 'GET', url: '/api/pdf/document-answer/decision_essay_file' });
    // A job that fails for good, and one queued for later.
    ctx.app.jobs.define('metrics-test-failing', {
      run: () => Promise.reject(new PermanentJobError('this job cannot succeed')),
    });
    await ctx.app.jobs.enqueue('metrics-test-failing', {});
    while (await ctx.app.jobs.runOnce());
    await ctx.app.jobs.enqueue(
      'metrics-test-later',
      {},
      { runAfter: new Date(Date.now() + 3_600_000) },
    );

    const scrape = await get(metricsPort, '/metrics');
    expect(scrape.status).toBe(200);
    expect(scrape.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.body;
    expect(text).toMatch(
      /^admit_http_request_duration_seconds_bucket\{le="0\.005",method="PUT",route="\/api\/answer",status="200"\} \d+$/m,
    );
    expect(text).toMatch(
      /^admit_http_request_duration_seconds_count\{method="GET",route="\/api\/pdf\/document-answer\/:key",status="401"\} 1$/m,
    );
    expect(text).toMatch(
      /^admit_http_request_duration_seconds_count\{method="GET",route="\/lookup\/find",status="200"\} 1$/m,
    );
    // The route's pattern, never the address asked for.
    expect(text).not.toContain('secret-search-words');
    expect(text).not.toContain('decision_essay_file');
    expect(text).toMatch(/^admit_saves_total\{outcome="ok"\} 1$/m);
    expect(text).toMatch(/^admit_saves_total\{outcome="refused"\} 1$/m);
    expect(text).toMatch(/^admit_submissions_total\{outcome="refused"\} 1$/m);
    expect(text).toMatch(
      /^admit_job_failures_total\{kind="metrics-test-failing",final="true"\} 1$/m,
    );
    expect(text).toMatch(/^admit_jobs\{kind="metrics-test-failing",status="failed"\} 1$/m);
    expect(text).toMatch(/^admit_jobs\{kind="metrics-test-later",status="queued"\} 1$/m);
    expect(text).toMatch(/^admit_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    expect(text).toMatch(/^admit_db_pool_connections\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^admit_database_up 1$/m);
    expect(text).toMatch(/^# TYPE admit_mail_failures_total counter$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts a mail that could not be sent', async () => {
    ctx.app.metrics.jobFailed({ kind: 'send-mail', final: false });
    const text = (await get(metricsPort, '/metrics')).body;
    expect(text).toMatch(/^admit_mail_failures_total\{final="false"\} 1$/m);
  });

  it('answers only /metrics there, and never on the applicants’ port', async () => {
    const other = await get(metricsPort, '/');
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toEqual({ message: 'Not found: the metrics are at /metrics.' });
    const onApp = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(onApp.statusCode).toBe(404);
    expect(onApp.json()).toEqual({ message: 'Not found.' });
  });
});

describe('the access line', () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    app = await buildApp({
      config: ctx.config,
      tenant: ctx.tenant,
      db: ctx.db,
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => {
            lines.push(JSON.parse(line) as Record<string, unknown>);
          },
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is one JSON line per request at info: method, route pattern, status, duration; never the query, a password or a code', async () => {
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/lookup/find?category=hs_ceeb&text=bozeman&token=tok-secret',
    });
    await app.inject({
      method: 'POST',
      url: '/public/login',
      headers: { origin: ORIGIN },
      payload: { username: 'nobody@example.com', password: GOOD_PASSWORD },
    });
    await app.inject({
      method: 'POST',
      url: '/public/confirm',
      headers: { origin: ORIGIN },
      payload: { username: 'nobody@example.com', code: '123456' },
    });
    await app.inject({ method: 'GET', url: '/service/tmp-pdf?token=svc-secret' });
    await app.inject({ method: 'GET', url: '/api/nope?x=1' });

    const access = lines.filter((line) => 'route' in line);
    expect(
      access.map(
        ({ method, route, status }) => `${String(method)} ${String(route)} ${String(status)}`,
      ),
    ).toEqual([
      'GET /lookup/find 200',
      expect.stringMatching(/^POST \/public\/login 4\d\d$/),
      expect.stringMatching(/^POST \/public\/confirm 4\d\d$/),
      expect.stringMatching(/^GET \/service\/tmp-pdf 4\d\d$/),
      'GET (unmatched) 404',
    ]);
    for (const line of access) {
      expect(line.level).toBe(30);
      expect(line.msg).toBe(`${String(line.method)} ${String(line.route)} ${String(line.status)}`);
      expect(typeof line.durationMs).toBe('number');
      expect(typeof line.time).toBe('number');
    }
    const all = JSON.stringify(lines);
    for (const secret of ['bozeman', 'tok-secret', 'svc-secret', GOOD_PASSWORD, '123456', '?x=1'])
      expect(all).not.toContain(secret);
  });

  it('logs a probe’s success at debug only, and its failure at info', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/health/live' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/health/ready' });
    expect(lines.map((line) => line.msg)).toEqual(['GET /health/ready 503']);
  });
});
