/**
 * The lookup importer: reads the public formats as published and replaces the high-school and
 * college tables with them.
 *
 * - High schools: the NCES-CEEB crosswalk (HS_CEEB, HS_NCES, HS_NAME, HS_CITY, HS_STATE,
 *   HS_POSTAL_CD).
 * - Colleges: IPEDS "HD" directory (hdYYYY.csv: UNITID, INSTNM, IALIAS, ADDR, CITY, STABBR,
 *   ZIP, OPEID, CYACTIVE, CLOSEDAT, DEGGRANT) joined with the PESC crosswalk (unitid, opeid,
 *   sat_profile = the 4-digit SAT/CEEB code), by unitid, else by OPEID.
 *
 * Each file may be plain (`.csv`) or gzipped (`.csv.gz`, as the repository ships them in
 * server/lookups). Files are streamed (csv-parse), rows inserted in batches (one multi-row
 * INSERT per batch), and each table is replaced inside one transaction: readers see the old
 * list until the new one is complete, and running an import twice leaves the same rows. Each
 * reader yields plain records, so another source (say a licensed College Board file) is one
 * more reader.
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';

import { parse } from 'csv-parse';
import { sql } from 'kysely';

import { type Db } from '../../db/database.ts';
import { displayCase, padCeeb, searchKey, tidy, zipCode } from './normalize.ts';

/** The files `importLookups` reads from a folder, each `.csv` or `.csv.gz`. */
export const LOOKUP_FILES = {
  highSchools: 'nces_ceeb_crosswalk.csv',
  crosswalk: 'pesc_crosswalk.csv',
  /** IPEDS names the directory file by year: the newest `hdYYYY.csv` is taken. */
  ipedsPattern: /^hd(\d{4})\.csv(\.gz)?$/i,
} as const;

/**
 * The columns each file's reader uses (header names as published; matched without regard to
 * case): `required` ones must be there, `optional` ones are read when present. The pack script
 * (pack.ts) keeps exactly these, so the bundled copies are read like the originals.
 */
export const LOOKUP_COLUMNS = {
  highSchools: {
    required: ['HS_CEEB', 'HS_NAME', 'HS_CITY', 'HS_STATE', 'HS_POSTAL_CD'],
    optional: ['HS_NCES', 'MATCH_NAME'],
  },
  crosswalk: { required: ['UNITID', 'OPEID', 'SAT_PROFILE'], optional: [] },
  directory: {
    required: ['UNITID', 'INSTNM', 'CITY', 'STABBR', 'ZIP', 'OPEID', 'CYACTIVE', 'DEGGRANT'],
    optional: ['IALIAS', 'ADDR', 'CLOSEDAT'],
  },
} as const satisfies Record<
  'highSchools' | 'crosswalk' | 'directory',
  { required: readonly string[]; optional: readonly string[] }
>;

/** Rows per INSERT: large enough to be fast, small enough for one round trip's parameters. */
const BATCH_ROWS = 2000;

export type LookupDataset = 'high_schools' | 'colleges';

/** Where an import stands, after every batch and at the end of each file. */
export interface ImportProgress {
  dataset: LookupDataset;
  /** The file being read. */
  file: string;
  /** Data rows read so far (header excluded). */
  rowsRead: number;
  /** Rows written to the table so far. */
  rowsImported: number;
  bytesRead: number;
  totalBytes: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportSummary {
  dataset: LookupDataset;
  /** Data rows read from the main file. */
  rowsRead: number;
  /** Rows now in the table. */
  rowsImported: number;
  /** Rows skipped: no name, no usable id, or a duplicate id. */
  rowsSkipped: number;
  /** Rows with a CEEB code. */
  withCeeb: number;
  /** Colleges only: active and degree-granting rows (those the lookup offers). */
  offered?: number;
}

/** A file the importer cannot use: the message names the file and what is wrong. */
export class LookupImportError extends Error {
  override name = 'LookupImportError';
}

export interface HighSchoolRecord {
  id: string;
  name: string;
  ceeb: string | undefined;
  ncesId: string | undefined;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface CollegeRecord {
  id: string;
  name: string;
  alias: string;
  ceeb: string | undefined;
  opeid: string | undefined;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  active: boolean;
  degreeGranting: boolean;
}

type Row = Record<string, string | undefined>;

interface CsvReader {
  rows: AsyncIterable<Row>;
  /** Bytes read so far, for progress. */
  bytesRead: () => number;
  totalBytes: number;
}

/** Passes bytes through unchanged, refusing a file that is not UTF-8 with a clear message. */
function utf8Check(file: string): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const refuse = () =>
    new LookupImportError(
      `${basename(file)} is not UTF-8 text; save it as UTF-8 (some IPEDS years were published in Windows-1252) and import again`,
    );
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        decoder.decode(chunk, { stream: true });
        callback(null, chunk);
      } catch {
        callback(refuse());
      }
    },
    flush(callback) {
      try {
        decoder.decode();
        callback();
      } catch {
        callback(refuse());
      }
    },
  });
}

