/**
 * The database: Kysely over node-postgres, migrated at start. The same code runs on the
 * embedded server and on any PostgreSQL named by DATABASE_URL. Every connection has time
 * limits, and an outage is answered 503 and logged once (db/health.ts).
 */
import {
  type CompiledQuery,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import pg from 'pg';

import {
  createDatabaseHealth,
  DatabaseUnavailableError,
  DB_CONNECT_TIMEOUT_MS,
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  DB_QUERY_TIMEOUT_MS,
  DB_STATEMENT_TIMEOUT_MS,
  type DatabaseHealth,
  type HealthLog,
} from './health.ts';

import * as m001 from './migrations/001_accounts_and_applications.ts';
import * as m002 from './migrations/002_documents_and_jobs.ts';
import * as m003 from './migrations/003_application_pdf.ts';
import * as m004 from './migrations/004_lookups_and_tokens.ts';
import * as m005 from './migrations/005_jsonb_merge_agg.ts';
import * as m006 from './migrations/006_accounts_hardening.ts';
import * as m007 from './migrations/007_upload_grants.ts';
import * as m008 from './migrations/008_receipts.ts';
import * as m009 from './migrations/009_job_priority.ts';
import * as m010 from './migrations/010_mail_delay_index.ts';
import * as m011 from './migrations/011_account_language.ts';
import { type SsnSealer, ssnAtRest } from './migrations/012_ssn_at_rest.ts';
import * as m013 from './migrations/013_staff_and_audit.ts';
import { totpSecretsSealed } from './migrations/014_totp_secrets_sealed.ts';
import * as m015 from './migrations/015_document_message_code.ts';
import { type DataKeys } from '../services/dataKeys.ts';
import { resealTotpSecret } from '../services/totpSecrets.ts';
import { type Database } from './schema.ts';

// timestamptz as Date, bigint counts as numbers (they stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Every migration, in order. Bundled with the code, so a built server needs no files. */
const migrations: Record<string, Migration> = {
  '001_accounts_and_applications': m001,
  '002_documents_and_jobs': m002,
  '003_application_pdf': m003,
  '004_lookups_and_tokens': m004,
  '005_jsonb_merge_agg': m005,
  '006_accounts_hardening': m006,
  '007_upload_grants': m007,
  '008_receipts': m008,
  '009_job_priority': m009,
  '010_mail_delay_index': m010,
  '011_account_language': m011,
  // Given its sealer by `migrate` (the college and the data key are the caller's).
  '012_ssn_at_rest': ssnAtRest(undefined),
  '013_staff_and_audit': m013,
  // Given the data key by `migrate`, as 012.
  '014_totp_secrets_sealed': totpSecretsSealed(undefined),
  '015_document_message_code': m015,
};

/** The migrations, with the sealers for the ones that need the data key (012, 014). */
function provider(ssn: SsnSealer | undefined, dataKeys: DataKeys | undefined): MigrationProvider {
  const totp =
    dataKeys === undefined
      ? undefined
      : {
          reseal: (staffId: string, stored: string) => resealTotpSecret(dataKeys, staffId, stored),
        };
  return {
    getMigrations: () =>
      Promise.resolve({
        ...migrations,
        '012_ssn_at_rest': ssnAtRest(ssn),
        '014_totp_secrets_sealed': totpSecretsSealed(totp),
      }),
  };
}

export type Db = Kysely<Database>;

/**
 * The time limits of a pool's connections (db/health.ts says why each value). The server's
 * requests and jobs run under REQUEST_LIMITS; the staff CLI and migrations under STAFF_LIMITS,
 * which bound connecting but let a statement take as long as it needs (an import, an index).
 */
export interface DatabaseLimits {
  connectMs: number;
  /** PostgreSQL's statement_timeout; undefined: none. */
  statementMs: number | undefined;
  /** node-postgres's query_timeout (the client stops waiting); undefined: none. */
  queryMs: number | undefined;
  idleInTransactionMs: number;
}

export const REQUEST_LIMITS: DatabaseLimits = {
  connectMs: DB_CONNECT_TIMEOUT_MS,
  statementMs: DB_STATEMENT_TIMEOUT_MS,
  queryMs: DB_QUERY_TIMEOUT_MS,
  idleInTransactionMs: DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
};

export const STAFF_LIMITS: DatabaseLimits = {
  // No one waits on a page for these: a busy server is given time to let them in.
  connectMs: 10_000,
  statementMs: undefined,
  queryMs: undefined,
  idleInTransactionMs: DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
};

/** A pooled connection as Kysely uses it, plus the named prepared statements of `executePrepared`. */
interface GuardedClient extends PostgresPoolClient {
  prepared: <Row extends pg.QueryResultRow>(config: pg.QueryConfig) => Promise<pg.QueryResult<Row>>;
}

interface Opened {
  connect: () => Promise<GuardedClient>;
  health: DatabaseHealth;
  pool: pg.Pool;
}

/** Each database's guarded pool and health, for executePrepared and setDatabaseLog. */
const opened = new WeakMap<Db, Opened>();

/**
 * A connection that reports its failures to `health` and, once its connection is lost (or the
 * database went down while it was checked out), sends nothing more: the rollback Kysely tries
 * after a failure fails at once instead of waiting behind a dead query, and the pool discards
 * the connection on release (the server rolls back what it held when it sees it close).
 */
function guardClient(client: pg.PoolClient, health: DatabaseHealth): GuardedClient {
  let lost: DatabaseUnavailableError | undefined;
  async function run<T>(send: () => Promise<T>): Promise<T> {
    if (lost !== undefined) throw lost;
    try {
      health.check();
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) lost = error;
      throw error;
    }
    try {
      return await send();
    } catch (error) {
      const failure = health.failed(error);
      if (failure instanceof DatabaseUnavailableError && failure.kind === 'down') lost = failure;
      throw failure;
    }
  }
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: readonly unknown[],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely's streaming (a cursor) is not used by the server; it goes through unguarded.
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
    return run(
      async () =>
        (await client.query(
          sqlOrCursor,
          parameters as unknown[],
        )) as unknown as PostgresQueryResult<R>,
    );
  }
  // A checked-out client has no listener of the pool's: a connection that dies between two
  // statements (in a transaction, say) emits 'error' to nobody, which would end the process.
  const onError = (error: Error) => {
    const failure = health.failed(error);
    lost = failure instanceof DatabaseUnavailableError ? failure : lost;
  };
  client.on('error', onError);
  return {
    query: query as PostgresPoolClient['query'],
    prepared: (config) => run(() => client.query(config)),
    release() {
      client.off('error', onError);
      client.release(lost === undefined ? undefined : new Error('database connection lost'));
    },
  };
}

