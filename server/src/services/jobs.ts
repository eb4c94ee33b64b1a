/**
 * Background jobs: a queue in the `jobs` table. A worker claims one due job with
 * `FOR UPDATE SKIP LOCKED` and holds a lease (`locked_until`) while it runs, so several server
 * instances share the queue without running a job twice at once, and a job whose worker died
 * (crash, restart, kill) is taken up again once its lease runs out. Each attempt has a
 * timeout; a failed attempt is retried with exponential backoff up to `max_attempts`, and then
 * the job ends `failed` with its message: never stuck.
 *
 * @example
 * const jobs = createJobs({ db, clock, log });
 * jobs.define('convert-document', { run: async (payload, { signal }) => …, timeoutMs: 120_000 });
 * await jobs.enqueue('convert-document', { accountId, answerKey });
 * jobs.start(); // main.ts; tests call `await jobs.runOnce()` instead
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import { type Kysely, sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { DatabaseUnavailableError } from '../db/health.ts';
import { type Database } from '../db/schema.ts';
import { type Clock } from './clock.ts';

/** Thrown by a job to end it `failed` at once: trying again cannot help (e.g. a damaged file). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type JobPayload = Record<string, unknown>;

export interface JobRunContext {
  /** Aborted when the attempt times out: stop work (kill child processes) and return. */
  signal: AbortSignal;
  /** 1 for the first attempt. */
  attempt: number;
  jobId: number;
}

export interface JobDefinition<P extends JobPayload = JobPayload> {
  /** Does the work; a throw fails this attempt (retried unless it is a PermanentJobError). */
  run: (payload: P, context: JobRunContext) => Promise<void>;
  /**
   * Called once when the job ends `failed`, with the last error and its message (no error when
   * the last attempt's worker vanished).
   */
  onFailed?: (
    payload: P,
    message: string,
    error: unknown,
    job: { jobId: number; attempts: number },
  ) => Promise<void>;
  /**
   * Called after a failed attempt that will be retried, with when the next one runs: a kind
   * that rides out long outages (mail) says so once, at the first failure, not per attempt.
   */
  onRetry?: (
    payload: P,
    message: string,
    job: { jobId: number; attempt: number; runAfter: Date },
  ) => Promise<void> | void;
  /** Per-attempt time limit (default 60 s). */
  timeoutMs?: number;
  /** Attempts before the job ends `failed` (default 3). */
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1` for this kind (default: the queue's `backoffMs`). */
  backoffMs?: (attempt: number) => number;
}

export interface JobsLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

export interface JobsOptions {
  db: Db;
  clock: Clock;
  log?: JobsLog;
  /** Names this worker in `locked_by` (default host:pid:random). */
  workerId?: string;
  /** How long an idle worker sleeps between polls (default 1 s). */
  pollIntervalMs?: number;
  /** Jobs run at the same time by this instance (default 2). */
  concurrency?: number;
  /** Delay before attempt `attempt + 1` (default 5 s doubling, at most 10 min). */
  backoffMs?: (attempt: number) => number;
  /** How long a lease outlives the longest job timeout (default 30 s). */
  leaseMarginMs?: number;
  /**
   * Run by the worker every hour with its own pruning (services/housekeeping.ts): removes
   * what can no longer be used and answers how many rows of each kind went.
   */
  housekeeping?: () => Promise<Readonly<Record<string, number>>>;
  /** Told of every failed attempt, and whether it was the last (the metrics count them). */
  onAttemptFailed?: (failure: { kind: string; final: boolean }) => void;
}

export const DEFAULT_JOB_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
const LEASE_MARGIN_MS = 30_000;
const MAX_ERROR_LENGTH = 2000;
/** Finished jobs are kept this long for diagnosis, then pruned. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** 5 s, 10 s, 20 s … at most 10 minutes. */
export function defaultBackoff(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
}

const silentLog: JobsLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: JobPayload;
  attempts: number;
  max_attempts: number;
}

export function createJobs(options: JobsOptions) {
  const { db, clock } = options;
  const log = options.log ?? silentLog;
  const workerId =
    options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const backoffMs = options.backoffMs ?? defaultBackoff;
  const leaseMarginMs = options.leaseMarginMs ?? LEASE_MARGIN_MS;
  const definitions = new Map<
    string,
    Required<Omit<JobDefinition, 'onFailed' | 'onRetry' | 'backoffMs'>> & JobDefinition
  >();

  let loops: Promise<void>[] = [];
  let stopping = false;
  let wakeSleepers: (() => void)[] = [];
  let lastPrune = 0;
  // Read through a function: `stop()` flips it while the loop awaits.
  const isStopping = () => stopping;

  const kinds = () => [...definitions.keys()];
  const leaseMs = () =>
    Math.max(0, ...[...definitions.values()].map((definition) => definition.timeoutMs)) +
    leaseMarginMs;

  async function failJob(job: ClaimedJob, message: string, error?: unknown): Promise<void> {
    const definition = definitions.get(job.kind);
    try {
      await definition?.onFailed?.(job.payload, message, error, {
        jobId: job.id,
        attempts: job.attempts,
      });
    } catch (error) {
      log.error({ err: error, jobId: job.id, kind: job.kind }, 'job onFailed hook failed');
    }
  }

  /** Running jobs whose lease ran out on their last attempt: they end failed, never stuck. */
  async function failAbandoned(now: Date): Promise<void> {
    const result = await sql<ClaimedJob>`
      UPDATE jobs SET status = 'failed', locked_until = NULL, finished_at = ${now}, updated_at = ${now},
        last_error = ${'The work was interrupted (its worker stopped or timed out) on every attempt.'}
      WHERE id IN (
        SELECT id FROM jobs
        WHERE status = 'running' AND locked_until < ${now} AND attempts >= max_attempts
          AND kind = ANY(${kinds()})
        ORDER BY locked_until LIMIT 10 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts, last_error
    `.execute(db);
    for (const job of result.rows) {
      log.warn({ jobId: job.id, kind: job.kind }, 'job abandoned on its last attempt: failed');
      await failJob(job, 'The work was interrupted on every attempt.');
    }
  }

  /** Claims one due job (queued and due, or running with an expired lease) for this worker. */
  async function claim(now: Date): Promise<ClaimedJob | undefined> {
    const lockedUntil = new Date(now.getTime() + leaseMs());
    const result = await sql<ClaimedJob>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${lockedUntil},
        locked_by = ${workerId}, updated_at = ${now}
      WHERE id = (
        SELECT id FROM jobs
        WHERE kind = ANY(${kinds()})
          AND ((status = 'queued' AND run_after <= ${now})
            OR (status = 'running' AND locked_until < ${now} AND attempts < max_attempts))
        ORDER BY priority DESC, run_after, id
        LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts
    `.execute(db);
    return result.rows[0];
  }

