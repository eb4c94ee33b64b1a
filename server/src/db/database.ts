/**
 * The database: Kysely over node-postgres, migrated at start. The same code runs on the
 * embedded server and on any PostgreSQL named by DATABASE_URL.
 */
import {
  type CompiledQuery,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
} from 'kysely';
import pg from 'pg';

import * as m001 from './migrations/001_accounts_and_applications.ts';
import * as m002 from './migrations/002_documents_and_jobs.ts';
import * as m003 from './migrations/003_application_pdf.ts';
import * as m004 from './migrations/004_lookups_and_tokens.ts';
import * as m005 from './migrations/005_jsonb_merge_agg.ts';
import * as m006 from './migrations/006_upload_grants.ts';
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
  '006_upload_grants': m006,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export type Db = Kysely<Database>;

/** Each database's pool, for the statements Kysely cannot send as prepared statements. */
const pools = new WeakMap<Db, pg.Pool>();

/** Opens a connection pool to `url`. */
export function openDatabase(url: string, poolSize = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // node-postgres emits an idle connection's error on the pool, and an unhandled one ends the
  // process: a PostgreSQL shutdown or restart (the embedded server stops on SIGTERM alongside
  // us) must not crash the app. The next query opens a fresh connection.
  pool.on('error', (error) => {
    console.warn(`database: an idle connection was closed (${error.message})`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
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
  const pool = pools.get(db);
  if (pool === undefined) throw new Error('executePrepared: this database was not opened here');
  const result = await pool.query<Row & pg.QueryResultRow>({
    name,
    text: query.sql,
    values: [...query.parameters],
  });
  return result.rows;
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  // Migrations written in parallel may land out of name order (004 before 002): run each once.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      {
        cause: error,
      },
    );
  }
}
