/**
 * What the server does when PostgreSQL stops answering. Every statement is bounded (the limits
 * below, set on the pool in db/database.ts), so a frozen database costs a request seconds, not
 * the length of the freeze. A failure that says the database is gone (refused, reset, timed
 * out) is checked by a probe of its own connection; when the probe fails too, the database is
 * *down*: one line is logged, every call fails at once with DatabaseUnavailableError (answered
 * 503 with Retry-After by plugins/app/errors.ts) instead of queueing on dead connections, and a
 * probe runs every second. The first probe that succeeds ends the outage with one more line.
 * So an outage costs two log lines, however many requests arrive, and recovery needs no one.
 */

import { text } from '../services/texts.ts';

/**
 * The longest a request waits on a database that does not answer before its 503: the bound
 * operators are promised for a frozen PostgreSQL (docs/operations/outages.md). Before the
 * database is known to be down (the probe below), a request meets at most two of the limits
 * that follow: one connect (or pool wait) and one statement, or two statements, when a batch
 * queued behind a frozen one takes another pooled connection that is frozen too (measured:
 * 5.0 s with a 2.5 s query timeout). So each limit is at most 2 s: 4 s in all, under the
 * bound with room for a busy machine.
 */
export const DB_REQUEST_WAIT_BOUND_MS = 5_000;
/**
 * Opening a connection (TCP, TLS, authentication) or waiting for a free one in the pool. A
 * healthy server connects in milliseconds, a busy machine's in a second or more (1.5 s was
 * met by two instances starting at once on a loaded machine); past 2 s it is not going to
 * help the person waiting, and with the query timeout it keeps a request's wait under 5 s.
 */
export const DB_CONNECT_TIMEOUT_MS = 2_000;
/**
 * PostgreSQL cancels a statement that runs longer (`statement_timeout`). The slowest statement
 * a request makes takes milliseconds (the batched save of 200 applicants, a lookup); one that
 * runs 1.5 s waits on a lock or an overloaded server, and the person is better told to retry.
 * Imports and migrations run without it (STAFF_LIMITS in db/database.ts).
 */
export const DB_STATEMENT_TIMEOUT_MS = 1_500;
/**
 * The client stops waiting for an answer (`query_timeout`): a frozen or unreachable server
 * cancels nothing itself. Half a second above the statement timeout, so that a live server's
 * own cancel always comes first and the connection stays usable; two of these, or one with the
 * connect timeout, make 4 s, under DB_REQUEST_WAIT_BOUND_MS.
 */
export const DB_QUERY_TIMEOUT_MS = DB_STATEMENT_TIMEOUT_MS + 500;
/**
 * PostgreSQL ends a session idle inside a transaction for this long
 * (`idle_in_transaction_session_timeout`), so a request stuck between two statements (a file
 * write that hangs) cannot hold its row locks, and every save of that applicant, forever.
 */
export const DB_IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;
/** How often a down database is tried again. */
export const DB_PROBE_INTERVAL_MS = 1_000;
/** Retry-After of a 503: outages seen in practice (a restart, a failover) last seconds. */
export const DB_RETRY_AFTER_S = 5;
/** A busy database (statements cancelled, no free connection) is logged at most this often. */
export const DB_BUSY_LOG_INTERVAL_MS = 60_000;

export const DATABASE_UNAVAILABLE_MESSAGE = text('server.errors.databaseUnavailable');

/**
 * `down`: the database cannot be reached (refused, reset, no answer); `busy`: it answered, but
 * not in time (a statement cancelled after its timeout, no free connection in the pool).
 */
export type UnavailableKind = 'down' | 'busy';

/** The database could not serve a call: answered 503 with Retry-After, never a stack trace. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(
    readonly kind: UnavailableKind,
    /** A short cause for the log ("ECONNREFUSED", "Query read timeout", "57014 …"). */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`database unavailable: ${reason}`, options);
  }
}

/** Socket errors that mean the server is not there. */
const DOWN_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** node-postgres's own words for a connection that died or never answered. */
const DOWN_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
];
/**
 * SQLSTATEs: class 08 (connection exception) and 57P01–57P03 (shutting down, crashed, starting)
 * mean down; 57014 (statement timeout), 55P03 (lock not available), 25P03 (idle in
 * transaction too long), class 53 (out of connections, memory, disk) mean busy.
 */
const DOWN_SQLSTATE = /^(?:08...|57P0[123])$/;
const BUSY_SQLSTATE = /^(?:57014|55P03|25P03|53...)$/;
/** pg-pool: every connection is in use and none came free within the connect timeout. */
const POOL_WAIT_MESSAGE = 'timeout exceeded when trying to connect';

