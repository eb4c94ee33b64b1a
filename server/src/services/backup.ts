/**
 * Backups of an installation (docs/operations/backup.md): one gzipped tar file with the
 * database, taken from one snapshot while the server runs, and the stored files its rows point
 * at; and their restore into an empty DATA_DIR or database.
 *
 * The database part is the application's own logical export, table by table in PostgreSQL's
 * COPY text format (exact for every column type), not pg_dump: the embedded server is
 * PostgreSQL 18 and a machine's pg_dump may be older (Debian 12 ships 15), which refuses a newer
 * server. A restore runs the migrations up to the backup's, loads the rows, sets the sequences,
 * then migrates the rest.
 *
 * The archive, in this order:
 *   admit-backup.json         what this is: format, versions, time, where the files live
 *   tables/<table>/<n>.copy   each table's rows, in chunks that end at a row
 *   files/<key>               each stored file a row of the snapshot points at
 *   manifest.json             tables (columns, rows), sequences, files, and the size and
 *                             SHA-256 of every entry above: a damaged or cut file is refused
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { extract as tarExtract, type Pack, pack as tarPack } from 'tar-stream';

import serverPackage from '../../package.json' with { type: 'json' };
import { MIGRATION_NAMES } from '../db/database.ts';
import { type Clock } from './clock.ts';
import { assertFileKey } from './files.ts';

/** What the first entry's `format` says: anything else is not one of ours. */
export const BACKUP_FORMAT = 'admit-backup';
/** The layout this code writes and reads; a newer one is refused with a sentence. */
export const BACKUP_FORMAT_VERSION = 1;
/** The version of Admit recorded in each backup. */
export const ADMIT_VERSION: string = serverPackage.version;

const HEADER_ENTRY = 'admit-backup.json';
const MANIFEST_ENTRY = 'manifest.json';
/** Rows are written in entries of about this size: a table is never held in memory whole. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** The two JSON entries are read into memory; a manifest lists every file, so it may be long. */
const JSON_ENTRY_LIMIT = 256 * 1024 * 1024;
/**
 * How many times a backup starts again when a file a row pointed at was replaced (and removed)
 * between the snapshot and its copy: each try takes a new snapshot.
 */
const BACKUP_ATTEMPTS = 3;
/** A migration or other schema change holding a table makes the backup fail, not wait. */
const LOCK_TIMEOUT = '10s';

/**
 * Tables a backup leaves out, and why. A restore starts with none of their rows.
 */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  sessions:
    'a restored backup must not revive a session: a cookie stolen before the backup would work again',
  staff_sessions:
    "a restored backup must not revive a staff member's session either, for the same reason",
  password_resets:
    'a reset link mailed before the backup must not work again after a restore; applicants ask for a new one',
  kysely_migration: 'the restore runs the migrations up to the backup’s',
  kysely_migration_lock: 'the restore runs the migrations up to the backup’s',
};

/**
 * Tables a new installation fills by itself (the installation secret at the first migration,
 * the lookup lists at the first start): a target holding rows only there is still empty, and
 * the restore replaces them with the backup's.
 */
const INSTALLATION_TABLES = new Set([
  'app_secret',
  'high_schools',
  'colleges',
  'lookup_imports',
  'throttles',
]);

/** A backup that cannot be written or read, or a target that cannot take it: said plainly. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where an installation keeps its files. */
export type FileLocation = { kind: 'local'; root: string } | { kind: 's3'; bucket: string };

/** The first entry of a backup. */
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  admitVersion: string;
  createdAt: string;
  /** The last migration of the snapshot's schema, and all of them. */
  migration: string;
  migrations: string[];
  postgresVersion: string;
  /** `local`: the files are in this archive; `s3`: they stayed in the bucket. */
  storage: { kind: 'local' } | { kind: 's3'; bucket: string };
}

interface EntryDigest {
  bytes: number;
  sha256: string;
}

export interface BackupManifest extends BackupHeader {
  tables: { name: string; columns: string[]; rows: number; entries: string[] }[];
  sequences: { name: string; value: number | null }[];
  files: { key: string; entry: string }[];
  /** Files a row points at that the file store did not have (see `writeBackup`). */
  missingFiles: string[];
  excluded: Record<string, string>;
  /** Every entry before this manifest, with its size and SHA-256. */
  entries: Record<string, EntryDigest>;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
  missingFiles: string[];
  attempts: number;
}