/** A gzip stream's failure (zlib's codes start with Z_) said in a person's words. */
function gzipFailure(file: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !code.startsWith('Z_')) return error;
  return new LookupImportError(
    `${basename(file)} is not a complete gzip file (${(error as Error).message}); gzip the CSV again, or import it unzipped as .csv`,
  );
}

/**
 * Streams a CSV file (gunzipped when its name ends in .gz) as rows keyed by upper-cased header
 * names; checks `required` columns. Progress counts the bytes of the file as stored.
 */
function readCsv(file: string, required: readonly string[], what: string): CsvReader {
  if (!existsSync(file)) throw new LookupImportError(`${file} was not found`);
  const gzipped = /\.gz$/i.test(file);
  const totalBytes = statSync(file).size;
  let bytesRead = 0;
  let header: string[] | undefined;
  const input = createReadStream(file);
  input.on('data', (chunk) => {
    bytesRead += chunk.length;
  });
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    columns: (names: string[]) => {
      header = names.map((name) => name.trim().toUpperCase());
      return header;
    },
  });
  // pipeline ends every stream when one fails; the failure reaches the reader through `parser`.
  if (gzipped) pipeline(input, createGunzip(), utf8Check(file), parser, () => undefined);
  else pipeline(input, utf8Check(file), parser, () => undefined);
  const checkHeader = () => {
    const missing = required.filter((name) => !(header ?? []).includes(name));
    if (missing.length > 0) {
      parser.destroy();
      throw new LookupImportError(
        `${basename(file)} lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: is it ${what}?`,
      );
    }
  };
  async function* rows(): AsyncGenerator<Row> {
    let checked = false;
    try {
      for await (const row of parser as AsyncIterable<Row>) {
        if (!checked) checkHeader();
        checked = true;
        yield row;
      }
    } catch (error) {
      throw gzipFailure(file, error);
    }
    if (!checked) checkHeader();
  }
  return { rows: rows(), bytesRead: () => bytesRead, totalBytes };
}

/** A city as published, without a trailing comma or a repeated state ("Miami Lakes FL"). */
function cityName(city: string | undefined, state: string): string {
  let tidied = tidy(city).replace(/[,;.\s]+$/, '');
  if (state !== '' && tidied.toUpperCase().endsWith(` ${state}`))
    tidied = tidied.slice(0, -state.length - 1).replace(/[,\s]+$/, '');
  return displayCase(tidied);
}

/**
 * High schools from the NCES-CEEB crosswalk. The id is the CEEB code joined with the NCES id
 * (either alone when the other is missing): a few CEEB codes are shared by two schools.
 */
export async function* readNcesCeebCrosswalk(
  rows: AsyncIterable<Row>,
  onRow: () => void = () => undefined,
): AsyncGenerator<HighSchoolRecord | undefined> {
  for await (const row of rows) {
    onRow();
    const name = displayCase(tidy(row.HS_NAME) || tidy(row.MATCH_NAME));
    const ceeb = padCeeb(row.HS_CEEB, 6);
    const ncesId = tidy(row.HS_NCES) || undefined;
    const id = [ceeb, ncesId].filter((part) => part !== undefined).join('-');
    if (name === '' || id === '') {
      yield undefined;
      continue;
    }
    const state = tidy(row.HS_STATE).toUpperCase();
    yield {
      id,
      name,
      ceeb,
      ncesId,
      addressLine1: '',
      city: cityName(row.HS_CITY, state),
      state,
      zip: zipCode(row.HS_POSTAL_CD),
      country: 'USA',
    };
  }
}