/** One fresh connection and `SELECT 1`: does the database answer now? */
async function probeDatabase(url: string, limits: DatabaseLimits): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: limits.connectMs,
    query_timeout: DB_QUERY_TIMEOUT_MS,
  });
  // A connection error after connect() settled is emitted, and would end the process unheard.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    client.end().catch(() => undefined);
  }
}

/**
 * Opens a connection pool to `url`, with `limits` on every connection and outages handled as
 * db/health.ts describes.
 */
export function openDatabase(url: string, poolSize = 20, limits = REQUEST_LIMITS): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: limits.connectMs,
    ...(limits.statementMs === undefined ? {} : { statement_timeout: limits.statementMs }),
    ...(limits.queryMs === undefined ? {} : { query_timeout: limits.queryMs }),
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    // Idle connections to a host that vanished are found by TCP, not by the next request.
    keepAlive: true,
  });
  const health = createDatabaseHealth({ probe: () => probeDatabase(url, limits) });
  // node-postgres emits an idle connection's error on the pool, and an unhandled one ends the
  // process: a PostgreSQL shutdown or restart must not crash the app. The pool drops that
  // connection; the health check decides whether the database itself is gone (and logs once).
  pool.on('error', (error) => {
    health.failed(error);
  });
  const guarded: PostgresPool & Opened = {
    health,
    pool,
    async connect() {
      health.check();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw health.failed(error);
      }
      return guardClient(client, health);
    },
    async end() {
      health.stop();
      await pool.end();
    },
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guarded }) });
  opened.set(db, guarded);
  return db;
}

