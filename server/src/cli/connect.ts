/**
 * The CLI's database: the same one the server uses, whether or not the server runs.
 *
 * - DATABASE_URL set: that database.
 * - Else the embedded PostgreSQL of DATA_DIR/pg: when one is running (a server started by
 *   `npm start` holds the folder), the CLI connects to it, found through PostgreSQL's own
 *   postmaster.pid, and leaves it running; otherwise it starts it for the command and stops
 *   it after (fast shutdown: committed data kept).
 */
import { join } from 'node:path';

import { sql } from 'kysely';
import pg from 'pg';

import { type Config } from '../config.ts';
import { type Db, migrate, openDatabase, STAFF_LIMITS } from '../db/database.ts';
import { type SsnSealer } from '../db/migrations/012_ssn_at_rest.ts';
import { type DataKeys } from '../services/dataKeys.ts';
import { runningEmbeddedUrl, startEmbeddedDatabase } from '../db/embedded.ts';
import { CommandError } from './commands.ts';

export interface CliDatabase {
  db: Db;
  /** Its connection URL (a backup and a restore take connections of their own). */
  url: string;
  /** Which database this is, for the first note line. */
  description: string;
  /** Closes the pool, and stops the embedded server when the CLI started it. */
  close: () => Promise<void>;
}

/**
 * Waits (up to 2 s) until no other client is connected to the server at `url`. The pool's
 * end() resolves before its connections have closed; stopping PostgreSQL then would end them
 * mid-goodbye and the pool would report each as an error.
 */
async function connectionsClosed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const result = await client.query<{ others: number }>(
        `SELECT count(*)::int AS others FROM pg_stat_activity
         WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      if ((result.rows[0]?.others ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

/**
 * Opens the database the configuration names. `migrate: false` leaves the schema as it is
 * (a restore migrates to the backup's own version first).
 */
export async function openCliDatabase(
  config: Config,
  note: (line: string) => void,
  options: { migrate?: boolean; ssn?: SsnSealer; dataKeys?: DataKeys } = {},
): Promise<CliDatabase> {
  const { ssn, dataKeys } = options;
  const migrateNow =
    options.migrate === false
      ? async () => undefined
      : (db: Db) =>
          migrate(db, {
            ...(ssn === undefined ? {} : { ssn }),
            ...(dataKeys === undefined ? {} : { dataKeys }),
          });
  if (config.databaseUrl !== undefined) {
    const db = openDatabase(config.databaseUrl, 4, STAFF_LIMITS);
    await migrateNow(db);
    return {
      db,
      url: config.databaseUrl,
      description: 'DATABASE_URL',
      close: () => db.destroy(),
    };
  }
  const root = join(config.dataDir, 'pg');
  const running = runningEmbeddedUrl(root);
  if (running !== undefined) {
    const db = openDatabase(running, 4, STAFF_LIMITS);
    try {
      await sql`SELECT 1`.execute(db);
    } catch (error) {
      await db.destroy();
      throw new CommandError(
        `The embedded PostgreSQL in ${root} is running but does not answer (${error instanceof Error ? error.message : String(error)}); it may be starting or stopping: try again in a moment.`,
      );
    }
    await migrateNow(db);
    return {
      db,
      url: running,
      description: `the running embedded PostgreSQL in ${root}`,
      close: () => db.destroy(),
    };
  }
  const embedded = await startEmbeddedDatabase(root, note);
  const db = openDatabase(embedded.url, 4, STAFF_LIMITS);
  try {
    await migrateNow(db);
  } catch (error) {
    await db.destroy();
    await embedded.stop();
    throw error;
  }
  return {
    db,
    url: embedded.url,
    description: `the embedded PostgreSQL in ${root} (started for this command)`,
    close: async () => {
      await db.destroy();
      await connectionsClosed(embedded.url);
      await embedded.stop();
    },
  };
}