interface Reporter {
  note: (line: string) => void;
  progress?: (line: string) => void;
}

const ident = (name: string) => pg.escapeIdentifier(name);

function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Adds one entry of known size, fed from `chunks`, to the tar being written. */
function addEntry(
  pack: Pack,
  name: string,
  size: number,
  chunks: AsyncIterable<Buffer> | Buffer[],
): Promise<EntryDigest> {
  return new Promise((resolveEntry, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (error) => {
      if (error) reject(error);
      else resolveEntry({ bytes, sha256: hash.digest('hex') });
    });
    void (async () => {
      for await (const chunk of chunks) {
        bytes += chunk.length;
        if (bytes > size) throw new BackupError(`${name} grew while it was being copied.`);
        hash.update(chunk);
        if (!entry.write(chunk)) await once(entry, 'drain');
      }
      if (bytes !== size) throw new BackupError(`${name} shrank while it was being copied.`);
      entry.end(undefined);
    })().catch((error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      entry.destroy(failure);
      reject(failure);
    });
  });
}

/** The tables to back up, parents before children (the order a restore loads them in). */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const tables = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  const references = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint c
     JOIN pg_class child ON child.oid = c.conrelid
     JOIN pg_class parent ON parent.oid = c.confrelid
     WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  const names = tables.rows.map((row) => row.name).filter((name) => !(name in NOT_BACKED_UP));
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references.rows)
    if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0)
      throw new BackupError(
        `The tables ${names.filter((name) => !placed.has(name)).join(', ')} refer to each other in a circle; a backup cannot order them.`,
      );
    for (const name of ready) {
      placed.add(name);
      ordered.push(name);
    }
  }
  return ordered;
}

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  return result.rows.map((row) => row.name);
}

/**
 * The stored files the snapshot's rows point at. A document's upload and its PDF are
 * `required`: without them the restored document is broken. An application PDF is rebuilt
 * when its file is missing, and an upload not yet turned into a document lives an hour: those
 * are copied when they are there.
 */
async function referencedFiles(client: pg.Client): Promise<Map<string, boolean>> {
  const result = await client.query<{ key: string; required: boolean }>(
    `SELECT original_key AS key, true AS required FROM documents
     UNION ALL SELECT converted_key, true FROM documents WHERE converted_key IS NOT NULL
     UNION ALL SELECT file_key, false FROM application_pdfs
     UNION ALL SELECT file_key, false FROM upload_grants WHERE state = 'uploaded'`,
  );
  const keys = new Map<string, boolean>();
  for (const { key, required } of result.rows) keys.set(key, (keys.get(key) ?? false) || required);
  return keys;
}

/** Splits a COPY stream into chunks of about CHUNK_BYTES, each ending at a row. */
async function* rowChunks(copy: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const data of copy) {
    pending.push(data);
    size += data.length;
    if (size < CHUNK_BYTES) continue;
    const joined = Buffer.concat(pending);
    // In COPY's text format a newline inside a value is written `\n`: a raw one ends a row.
    const end = joined.lastIndexOf(0x0a) + 1;
    if (end === 0) {
      pending = [joined];
      continue;
    }
    yield joined.subarray(0, end);
    pending = [joined.subarray(end)];
    size = joined.length - end;
  }
  if (size > 0) yield Buffer.concat(pending);
}

/** A file whose row was replaced after the snapshot: the backup starts again. */
class SupersededFile extends Error {
  override name = 'SupersededFile';
}

/** Whether the live database (not the snapshot) still points at `key` from a document. */
async function stillReferenced(databaseUrl: string, key: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      'SELECT 1 FROM documents WHERE original_key = $1 OR converted_key = $1 LIMIT 1',
      [key],
    );
    return result.rows.length > 0;
  } finally {
    await client.end();
  }
}

/** Where the files of one backup are held, and the path to read each key from. */
interface HeldFiles {
  folder: string;
  paths: Map<string, string>;
}

/** The hold folders of backups start with this; no file key does (files.ts FILE_KEY_PATTERN). */
const HOLD_PREFIX = '.backup-';
/** A hold folder this old was left by a backup that was killed: the next backup removes it. */
const STALE_HOLD_MS = 24 * 60 * 60_000;