  /** Runs one attempt with its timeout; returns the error, or undefined on success. */
  async function attempt(job: ClaimedJob): Promise<unknown> {
    const definition = definitions.get(job.kind);
    if (definition === undefined) return new PermanentJobError(`unknown job kind ${job.kind}`);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // Rejected before the abort, so the attempt's error is the timeout, not the handler's reaction.
        reject(new Error(`timed out after ${definition.timeoutMs} ms`));
        controller.abort();
      }, definition.timeoutMs);
    });
    try {
      await Promise.race([
        definition.run(job.payload, {
          signal: controller.signal,
          attempt: job.attempts,
          jobId: job.id,
        }),
        timeout,
      ]);
      return undefined;
    } catch (error) {
      return error ?? new Error('the job failed');
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Claims and runs one due job; resolves true when one ran (whatever its outcome), false when
   * there was nothing to do. Tests drive the queue with it; the loop of `start` calls it too.
   */
  async function runOnce(): Promise<boolean> {
    if (definitions.size === 0) return false;
    await failAbandoned(clock());
    const job = await claim(clock());
    if (job === undefined) return false;
    const error = await attempt(job);
    const now = clock();
    // Fenced by attempt and worker: if the lease was lost and another worker took the job,
    // this worker's outcome is not recorded over theirs.
    const mine = sql`id = ${job.id} AND status = 'running' AND attempts = ${job.attempts} AND locked_by = ${workerId}`;
    if (error === undefined) {
      await sql`
        UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL,
          finished_at = ${now}, updated_at = ${now}
        WHERE ${mine}
      `.execute(db);
      return true;
    }
    const message = errorMessage(error);
    const final = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
    options.onAttemptFailed?.({ kind: job.kind, final });
    if (final) {
      const result = await sql`
        UPDATE jobs SET status = 'failed', locked_until = NULL, last_error = ${message},
          finished_at = ${now}, updated_at = ${now}
        WHERE ${mine}
      `.execute(db);
      log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, error: message },
        'job failed',
      );
      if (result.numAffectedRows === 1n) await failJob(job, message, error);
    } else {
      const definition = definitions.get(job.kind);
      const runAfter = new Date(now.getTime() + (definition?.backoffMs ?? backoffMs)(job.attempts));
      const result = await sql`
        UPDATE jobs SET status = 'queued', locked_until = NULL, last_error = ${message},
          run_after = ${runAfter}, updated_at = ${now}
        WHERE ${mine}
      `.execute(db);
      log.info(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, error: message, runAfter },
        'job attempt failed; it will be retried',
      );
      if (result.numAffectedRows === 1n) {
        try {
          await definition?.onRetry?.(job.payload, message, {
            jobId: job.id,
            attempt: job.attempts,
            runAfter,
          });
        } catch (hookError) {
          log.error({ err: hookError, jobId: job.id, kind: job.kind }, 'job onRetry hook failed');
        }
      }
    }
    return true;
  }

  async function prune(): Promise<void> {
    const now = clock();
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    await db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('finished_at', '<', new Date(now.getTime() - KEEP_FINISHED_MS))
      .execute();
    if (options.housekeeping !== undefined) {
      const removed = await options.housekeeping();
      if (Object.values(removed).some((count) => count > 0))
        log.info({ removed }, 'housekeeping removed rows that can no longer be used');
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeSleepers = wakeSleepers.filter((wake) => wake !== done);
        resolve();
      }
      wakeSleepers.push(done);
    });
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        await prune();
        ran = await runOnce();
      } catch (error) {
        // The database may be restarting: keep polling, never exit the loop on an error. An
        // outage is logged once by db/health.ts, not once per poll.
        if (!(error instanceof DatabaseUnavailableError))
          log.error({ err: error }, 'job worker poll failed');
      }
      if (!ran && !isStopping()) await sleep(pollIntervalMs);
    }
  }

  return {
    workerId,
    /** The queue's time source (backoff and leases): jobs that stamp times use it too. */
    clock,

    /** Declares a job kind and how to run it. */
    define<P extends JobPayload>(kind: string, definition: JobDefinition<P>): void {
      definitions.set(kind, {
        ...(definition as unknown as JobDefinition),
        timeoutMs: definition.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS,
        maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
    },

    /**
     * Queues a job; pass a transaction as `db` so the job exists exactly when the change that
     * needs it commits. Call `wake()` after the commit to start it without waiting for a poll.
     */
    async enqueue(
      kind: string,
      payload: JobPayload,
      settings: {
        db?: Kysely<Database>;
        runAfter?: Date;
        maxAttempts?: number;
        /** Higher runs first among due jobs (default 0): mail whose code expires is 1. */
        priority?: number;
      } = {},
    ): Promise<number> {
      const now = clock();
      const row = await (settings.db ?? db)
        .insertInto('jobs')
        .values({
          kind,
          payload: JSON.stringify(payload),
          max_attempts:
            settings.maxAttempts ?? definitions.get(kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          run_after: settings.runAfter ?? now,
          priority: settings.priority ?? 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    runOnce,

    /** Runs due jobs until none is left; returns how many ran (tests). */
    async runUntilIdle(limit = 100): Promise<number> {
      let count = 0;
      while (count < limit && (await runOnce())) count += 1;
      return count;
    },

    /** Ends an idle worker's sleep so a new job starts now. */
    wake(): void {
      for (const wake of wakeSleepers) wake();
    },

    /** Starts `concurrency` polling loops (main.ts). */
    start(): void {
      if (loops.length > 0) return;
      stopping = false;
      loops = Array.from({ length: concurrency }, () => loop());
      log.info({ workerId, concurrency }, 'job worker started');
    },

    /** Whether the worker polls (started and not stopped): the readiness check asks. */
    isRunning: (): boolean => loops.length > 0 && !stopping,

    /** Stops polling and waits for the jobs in flight (each bounded by its timeout). */
    async stop(): Promise<void> {
      stopping = true;
      for (const wake of wakeSleepers) wake();
      await Promise.all(loops);
      loops = [];
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
