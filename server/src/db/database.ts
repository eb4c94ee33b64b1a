/**
 * The database: Kysely over node-postgres, migrated at start. The same code runs on the
 * embedded server and on any PostgreSQL named by DATABASE_URL.
 */
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';

import * as m001 from './migrations/001_accounts_and_applications.ts';
import { type Database } from './schema.ts';

// timestamptz as Date, bigint counts as numbers (they stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Every migration, in order. Bundled with the code, so a built server needs no files. */
const migrations: Record<string, Migration> = {
  '001_accounts_and_applications': m001,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export type Db = Kysely<Database>;

/** Opens a connection pool to `url`. */
export function openDatabase(url: string, poolSize = 20): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 }),
    }),
  });
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, {
      cause: error,
    });
  }
}