/**
 * Keeps the files the snapshot's rows point at from going away before they are copied. A
 * document replaced after the snapshot has its old file removed once its commit is done; so,
 * right after the snapshot is taken, each file is hard-linked into a folder of this backup's
 * own inside the store (`.backup-…`: no key, so the store's listing and sweep pass it by), and
 * copied from there. A file can then vanish only during this short pass, not during the whole
 * copy. Where the file system refuses links, the file is read from the store itself.
 */
async function holdFiles(root: string, keys: readonly string[]): Promise<HeldFiles> {
  const folder = join(root, `${HOLD_PREFIX}${randomBytes(6).toString('hex')}`);
  const paths = new Map<string, string>();
  if (keys.length === 0) return { folder, paths };
  await removeStaleHolds(root);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  for (const [index, key] of keys.entries()) {
    assertFileKey(key);
    const held = join(folder, String(index));
    try {
      await link(join(root, key), held);
      paths.set(key, held);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK')
        paths.set(key, join(root, key));
      else throw error;
    }
  }
  return { folder, paths };
}

async function removeStaleHolds(root: string): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(HOLD_PREFIX)) continue;
    const path = join(root, name);
    const stats = await stat(path).catch(() => undefined);
    if (stats !== undefined && Date.now() - stats.mtimeMs > STALE_HOLD_MS)
      await rm(path, { recursive: true, force: true });
  }
}

interface BackupSource extends Reporter {
  databaseUrl: string;
  files: FileLocation;
  clock: Clock;
}

/** Writes one try of a backup to `partial`; answers its manifest. */
async function writeAttempt(source: BackupSource, partial: string): Promise<BackupManifest> {
  const pack = tarPack();
  const written = pipeline(
    pack,
    createGzip(),
    createWriteStream(partial, { flags: 'w', mode: 0o600 }),
  );
  // A failure of the writer (a full disk) fails the entry being added, which would wait forever.
  const writerFailed = written.then(() => new Promise<never>(() => undefined));
  writerFailed.catch(() => undefined);
  const entries: Record<string, EntryDigest> = {};
  const add: AddEntry = async (name, size, chunks) => {
    entries[name] = await Promise.race([addEntry(pack, name, size, chunks), writerFailed]);
  };
  const held: { folder?: string } = {};
  try {
    const manifest = await writeEntries(source, add, entries, held);
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await Promise.race([
      addEntry(pack, MANIFEST_ENTRY, manifestBytes.length, [manifestBytes]),
      writerFailed,
    ]);
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    if (held.folder !== undefined) await rm(held.folder, { recursive: true, force: true });
  }
}

type AddEntry = (
  name: string,
  size: number,
  chunks: AsyncIterable<Buffer> | Buffer[],
) => Promise<void>;