/** SAT (CEEB) codes from the PESC crosswalk, by IPEDS unitid and by OPEID. */
export async function readPescCrosswalk(
  rows: AsyncIterable<Row>,
): Promise<{ byUnitid: Map<string, string>; byOpeid: Map<string, string> }> {
  const byUnitid = new Map<string, string>();
  const opeidCodes = new Map<string, Set<string>>();
  for await (const row of rows) {
    const code = padCeeb(row.SAT_PROFILE, 4);
    if (code === undefined) continue;
    const unitid = tidy(row.UNITID);
    if (unitid !== '' && unitid !== '-1') byUnitid.set(unitid, code);
    const opeid = tidy(row.OPEID);
    if (/^\d{8}$/.test(opeid))
      opeidCodes.set(opeid, (opeidCodes.get(opeid) ?? new Set()).add(code));
  }
  // An OPEID shared by campuses with different codes says nothing about any one of them.
  const byOpeid = new Map<string, string>();
  for (const [opeid, codes] of opeidCodes) {
    const [only] = codes;
    if (codes.size === 1 && only !== undefined) byOpeid.set(opeid, only);
  }
  return { byUnitid, byOpeid };
}

/**
 * Colleges from IPEDS HD. NOTICE: CYACTIVE 1 is an institution active in the current year;
 * CLOSEDAT holds a closing date (-2 when not closed); DEGGRANT 1 is degree-granting.
 */
export async function* readIpedsDirectory(
  rows: AsyncIterable<Row>,
  ceebs: { byUnitid: Map<string, string>; byOpeid: Map<string, string> },
  onRow: () => void = () => undefined,
): AsyncGenerator<CollegeRecord | undefined> {
  for await (const row of rows) {
    onRow();
    const id = tidy(row.UNITID);
    const name = displayCase(tidy(row.INSTNM));
    if (!/^\d+$/.test(id) || name === '') {
      yield undefined;
      continue;
    }
    const opeid = tidy(row.OPEID);
    const closedAt = tidy(row.CLOSEDAT);
    const state = tidy(row.STABBR).toUpperCase();
    yield {
      id,
      name,
      alias: tidy(row.IALIAS),
      ceeb: ceebs.byUnitid.get(id) ?? ceebs.byOpeid.get(opeid),
      opeid: /^\d{8}$/.test(opeid) ? opeid : undefined,
      addressLine1: tidy(row.ADDR),
      city: cityName(row.CITY, state),
      state,
      zip: zipCode(row.ZIP),
      country: 'USA',
      active: tidy(row.CYACTIVE) === '1' && (closedAt === '' || closedAt === '-2'),
      degreeGranting: tidy(row.DEGGRANT) === '1',
    };
  }
}

