/**
 * The lookup data tests import: the compact public files the repository ships
 * (server/lookups, written by scripts/pack-lookups.mjs), the same the server imports at its
 * first start. Tests read nothing outside the repository.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { BUNDLED_LOOKUPS_DIR } from '../config.ts';
import { type Db, migrate, openDatabase } from '../db/database.ts';
import { createDatabase } from './context.ts';

export const LOOKUPS_DIR = BUNDLED_LOOKUPS_DIR;

/** The bundled files' names, unzipped. */
export const LOOKUP_FILE_NAMES = ['nces_ceeb_crosswalk.csv', 'pesc_crosswalk.csv', 'hd2024.csv'];

/**
 * Writes the first `rows` rows of each bundled file into `dir` (created): the same formats, a
 * quick import. Plain `.csv` files, or `.csv.gz` when `gzipped`.
 */
export function writeLookupSample(dir: string, rows: number, gzipped = false): string {
  mkdirSync(dir, { recursive: true });
  for (const name of LOOKUP_FILE_NAMES) {
    const lines = gunzipSync(readFileSync(join(LOOKUPS_DIR, `${name}.gz`)))
      .toString('utf8')
      .split('\n');
    const text = `${lines.slice(0, rows + 1).join('\n')}\n`;
    if (gzipped) writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    else writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** A fresh migrated database with two pools on it, as two servers on one PostgreSQL have. */
export async function twoServersDatabase(): Promise<{
  first: Db;
  second: Db;
  close: () => Promise<void>;
}> {
  const { url, drop } = await createDatabase();
  const first = openDatabase(url, 5);
  await migrate(first);
  const second = openDatabase(url, 5);
  return {
    first,
    second,
    close: async () => {
      await first.destroy();
      await second.destroy();
      await drop();
    },
  };
}

/** The rows of lookup_imports, by dataset: what was imported, when, from where. */
export async function lookupImports(db: Db) {
  return db
    .selectFrom('lookup_imports')
    .select(['dataset', 'imported_at', 'rows', 'source'])
    .orderBy('dataset')
    .execute();
}