/** The header, the tables from one snapshot and the files they point at; answers the manifest. */
async function writeEntries(
  source: BackupSource,
  add: AddEntry,
  entries: Record<string, EntryDigest>,
  held: { folder?: string },
): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: source.databaseUrl });
  await client.connect();
  let header: BackupHeader;
  const tables: BackupManifest['tables'] = [];
  let sequences: BackupManifest['sequences'];
  let wanted: Map<string, boolean>;
  let hold: HeldFiles | undefined;
  try {
    // One snapshot for every table: rows written meanwhile are wholly in or wholly out. Read
    // only, it takes no lock that a save, an upload or a submission waits for.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(
      `SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'; SET LOCAL idle_in_transaction_session_timeout = '5min'`,
    );
    // The first query takes the snapshot; the files its rows point at are held at once.
    wanted =
      source.files.kind === 'local' ? await referencedFiles(client) : new Map<string, boolean>();
    if (source.files.kind === 'local') {
      hold = await holdFiles(source.files.root, [...wanted.keys()].sort());
      held.folder = hold.folder;
    }
    const migrations = (
      await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
    ).rows.map((row) => row.name);
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    header = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      admitVersion: ADMIT_VERSION,
      createdAt: source.clock().toISOString(),
      migration: migrations.at(-1) ?? '',
      migrations,
      postgresVersion: version.rows[0]?.server_version ?? '',
      storage:
        source.files.kind === 'local'
          ? { kind: 'local' }
          : { kind: 's3', bucket: source.files.bucket },
    };
    const headerBytes = Buffer.from(`${JSON.stringify(header, null, 2)}\n`);
    await add(HEADER_ENTRY, headerBytes.length, [headerBytes]);

    const names = await tablesInOrder(client);
    for (const [index, table] of names.entries()) {
      source.progress?.(`tables: ${index + 1} of ${names.length} (${table})`);
      const columns = await columnsOf(client, table);
      const copy = client.query(
        copyTo(`COPY ${ident(table)} (${columns.map(ident).join(', ')}) TO STDOUT`),
      );
      const tableEntries: string[] = [];
      for await (const chunk of rowChunks(copy)) {
        const name = `tables/${table}/${String(tableEntries.length + 1).padStart(5, '0')}.copy`;
        await add(name, chunk.length, [chunk]);
        tableEntries.push(name);
      }
      tables.push({ name: table, columns, rows: copy.rowCount, entries: tableEntries });
    }
    // Sequences are outside the snapshot: read after the rows, each is at least as far as
    // every id the snapshot holds.
    sequences = (
      await client.query<{ name: string; value: string | null }>(
        `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
         WHERE schemaname = current_schema() ORDER BY sequencename`,
      )
    ).rows.map((row) => ({ name: row.name, value: row.value === null ? null : Number(row.value) }));
    await client.query('COMMIT');
  } finally {
    await client.end();
  }

  // The files after the snapshot ended, so that it holds no table longer than the rows take. A
  // file is written before the row that points at it commits, and never changed; it is removed
  // only after a later commit stops pointing at it.
  const files: BackupManifest['files'] = [];
  const missingFiles: string[] = [];
  if (hold !== undefined) {
    const keys = [...wanted.keys()].sort();
    for (const [index, key] of keys.entries()) {
      source.progress?.(`files: ${index + 1} of ${keys.length}`);
      const path = hold.paths.get(key);
      let handle;
      try {
        if (path === undefined) throw Object.assign(new Error(key), { code: 'ENOENT' });
        handle = await open(path, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        if (wanted.get(key) !== true) continue;
        if (!(await stillReferenced(source.databaseUrl, key))) throw new SupersededFile(key);
        missingFiles.push(key);
        continue;
      }
      try {
        const { size } = await handle.stat();
        const entry = `files/${key}`;
        await add(entry, size, handle.createReadStream({ autoClose: false }));
        files.push({ key, entry });
      } finally {
        await handle.close();
      }
    }
  }
  return {
    ...header,
    tables,
    sequences,
    files,
    missingFiles,
    excluded: { ...NOT_BACKED_UP },
    entries: { ...entries },
  };
}

/**
 * Writes a backup of the database at `databaseUrl` and the files of `files` to `file`, while
 * the server runs. The archive is written under a temporary name beside `file` and renamed
 * when complete: a failed backup never replaces a good one. Mode 600: it holds password
 * hashes and the installation secret.
 *
 * A document file that is missing while the database still points at it is left out, named in
 * the manifest and in `missingFiles` (the command then fails, so that cron reports it); one
 * that was replaced after the snapshot makes the backup start again from a new snapshot.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  const target = resolve(file);
  const folder = dirname(target);
  const partial = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`);
  try {
    if (!(await stat(folder)).isDirectory()) throw new BackupError(`${folder} is not a folder.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot write ${file}: the folder ${folder} does not exist.`);
  }
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const manifest = await writeAttempt(source, partial);
        const handle = await open(partial, 'r+');
        let bytes: number;
        try {
          await handle.sync();
          bytes = (await handle.stat()).size;
        } finally {
          await handle.close();
        }
        await rename(partial, target);
        const directory = await open(folder, 'r');
        try {
          await directory.sync();
        } finally {
          await directory.close();
        }
        return {
          file: target,
          bytes,
          tables: Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows])),
          files: manifest.files.length,
          fileBytes: manifest.files.reduce(
            (sum, entry) => sum + (manifest.entries[entry.entry]?.bytes ?? 0),
            0,
          ),
          missingFiles: manifest.missingFiles,
          attempts: attempt,
        };
      } catch (error) {
        if (!(error instanceof SupersededFile)) throw error;
        if (attempt >= BACKUP_ATTEMPTS)
          throw new BackupError(
            `Documents kept changing while the backup copied their files (${attempt} tries); run it again at a quieter time.`,
          );
        source.note(
          `A document changed while its file was being copied (${error.message}); starting again from a new snapshot.`,
        );
      }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC')
      throw new BackupError(
        `The disk holding ${folder} is full: the backup was not written (an earlier ${basename(target)} is untouched).`,
      );
    if (code === 'EACCES' || code === 'EROFS')
      throw new BackupError(`Cannot write in ${folder}: permission denied.`);
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────

/** A failure of readArchive's visitor, kept apart from the archive's own. */
class VisitFailed extends Error {
  override name = 'VisitFailed';
  constructor(override readonly cause: unknown) {
    super('the restore failed', { cause });
  }
}