/** Groups an iterable into arrays of `size`. */
async function* batches<T>(items: AsyncIterable<T | undefined>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    if (item === undefined) continue;
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function insertHighSchools(
  trx: Db,
  records: HighSchoolRecord[],
  source: string,
): Promise<number> {
  const column = <K extends keyof HighSchoolRecord>(key: K) => records.map((r) => r[key]);
  const result = await sql`
    INSERT INTO high_schools
      (id, name, ceeb, nces_id, address_line_1, city, state, zip, country, search_name,
       search_text, source)
    SELECT id, name, ceeb, nces_id, address_line_1, city, state, zip, country, search_name,
      search_text, ${source}
    FROM unnest(
      ${column('id')}::text[], ${column('name')}::text[], ${column('ceeb')}::text[],
      ${column('ncesId')}::text[], ${column('addressLine1')}::text[], ${column('city')}::text[],
      ${column('state')}::text[], ${column('zip')}::text[], ${column('country')}::text[],
      ${records.map((r) => searchKey(r.name))}::text[],
      ${records.map((r) => searchKey(`${r.name} ${r.city} ${r.state}`))}::text[]
    ) AS t(id, name, ceeb, nces_id, address_line_1, city, state, zip, country, search_name,
      search_text)
    ON CONFLICT (id) DO NOTHING
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

async function insertColleges(trx: Db, records: CollegeRecord[], source: string): Promise<number> {
  const column = <K extends keyof CollegeRecord>(key: K) => records.map((r) => r[key]);
  const result = await sql`
    INSERT INTO colleges
      (id, name, alias, ceeb, opeid, address_line_1, city, state, zip, country, active,
       degree_granting, search_name, search_text, source)
    SELECT id, name, alias, ceeb, opeid, address_line_1, city, state, zip, country, active,
       degree_granting, search_name, search_text, ${source}
    FROM unnest(
      ${column('id')}::text[], ${column('name')}::text[], ${column('alias')}::text[],
      ${column('ceeb')}::text[], ${column('opeid')}::text[], ${column('addressLine1')}::text[],
      ${column('city')}::text[], ${column('state')}::text[], ${column('zip')}::text[],
      ${column('country')}::text[], ${column('active')}::boolean[],
      ${column('degreeGranting')}::boolean[], ${records.map((r) => searchKey(r.name))}::text[],
      ${records.map((r) => searchKey(`${r.name} ${r.alias} ${r.city} ${r.state}`))}::text[]
    ) AS t(id, name, alias, ceeb, opeid, address_line_1, city, state, zip, country, active,
       degree_granting, search_name, search_text)
    ON CONFLICT (id) DO NOTHING
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

/** Notes the import in lookup_imports (servers then rebuild their word index). */
async function recordImport(
  trx: Db,
  dataset: LookupDataset,
  rows: number,
  source: string,
): Promise<void> {
  await sql`
    INSERT INTO lookup_imports (dataset, imported_at, rows, source)
    VALUES (${dataset}, clock_timestamp(), ${rows}, ${source})
    ON CONFLICT (dataset) DO UPDATE SET
      imported_at = excluded.imported_at, rows = excluded.rows, source = excluded.source
  `.execute(trx);
}

/**
 * After a bulk load: fresh planner statistics, and the trigram index's pending list merged
 * into the index (a GIN index defers new entries to a list every search then reads in full,
 * which made searches ten times slower until autovacuum got to it).
 */
async function settle(db: Db, dataset: LookupDataset): Promise<void> {
  await sql`ANALYZE ${sql.table(dataset)}`.execute(db);
  await sql`SELECT gin_clean_pending_list(${`${dataset}_search_trgm`}::regclass)`.execute(db);
}

/** Replaces the high schools with the NCES-CEEB crosswalk at `file`. */
export async function importHighSchools(
  db: Db,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const csv = readCsv(file, LOOKUP_COLUMNS.highSchools.required, 'the NCES-CEEB crosswalk');
  let rowsRead = 0;
  let rowsImported = 0;
  const report = () =>
    options.onProgress?.({
      dataset: 'high_schools',
      file,
      rowsRead,
      rowsImported,
      bytesRead: csv.bytesRead(),
      totalBytes: csv.totalBytes,
    });
  const source = basename(file);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('high_schools').execute();
    const records = readNcesCeebCrosswalk(csv.rows, () => {
      rowsRead += 1;
    });
    for await (const batch of batches(records, BATCH_ROWS)) {
      rowsImported += await insertHighSchools(trx, batch, source);
      report();
    }
    await recordImport(trx, 'high_schools', rowsImported, source);
  });
  report();
  await settle(db, 'high_schools');
  const counts = await db
    .selectFrom('high_schools')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('ceeb').as('withCeeb'),
    ])
    .executeTakeFirstOrThrow();
  return {
    dataset: 'high_schools',
    rowsRead,
    rowsImported: counts.total,
    rowsSkipped: rowsRead - counts.total,
    withCeeb: counts.withCeeb,
  };
}