/** Whether `error` says the database is down or busy, and why; undefined for anything else. */
export function classifyDatabaseError(
  error: unknown,
  depth = 0,
): { kind: UnavailableKind; reason: string } | undefined {
  if (error instanceof DatabaseUnavailableError) return { kind: error.kind, reason: error.reason };
  if (!(error instanceof Error) || depth > 3) return undefined;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    if (DOWN_ERROR_CODES.has(code)) return { kind: 'down', reason: code };
    if (DOWN_SQLSTATE.test(code)) return { kind: 'down', reason: `${code} ${error.message}` };
    if (BUSY_SQLSTATE.test(code)) return { kind: 'busy', reason: `${code} ${error.message}` };
  }
  if (error.message === POOL_WAIT_MESSAGE) return { kind: 'busy', reason: error.message };
  if (DOWN_MESSAGES.some((message) => error.message.startsWith(message)))
    return { kind: 'down', reason: error.message };
  // Node's connect to a name with several addresses fails with one error per address.
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = classifyDatabaseError(inner, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return error.cause === undefined ? undefined : classifyDatabaseError(error.cause, depth + 1);
}

/** Where outage lines go: Fastify's logger once the app is built, the console before. */
export interface HealthLog {
  warn: (object: object, message: string) => void;
  info: (object: object, message: string) => void;
}

const consoleLog: HealthLog = {
  warn: (_object, message) => {
    console.warn(message);
  },
  info: (_object, message) => {
    console.info(message);
  },
};

export interface DatabaseHealthOptions {
  /** Connects afresh (not from the pool) and runs a trivial statement; throws when it cannot. */
  probe: () => Promise<void>;
  log?: HealthLog;
  probeIntervalMs?: number;
  /** Milliseconds now (tests never need another). */
  now?: () => number;
}

export function createDatabaseHealth(options: DatabaseHealthOptions) {
  const probeIntervalMs = options.probeIntervalMs ?? DB_PROBE_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let log = options.log ?? consoleLog;
  let down: { since: number; reason: string; refused: number } | undefined;
  let probing = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let busy: { loggedAt: number; unlogged: number } | undefined;

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      probe(down?.reason ?? 'unknown');
    }, probeIntervalMs);
    // A CLI command that ends during an outage is not kept alive by the probe.
    timer.unref();
  }

  /**
   * Tries the database on a connection of its own; opens or closes the outage accordingly.
   * `whenAlive` runs when the probe finds the database answering and no outage was on.
   */
  function probe(reason: string, whenAlive?: () => void): void {
    if (probing || stopped) return;
    probing = true;
    void options
      .probe()
      .then(
        () => {
          if (down === undefined) whenAlive?.();
          else {
            const seconds = ((now() - down.since) / 1000).toFixed(1);
            log.info(
              { downForMs: now() - down.since, refused: down.refused },
              `database: available again after ${seconds} s; ${String(down.refused)} database calls were refused meanwhile`,
            );
            down = undefined;
          }
        },
        (error: unknown) => {
          if (down === undefined) {
            down = { since: now(), reason, refused: 0 };
            log.warn(
              { reason, probe: error instanceof Error ? error.message : String(error) },
              `database: unavailable (${reason}); requests are answered 503 until it answers again (checked every ${String(probeIntervalMs / 1000)} s)`,
            );
          }
          schedule();
        },
      )
      .finally(() => {
        probing = false;
      });
  }

  function noteBusy(reason: string): void {
    const at = now();
    if (busy !== undefined && at - busy.loggedAt < DB_BUSY_LOG_INTERVAL_MS) {
      busy.unlogged += 1;
      return;
    }
    log.warn(
      { reason, since: busy?.unlogged ?? 0 },
      `database: too slow to answer (${reason}); answered 503${busy === undefined ? '' : `, ${String(busy.unlogged)} more since the last such line`}`,
    );
    busy = { loggedAt: at, unlogged: 0 };
  }

  return {
    /** True while an outage is on (calls fail at once). */
    isDown: (): boolean => down !== undefined,

    /** Throws at once while the database is down: no call waits on a dead connection. */
    check(): void {
      if (down === undefined) return;
      down.refused += 1;
      throw new DatabaseUnavailableError('down', down.reason);
    },

    /**
     * Sorts a failed call: an outage or a slow database becomes DatabaseUnavailableError (a
     * sign of an outage starts a probe), anything else is returned as it is.
     */
    failed(error: unknown): unknown {
      if (error instanceof DatabaseUnavailableError) return error;
      const found = classifyDatabaseError(error);
      if (found === undefined) return error;
      if (down !== undefined) {
        // Part of the outage already logged: counted there, not logged again.
        down.refused += 1;
      } else if (found.kind === 'down') probe(found.reason);
      else if (found.reason === POOL_WAIT_MESSAGE) {
        // No connection came free: the database may be slow, or frozen with every connection
        // stuck in it. The probe tells which, and only then is one line logged: the outage's,
        // or this one (regression: a freeze logged "too slow" before its outage line).
        if (!probing) {
          probe(found.reason, () => {
            noteBusy(found.reason);
          });
        }
      } else noteBusy(found.reason);
      return new DatabaseUnavailableError(found.kind, found.reason, { cause: error });
    },

    /** Outage lines go to `next` from now on (buildApp passes Fastify's logger). */
    useLog(next: HealthLog): void {
      log = next;
    },

    /** Stops probing (the pool is closing). */
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;