/** The connection pool's counts now, for the metrics (plugins/app/metrics.ts). */
export function databasePoolStats(
  db: Db,
): { total: number; idle: number; waiting: number; down: boolean } | undefined {
  const found = opened.get(db);
  if (found === undefined) return undefined;
  const { pool, health } = found;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    down: health.isDown(),
  };
}

/** Outage lines of `db` go to `log` (buildApp passes Fastify's logger). */
export function setDatabaseLog(db: Db, log: HealthLog): void {
  opened.get(db)?.health.useLog(log);
}

/**
 * Runs `query` as the named prepared statement `name`: each connection parses it once, and
 * PostgreSQL may keep its plan. For a hot statement whose text never changes (the batched save
 * runs hundreds of times a second under load); Kysely sends every query unnamed, so each would
 * be parsed and planned anew. The same name must always carry the same text.
 */
export async function executePrepared<Row>(
  db: Db,
  name: string,
  query: CompiledQuery,
): Promise<Row[]> {
  const pool = opened.get(db);
  if (pool === undefined) throw new Error('executePrepared: this database was not opened here');
  const client = await pool.connect();
  try {
    const result = await client.prepared<Row & pg.QueryResultRow>({
      name,
      text: query.sql,
      values: [...query.parameters],
    });
    return result.rows;
  } finally {
    client.release();
  }
}

/** The names of every migration this build carries, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/** The PostgreSQL extensions the migrations create (citext, pgcrypto, pg_trgm). */
export const REQUIRED_EXTENSIONS = ['citext', 'pgcrypto', 'pg_trgm'] as const;

/**
 * The migrations could not run because the database role may not create an extension: a DBA
 * has to, once. Its message names them and the statements to run (main.ts exits with it).
 */
export class ExtensionPrivilegeError extends Error {
  override name = 'ExtensionPrivilegeError';
}

/** SQLSTATE 42501 insufficient_privilege, raised by CREATE EXTENSION. */
function isExtensionPrivilegeError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  return code === '42501' && /extension/i.test(error.message);
}

function extensionHint(url: string, error: Error): string {
  let database = 'the application database';
  try {
    const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
    if (name !== '') database = `the database "${name}"`;
  } catch {
    // The URL was read by node-postgres already; the generic words will do.
  }
  return [
    `The database role may not create the PostgreSQL extensions Admit needs (${error.message}).`,
    `Ask the database administrator to connect to ${database} as a superuser (for example \`sudo -u postgres psql -d DATABASE\`) and run, once:`,
    ...REQUIRED_EXTENSIONS.map((name) => `  CREATE EXTENSION IF NOT EXISTS ${name};`),
    'Then start Admit again: its migrations find the extensions in place and go on.',
  ].join('\n');
}

/**
 * Brings the schema up to date, or up to the migration `upTo` (a restore loads a backup's rows
 * into the schema they were taken from, then migrates the rest); throws with the failing
 * migration's name, or ExtensionPrivilegeError naming the extensions when the role may not
 * create them. `url` names the database in that message.
 */
export async function migrate(
  db: Db,
  options: { url?: string; upTo?: string; ssn?: SsnSealer; dataKeys?: DataKeys } = {},
): Promise<void> {
  const { url, upTo, ssn, dataKeys } = options;
  // Migrations written in parallel may land out of name order (004 before 002): run each once.
  const migrator = new Migrator({
    db,
    provider: provider(ssn, dataKeys),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await (upTo === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(upTo));
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    if (isExtensionPrivilegeError(error))
      throw new ExtensionPrivilegeError(extensionHint(url ?? '', error), { cause: error });
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      {
        cause: error,
      },
    );
  }
}