/** Replaces the colleges with IPEDS HD at `directoryFile`, coded from the PESC crosswalk. */
export async function importColleges(
  db: Db,
  files: { directory: string; crosswalk: string },
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const crosswalk = readCsv(
    files.crosswalk,
    LOOKUP_COLUMNS.crosswalk.required,
    'the PESC crosswalk',
  );
  const ceebs = await readPescCrosswalk(crosswalk.rows);
  const csv = readCsv(
    files.directory,
    LOOKUP_COLUMNS.directory.required,
    'the IPEDS HD directory file',
  );
  let rowsRead = 0;
  let rowsImported = 0;
  const report = () =>
    options.onProgress?.({
      dataset: 'colleges',
      file: files.directory,
      rowsRead,
      rowsImported,
      bytesRead: csv.bytesRead(),
      totalBytes: csv.totalBytes,
    });
  const source = `${basename(files.directory)} + ${basename(files.crosswalk)}`;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('colleges').execute();
    const records = readIpedsDirectory(csv.rows, ceebs, () => {
      rowsRead += 1;
    });
    for await (const batch of batches(records, BATCH_ROWS)) {
      rowsImported += await insertColleges(trx, batch, source);
      report();
    }
    await recordImport(trx, 'colleges', rowsImported, source);
  });
  report();
  await settle(db, 'colleges');
  const counts = await sql<{ total: number; with_ceeb: number; offered: number }>`
    SELECT count(*)::int AS total, count(ceeb)::int AS with_ceeb,
      count(*) FILTER (WHERE active AND degree_granting)::int AS offered
    FROM colleges
  `.execute(db);
  const row = counts.rows[0] ?? { total: 0, with_ceeb: 0, offered: 0 };
  return {
    dataset: 'colleges',
    rowsRead,
    rowsImported: row.total,
    rowsSkipped: rowsRead - row.total,
    withCeeb: row.with_ceeb,
    offered: row.offered,
  };
}

/**
 * The three files in `dir`, each `NAME.csv` or `NAME.csv.gz`; throws LookupImportError naming
 * what is missing, or a file present in both forms (which of the two is meant is unclear).
 */
export function lookupFiles(dir: string): {
  highSchools: string;
  crosswalk: string;
  directory: string;
} {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new LookupImportError(`${dir} is not a folder`);
  const names = readdirSync(dir);
  const oneOf = (found: string[], what: string): string | undefined => {
    if (found.length > 1)
      throw new LookupImportError(`${dir} holds both ${found.join(' and ')}: keep one (${what})`);
    return found[0];
  };
  const named = (name: string) =>
    oneOf(
      [name, `${name}.gz`].filter((candidate) => names.includes(candidate)),
      name,
    );
  const years = names
    .map((name) => LOOKUP_FILES.ipedsPattern.exec(name)?.[1])
    .filter((year) => year !== undefined)
    .sort();
  const newest = years.at(-1);
  const directory =
    newest === undefined
      ? undefined
      : oneOf(
          names.filter((name) => LOOKUP_FILES.ipedsPattern.exec(name)?.[1] === newest),
          'IPEDS HD',
        );
  const highSchools = named(LOOKUP_FILES.highSchools);
  const crosswalk = named(LOOKUP_FILES.crosswalk);
  if (highSchools === undefined || crosswalk === undefined || directory === undefined) {
    const missing = [
      highSchools === undefined ? LOOKUP_FILES.highSchools : undefined,
      crosswalk === undefined ? LOOKUP_FILES.crosswalk : undefined,
      directory === undefined ? 'hdYYYY.csv (IPEDS HD)' : undefined,
    ].filter((name) => name !== undefined);
    throw new LookupImportError(
      `${dir} lacks ${missing.join(', ')}; each may also be gzipped (NAME.csv.gz)`,
    );
  }
  return {
    highSchools: join(dir, highSchools),
    crosswalk: join(dir, crosswalk),
    directory: join(dir, directory),
  };
}

/**
 * Imports all three files from `dir` (colleges, then high schools).
 * @example await importLookups(db, BUNDLED_LOOKUPS_DIR, { onProgress: console.log });
 */
export async function importLookups(
  db: Db,
  dir: string,
  options: ImportOptions = {},
): Promise<{ colleges: ImportSummary; highSchools: ImportSummary }> {
  const files = lookupFiles(dir);
  const colleges = await importColleges(db, files, options);
  const highSchools = await importHighSchools(db, files.highSchools, options);
  return { colleges, highSchools };
}