/** One entry of a backup being read: its name and bytes, each checked against the manifest. */
interface ArchiveEntry {
  name: string;
  chunks: AsyncIterable<Buffer>;
}

function describeReadError(file: string, error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return new BackupError(`${file} was not found.`);
  if (code === 'EISDIR') return new BackupError(`${file} is a folder, not a backup file.`);
  if (code === 'Z_DATA_ERROR' && message.includes('header check'))
    return new BackupError(`${file} is not an Admit backup: it is not a gzip-compressed file.`);
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(message))
    return new BackupError(
      `${file} is cut short: the backup was not written completely or was damaged in transit. Nothing was restored.`,
    );
  return new BackupError(
    `${file} is damaged (${message}); it cannot be read as an Admit backup. Nothing was restored.`,
  );
}

async function readAll(chunks: AsyncIterable<unknown>, limit: number, name: string) {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const data of chunks) {
    const chunk = data as Buffer;
    size += chunk.length;
    if (size > limit) throw new BackupError(`${name} is too large to be an Admit backup's.`);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

function parseJson(file: string, name: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new BackupError(`${file} is damaged: its ${name} is not valid JSON.`);
  }
}

/** Refuses a header this code cannot restore, with what to do instead. */
function checkHeader(file: string, value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (header?.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${file} is not an Admit backup: its ${HEADER_ENTRY} names no Admit backup format.`,
    );
  if (typeof header.formatVersion !== 'number' || header.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${file} was written by a newer Admit (backup format ${String(header.formatVersion)}, Admit ${String(header.admitVersion)}); restore it with that version or newer.`,
    );
  const unknown = (header.migrations ?? []).filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length > 0)
    throw new BackupError(
      `${file} was written by a newer Admit (${String(header.admitVersion)}) whose database has changes this one does not know (${unknown.join(', ')}); restore it with that version or newer.`,
    );
  return header as BackupHeader;
}

/**
 * Reads `file` from start to end, handing each data entry to `visit` (which must consume it),
 * and checks it whole: gzip's checksum, the header first, the manifest last, and every entry's
 * size and SHA-256 against the manifest. With `expected` (a manifest read before), each entry
 * is checked as soon as it ends. Throws BackupError with a sentence on anything amiss.
 */
