/**
 * The first start's import: a list (high schools, colleges) that was never imported into this
 * database (no row in lookup_imports) is imported from the lookup folder, by default the
 * public data the repository ships (server/lookups). So the lookups work after the first
 * `npm start` with no step of anyone's, and a college's own import (`lookups:import DIR`) is
 * never overwritten: once a list has a row in lookup_imports this does nothing.
 *
 * Servers that start together on one PostgreSQL import once: each takes a PostgreSQL advisory
 * lock, held by its own connection for the whole import, and looks again under it; the others
 * say that another server is importing, wait on the lock and then find the lists imported. A
 * server that dies mid-import releases the lock with its connection, and its transaction rolls
 * back: the next one imports. The waiting takes as long as the import: `db` must be opened
 * without the requests' statement limits (main.ts opens it with STAFF_LIMITS), or the waiter
 * is cancelled after a few seconds and reports a failure that is not one.
 */
import { sql } from 'kysely';

import { type Db } from '../../db/database.ts';
import {
  importColleges,
  importHighSchools,
  type ImportSummary,
  type LookupDataset,
  lookupFiles,
} from './import.ts';

/** The advisory lock key of the first-start import (any constant no other lock of ours uses). */
export const BUNDLED_IMPORT_LOCK = 7_341_202_406;

const DATASETS: readonly LookupDataset[] = ['colleges', 'high_schools'];
const NAMES: Record<LookupDataset, string> = { colleges: 'colleges', high_schools: 'high schools' };

/** The lists with no row in lookup_imports, in import order. */
async function neverImported(db: Db): Promise<LookupDataset[]> {
  const rows = await db.selectFrom('lookup_imports').select('dataset').execute();
  const imported = new Set(rows.map((row) => row.dataset));
  return DATASETS.filter((dataset) => !imported.has(dataset));
}

const count = (n: number) => n.toLocaleString('en-US');

/** The done line of one list. */
function doneLine(summary: ImportSummary, ms: number): string {
  const seconds = `${(ms / 1000).toFixed(1)} s`;
  if (summary.dataset === 'colleges')
    return `lookups: imported ${count(summary.rowsImported)} colleges (${count(summary.offered ?? 0)} active and degree-granting offered, ${count(summary.withCeeb)} with a CEEB code) in ${seconds}`;
  return `lookups: imported ${count(summary.rowsImported)} high schools (${count(summary.withCeeb)} with a CEEB code, ${count(summary.rowsSkipped)} rows skipped) in ${seconds}`;
}

/**
 * Imports from `dir` each list this database never imported, once across servers; logs a line
 * before each list and one with its counts and time after. Returns what it imported (nothing
 * on every later start). Throws LookupImportError when `dir` lacks a file or holds a bad one.
 */
export async function importBundledLookups(
  db: Db,
  dir: string,
  log: (line: string) => void,
): Promise<ImportSummary[]> {
  // The common case, every start after the first: one query, no lock.
  if ((await neverImported(db)).length === 0) return [];
  return db.connection().execute(async (lockHolder) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_lock(${BUNDLED_IMPORT_LOCK}::bigint) AS locked`.execute(lockHolder);
    if (rows[0]?.locked !== true) {
      log(
        'lookups: another server is importing the lists into this database; waiting for it to finish',
      );
      await sql`SELECT pg_advisory_lock(${BUNDLED_IMPORT_LOCK}::bigint)`.execute(lockHolder);
    }
    try {
      const todo = await neverImported(db);
      if (todo.length === 0) {
        log('lookups: another server imported the lists meanwhile; nothing to import');
        return [];
      }
      const files = lookupFiles(dir);
      const summaries: ImportSummary[] = [];
      for (const dataset of todo) {
        const started = Date.now();
        log(
          `lookups: the ${NAMES[dataset]} were never imported into this database; importing them from ${dataset === 'colleges' ? `${files.directory} and ${files.crosswalk}` : files.highSchools} …`,
        );
        const summary =
          dataset === 'colleges'
            ? await importColleges(db, files)
            : await importHighSchools(db, files.highSchools);
        log(doneLine(summary, Date.now() - started));
        summaries.push(summary);
      }
      return summaries;
    } finally {
      await sql`SELECT pg_advisory_unlock(${BUNDLED_IMPORT_LOCK}::bigint)`.execute(lockHolder);
    }
  });
}
