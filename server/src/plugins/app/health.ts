/**
 * Health for load balancers, service managers and monitors (docs/operations/observability.md):
 *
 * - `GET /health/live`: the process answers (200). Nothing else is checked: a database outage
 *   must not get a healthy process restarted.
 * - `GET /health/ready`: this instance can serve applicants: the database answers, its
 *   migrations are all applied, the job workers run, and the file store takes a write. 200
 *   when all hold, else 503 naming each check that failed. Every check is bounded, so a
 *   frozen database answers 503 within seconds, not the length of the freeze.
 *
 * `GET /api/health` (the database answers) stays for the scripts and tests that poll it.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Type } from 'typebox';

import { type Db, MIGRATION_NAMES } from '../../db/database.ts';
import { DatabaseUnavailableError } from '../../db/health.ts';
import { errorAnswers, PUBLIC_SECURITY } from '../../routes/schemas.ts';

/** A check that has not answered by then has failed: the probe's own timeout is usually 5 s+. */
export const READY_CHECK_TIMEOUT_MS = 4_000;

export interface HealthOptions {
  db: Db;
  /** The job workers whose loops must be running (the conversion queue and the mail queue). */
  workers: Readonly<Record<string, { isRunning: () => boolean }>>;
  /** The local file store's folder (DATA_DIR/files); undefined with S3 (not written to). */
  filesDir: string | undefined;
}

const Check = Type.Object({
  ok: Type.Boolean(),
  message: Type.String({ description: 'What was found: a failed check says why.' }),
});

const Ready = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
    checks: Type.Object({
      database: Check,
      migrations: Check,
      jobs: Check,
      storage: Check,
    }),
  },
  { description: 'Each check, and whether it held.' },
);

interface CheckResult {
  ok: boolean;
  message: string;
}

/** `work`'s result, or `late()` when it has not settled within READY_CHECK_TIMEOUT_MS. */
async function bounded<T>(work: Promise<T>, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<T>((resolve) => {
        timer = setTimeout(() => {
          resolve(late());
        }, READY_CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A failure in a few words for the probe's answer, which anyone who reaches the port reads:
 * the outage's reason or the error's code, never a path, host or SQL (the log has those).
 */
function why(error: unknown): string {
  if (error instanceof DatabaseUnavailableError) return error.reason;
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' ? code : 'an error';
}
const within = `within ${String(READY_CHECK_TIMEOUT_MS / 1000)} s`;

export const health = fp(
  async (app: FastifyInstance, options: HealthOptions) => {
    const { db, workers, filesDir } = options;
    const tags = ['health'];

    app.get(
      '/health/live',
      {
        schema: {
          operationId: 'healthLive',
          tags,
          summary: 'The process answers (liveness)',
          security: PUBLIC_SECURITY,
          response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errorAnswers() },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    /** The database answers and has every migration this build carries. */
    async function schema(): Promise<{ database: CheckResult; migrations: CheckResult }> {
      let applied: Set<string>;
      try {
        const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
        applied = new Set(rows.map((row) => row.name));
      } catch (error) {
        return {
          database: { ok: false, message: `The database did not answer (${why(error)}).` },
          migrations: { ok: false, message: 'Not checked: the database did not answer.' },
        };
      }
      const missing = MIGRATION_NAMES.filter((name) => !applied.has(name));
      return {
        database: { ok: true, message: 'The database answers.' },
        migrations:
          missing.length === 0
            ? { ok: true, message: `All ${String(MIGRATION_NAMES.length)} migrations are applied.` }
            : {
                ok: false,
                message: `${String(missing.length)} migrations are not applied yet: ${missing.join(', ')}.`,
              },
      };
    }

    async function jobs(): Promise<CheckResult> {
      const stopped = Object.entries(workers)
        .filter(([, worker]) => !worker.isRunning())
        .map(([name]) => name);
      return stopped.length === 0
        ? { ok: true, message: 'The job workers run.' }
        : { ok: false, message: `Not running: ${stopped.join(', ')}.` };
    }

    async function storage(): Promise<CheckResult> {
      if (filesDir === undefined)
        return { ok: true, message: 'Files are kept on S3 (not written to by this check).' };
      // A few bytes written and removed: a full disk or a read-only mount fails here.
      const probe = join(filesDir, `.ready-${String(process.pid)}`);
      try {
        await mkdir(filesDir, { recursive: true });
        await writeFile(probe, 'ready\n');
        await rm(probe, { force: true });
        return { ok: true, message: 'The file store takes writes.' };
      } catch (error) {
        return { ok: false, message: `The file store does not take writes (${why(error)}).` };
      }
    }

    app.get(
      '/health/ready',
      {
        schema: {
          operationId: 'healthReady',
          tags,
          summary:
            'The instance can serve applicants: database, migrations, job workers, file store (readiness)',
          security: PUBLIC_SECURITY,
          // 503 names the failed checks in the same shape as 200, not SPEC §8's {message}.
          response: { ...errorAnswers(), 200: Ready, 503: Ready },
        },
      },
      async (_request, reply) => {
        const [found, jobsCheck, storageCheck] = await Promise.all([
          bounded(schema(), () => ({
            database: { ok: false, message: `The database did not answer ${within}.` },
            migrations: { ok: false, message: 'Not checked: the database did not answer.' },
          })),
          jobs(),
          bounded(storage(), () => ({
            ok: false,
            message: `The file store did not take a write ${within}.`,
          })),
        ]);
        const checks = {
          database: found.database,
          migrations: found.migrations,
          jobs: jobsCheck,
          storage: storageCheck,
        };
        const ready = Object.values(checks).every((check) => check.ok);
        reply.header('cache-control', 'no-store');
        return reply
          .code(ready ? 200 : 503)
          .send({ status: ready ? 'ready' : 'not ready', checks });
      },
    );
  },
  { name: 'health' },
);