async function readArchive(
  file: string,
  visit: (entry: ArchiveEntry, header: BackupHeader) => Promise<void>,
  expected?: BackupManifest,
): Promise<{ header: BackupHeader; manifest: BackupManifest }> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const extract = tarExtract();
  input.on('error', (error) => {
    gunzip.destroy(error);
  });
  gunzip.on('error', (error) => {
    extract.destroy(error);
  });
  input.pipe(gunzip).pipe(extract);

  let header: BackupHeader | undefined;
  let manifest: BackupManifest | undefined;
  const seen = new Map<string, EntryDigest>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (header === undefined) {
        if (name !== HEADER_ENTRY)
          throw new BackupError(
            `${file} is not an Admit backup: it starts with ${name}, not ${HEADER_ENTRY}.`,
          );
        const bytes = await readAll(entry, JSON_ENTRY_LIMIT, name);
        seen.set(name, { bytes: bytes.length, sha256: sha256Hex(bytes) });
        header = checkHeader(file, parseJson(file, name, bytes));
        continue;
      }
      if (manifest !== undefined)
        throw new BackupError(`${file} is damaged: ${name} follows its manifest.`);
      if (name === MANIFEST_ENTRY) {
        manifest = parseJson(
          file,
          name,
          await readAll(entry, JSON_ENTRY_LIMIT, name),
        ) as BackupManifest;
        continue;
      }
      if (seen.has(name)) throw new BackupError(`${file} is damaged: it holds ${name} twice.`);
      const hash = createHash('sha256');
      let bytes = 0;
      const counted = (async function* () {
        for await (const data of entry) {
          const chunk = data as Buffer;
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      })();
      try {
        await visit({ name, chunks: counted }, header);
      } catch (error) {
        throw new VisitFailed(error);
      }
      // Whatever `visit` left unread is read here, so the digest covers the whole entry.
      await pipeline(
        counted,
        new Writable({
          write: (_chunk, _encoding, done) => {
            done();
          },
        }),
      );
      const digest = { bytes, sha256: hash.digest('hex') };
      seen.set(name, digest);
      const wanted = expected?.entries[name];
      if (expected !== undefined && (wanted?.sha256 !== digest.sha256 || wanted.bytes !== bytes))
        throw new BackupError(`${file} changed while it was being restored (${name}).`);
    }
  } catch (error) {
    extract.destroy();
    input.destroy();
    // What the visitor failed at (a refused row, a full disk) is not the file's fault.
    if (error instanceof VisitFailed) throw error.cause;
    throw describeReadError(file, error);
  }
  if (header === undefined) throw new BackupError(`${file} is not an Admit backup: it is empty.`);
  if (manifest?.entries === undefined)
    throw new BackupError(
      `${file} is cut short: its manifest, the last entry, is missing. The backup was not written completely. Nothing was restored.`,
    );
  for (const [name, digest] of seen) {
    const listed = manifest.entries[name];
    if (listed === undefined)
      throw new BackupError(`${file} is damaged: ${name} is not in its manifest.`);
    if (listed.bytes !== digest.bytes || listed.sha256 !== digest.sha256)
      throw new BackupError(
        `${file} is damaged: ${name} does not match its checksum in the manifest.`,
      );
  }
  const absent = Object.keys(manifest.entries).filter((name) => !seen.has(name));
  if (absent.length > 0)
    throw new BackupError(
      `${file} is damaged: ${absent.length} entr${absent.length === 1 ? 'y' : 'ies'} of its manifest ${absent.length === 1 ? 'is' : 'are'} missing (${absent.slice(0, 3).join(', ')}).`,
    );
  return { header, manifest };
}

/**
 * Reads the whole backup and checks it (see readArchive) without writing anything; answers
 * its manifest.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const { manifest } = await readArchive(file, async () => undefined);
  return manifest;
}

// ── Restoring ────────────────────────────────────────────────────────────────────────────────

/** Why the local file store at `root` cannot take a restore (it holds a file), or undefined. */
export async function fileStoreNotEmpty(root: string): Promise<string | undefined> {
  const found = await firstFile(root);
  return found === undefined
    ? undefined
    : `The file store ${root} is not empty (it holds ${found}).`;
}

/**
 * Why the database at `databaseUrl` cannot take a restore of a backup with `backupMigrations`,
 * or undefined. It may hold what a new installation makes by itself (the secret, lookups), not
 * an account or any other row; its schema may be older than the backup's, not newer; and no
 * one else may be connected (a server running on it would keep going on the old data).
 */
export async function databaseNotEmpty(
  databaseUrl: string,
  backupMigrations: readonly string[],
): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const others = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    const connected = others.rows[0]?.count ?? 0;
    if (connected > 0)
      return `${connected} other connection${connected === 1 ? ' is' : 's are'} open to the database: stop every server that uses it first.`;
    const tables = (
      await client.query<{ name: string }>(
        'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
      )
    ).rows.map((row) => row.name);
    const holding: string[] = [];
    for (const table of tables) {
      if (INSTALLATION_TABLES.has(table) || table in NOT_BACKED_UP) continue;
      const rows = await client.query(`SELECT 1 FROM ${ident(table)} LIMIT 1`);
      if (rows.rows.length > 0) holding.push(table);
    }
    if (holding.length > 0) return `The database already holds data (in ${holding.join(', ')}).`;
    if (tables.includes('kysely_migration')) {
      const applied = (
        await client.query<{ name: string }>('SELECT name FROM kysely_migration')
      ).rows.map((row) => row.name);
      const newer = applied.filter((name) => !backupMigrations.includes(name));
      if (newer.length > 0)
        return `The database's schema is newer than the backup's (it has ${newer.join(', ')}).`;
    }
    return undefined;
  } finally {
    await client.end();
  }
}

async function firstFile(root: string): Promise<string | undefined> {
  const folders = [root];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let names;
    try {
      names = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of names) {
      if (entry.isDirectory()) folders.push(join(folder, entry.name));
      else return join(folder, entry.name);
    }
  }
  return undefined;
}

