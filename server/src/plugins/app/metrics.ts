/**
 * Prometheus metrics (prom-client) on a listener of their own, METRICS_PORT on METRICS_HOST
 * (127.0.0.1 by default), never on the applicants' port: `GET /metrics` there answers the
 * text format. Off when METRICS_PORT is unset. Every metric is listed, with its labels and what
 * to alert on, in docs/operations/observability.md.
 *
 * Requests are measured by their route's pattern (`/api/pdf/document-answer/:key`), never the
 * address asked for, so the number of series stays that of the routes. The job queue's depth
 * is read from the jobs table at each scrape; the pool's counts from node-postgres.
 */
import { createServer, type Server } from 'node:http';

import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { databasePoolStats, type Db } from '../../db/database.ts';
import { SEND_MAIL_JOB } from '../../services/mail.ts';
import { routeLabel } from './accessLog.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics: counted whether or not METRICS_PORT serves them. */
    metrics: Metrics;
  }
}

/** Request durations, seconds: from a cached lookup to a slow PDF. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What became of a save or a submission, by its status. */
function outcome(status: number): 'ok' | 'refused' | 'unavailable' | 'failed' {
  if (status < 400) return 'ok';
  if (status === 503) return 'unavailable';
  return status < 500 ? 'refused' : 'failed';
}

/** The routes counted as saves and submissions (routes/application/index.ts). */
const SAVE = 'PUT /api/answer';
const SUBMIT = 'POST /api/submit';

export function createMetrics(db: Db, options: { processMetrics: boolean }) {
  const registry = new Registry();
  // Event-loop lag, heap, CPU, open file descriptors, GC: prom-client's defaults. Only when
  // they are served: each set samples the event loop for as long as the process lives, and a
  // test run builds hundreds of apps.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'admit_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its response, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const saves = new Counter({
    name: 'admit_saves_total',
    help: 'Saves of answers (PUT /api/answer), by outcome: ok, refused (4xx), unavailable (503), failed (5xx).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'admit_submissions_total',
    help: 'Submissions (POST /api/submit), by outcome: ok, refused (4xx), unavailable (503), failed (5xx).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'admit_job_failures_total',
    help: 'Failed attempts of background jobs, by kind; final="true" when the job gave up.',
    labelNames: ['kind', 'final'] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'admit_mail_failures_total',
    help: 'Failed attempts to send a mail; final="true" when the mail was given up.',
    labelNames: ['final'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'admit_jobs',
    help: 'Jobs in the queue now, by kind and status (queued, running, failed), read from the database at each scrape.',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const { rows } = await sql<{ kind: string; status: string; count: number }>`
          SELECT kind, status, count(*)::int AS count FROM jobs
          WHERE status IN ('queued', 'running', 'failed')
          GROUP BY kind, status
        `.execute(db);
        for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.count);
      } catch {
        // The database is down or slow: admit_database_up says so; the scrape still answers.
      }
    },
  });
  new Gauge({
    name: 'admit_database_up',
    help: '1 while the database answers, 0 during an outage (every call then answers 503).',
    registers: [registry],
    collect() {
      this.set(databasePoolStats(db)?.down === true ? 0 : 1);
    },
  });
  new Gauge({
    name: 'admit_db_pool_connections',
    help: 'Connections of the database pool, by state: total (open), idle, waiting (requests waiting for one).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = databasePoolStats(db);
      if (stats === undefined) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  return {
    registry,
    /** Counts one answered request (the onResponse hook). */
    observe(request: FastifyRequest, reply: FastifyReply): void {
      const route = routeLabel(request);
      const status = reply.statusCode;
      requestDuration.observe(
        { method: request.method, route, status: String(status) },
        reply.elapsedTime / 1000,
      );
      const name = `${request.method} ${route}`;
      if (name === SAVE) saves.inc({ outcome: outcome(status) });
      else if (name === SUBMIT) submissions.inc({ outcome: outcome(status) });
    },
    /** A job's attempt failed (services/jobs.ts `onAttemptFailed`). */
    jobFailed: ({ kind, final }: { kind: string; final: boolean }): void => {
      jobFailures.inc({ kind, final: String(final) });
      if (kind === SEND_MAIL_JOB) mailFailures.inc({ final: String(final) });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The metrics listener: `GET /metrics` answers the text format, anything else a JSON 404. A
 * plain node:http server: it has one address and must not share the app's hooks or limits.
 */
export function startMetricsServer(
  metrics: Metrics,
  where: { port: number; host: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: 'Not found: the metrics are at /metrics.' }));
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            message: `The metrics could not be collected: ${error instanceof Error ? error.message : String(error)}`,
          }),
        );
      },
    );
  });
  // A scraper's connection is kept, but one that goes silent is not held for ever.
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Counts every answered request and every failed job, and serves them on `listen` (when set)
 * while the app listens.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    options: { metrics: Metrics; listen: { port: number; host: string } | undefined },
  ) => {
    const { metrics, listen } = options;
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      metrics.observe(request, reply);
    });
    let server: Server | undefined;
    let listening: Promise<Server | undefined> = Promise.resolve(undefined);
    if (listen !== undefined) {
      app.addHook('onListen', async () => {
        // Fastify does not wait for onListen hooks: `metricsServer()` does.
        const starting = startMetricsServer(metrics, listen);
        listening = starting;
        server = await starting;
        const address = server.address();
        const port = address !== null && typeof address === 'object' ? address.port : listen.port;
        app.log.info(
          { metricsPort: port },
          `metrics: Prometheus text at http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${String(port)}/metrics`,
        );
      });
      app.addHook('onClose', async () => {
        await new Promise<void>((resolve) => {
          if (server === undefined) resolve();
          else {
            server.closeAllConnections();
            server.close(() => {
              resolve();
            });
          }
        });
      });
    }
    app.decorate('metricsServer', () => listening);
  },
  { name: 'metrics' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener once the app listens (undefined without METRICS_PORT). */
    metricsServer: () => Promise<Server | undefined>;
  }
}