/** Writes one file of the backup into the local store, as the store itself writes: atomically. */
async function restoreFile(root: string, key: string, chunks: AsyncIterable<Buffer>) {
  assertFileKey(key);
  const path = join(root, key);
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
  try {
    await pipeline(chunks, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

export interface RestoreSummary {
  createdAt: string;
  admitVersion: string;
  tables: Record<string, number>;
  files: number;
}

/**
 * Loads a checked backup (`manifest` from verifyBackup) into the database at `databaseUrl`,
 * migrated to the backup's last migration and otherwise empty (targetNotEmpty), and its files
 * into `files`. Rows load in one transaction that commits only after every file is written and
 * every entry matched the manifest again; on any failure it rolls back and the files written
 * are removed. Sessions and reset links are not in a backup: every applicant logs in again.
 */
export async function restoreBackup(
  file: string,
  manifest: BackupManifest,
  target: { databaseUrl: string; files: FileLocation } & Reporter,
): Promise<RestoreSummary> {
  if (manifest.storage.kind === 's3' && target.files.kind === 'local')
    throw new BackupError(
      `This backup's files stayed in the S3 bucket ${manifest.storage.bucket}: set S3_BUCKET (and its settings) as the backed-up installation had them, then restore again.`,
    );
  if (manifest.storage.kind === 'local' && target.files.kind === 's3')
    throw new BackupError(
      'This backup holds its files, and a restore writes them to the local file store only: unset S3_BUCKET to restore, then copy DATA_DIR/files to the bucket.',
    );
  const tables = new Map(manifest.tables.map((table) => [table.name, table]));
  const tableOfEntry = new Map(
    manifest.tables.flatMap((table) => table.entries.map((entry) => [entry, table] as const)),
  );
  const keyOfEntry = new Map(manifest.files.map((entry) => [entry.entry, entry.key]));
  const loadedRows = new Map<string, number>();
  const written: string[] = [];

  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL statement_timeout = 0');
    // The installation's own rows (its secret from the first migration, lookups a start
    // imported) give way to the backup's: children first.
    for (const table of [...manifest.tables].reverse())
      if (INSTALLATION_TABLES.has(table.name))
        await client.query(`DELETE FROM ${ident(table.name)}`);

    let loadedFiles = 0;
    await readArchive(
      file,
      async (entry) => {
        const table = tableOfEntry.get(entry.name);
        if (table !== undefined) {
          target.progress?.(`tables: ${table.name}`);
          const copy = client.query(
            copyFrom(
              `COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`,
            ),
          );
          await pipeline(entry.chunks, copy);
          loadedRows.set(table.name, (loadedRows.get(table.name) ?? 0) + copy.rowCount);
          return;
        }
        const key = keyOfEntry.get(entry.name);
        if (key !== undefined && target.files.kind === 'local') {
          loadedFiles += 1;
          target.progress?.(`files: ${loadedFiles} of ${manifest.files.length}`);
          written.push(key);
          await restoreFile(target.files.root, key, entry.chunks);
        }
      },
      manifest,
    );
    for (const [name, table] of tables) {
      if ((loadedRows.get(name) ?? 0) !== table.rows)
        throw new BackupError(
          `${file} is damaged: ${name} loaded ${loadedRows.get(name) ?? 0} rows, its manifest says ${table.rows}.`,
        );
    }
    for (const sequence of manifest.sequences) {
      if (sequence.value === null) continue;
      await client.query('SELECT setval($1, $2, true)', [ident(sequence.name), sequence.value]);
    }
    // None were restored; should the target have had any, none survives the restore either.
    await client.query('DELETE FROM sessions');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (target.files.kind === 'local') {
      const root = target.files.root;
      for (const key of written) await rm(join(root, key), { force: true });
    }
    if (error instanceof pg.DatabaseError)
      throw new BackupError(
        `The database refused the backup's rows (${error.message}); nothing was restored.`,
      );
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
      throw new BackupError(
        `The disk holding ${target.files.kind === 'local' ? target.files.root : 'the database'} is full; nothing was restored.`,
      );
    throw error;
  } finally {
    await client.end();
  }
  return {
    createdAt: manifest.createdAt,
    admitVersion: manifest.admitVersion,
    tables: Object.fromEntries(loadedRows),
    files: written.length,
  };
}
