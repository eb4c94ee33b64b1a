/**
 * `backup`, `restore` and `purge` run as `npm run admin` runs them (runCli), against real
 * databases of the run's PostgreSQL and real DATA_DIR folders. The round trip through built
 * server processes is tests/durability/backup.test.ts; here, the edge cases.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { loadChosenTenant } from '@admit/tenant-config/node';
import { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { dataKeyId } from '../services/dataKeys.ts';
import {
  createDatabase,
  createTestContext,
  GOOD_PASSWORD,
  json,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../test/context.ts';
import { makePng, multipartBody } from '../test/files.ts';
import { type CliRun, runAdmin } from '../test/cli.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './run.ts';

const FILE_KEY = 'decision_essay_file';

let ctx: TestContext;
let scratch: string;
let sourceDir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'admit-backup-test-'));
  chmodSync(scratch, 0o755);
  sourceDir = join(scratch, 'source');
  // SOFFICE=off: a conversion here is the PNG's own page, no LibreOffice.
  ctx = await createTestContext({ env: { DATA_DIR: sourceDir, SOFFICE: 'off' } });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

function admin(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runAdmin(args, {
    env: { PUBLIC_ORIGIN: ORIGIN, ...env },
    cwd: scratch,
    password: STAFF_PASSWORD,
  });
}

const sourceEnv = () => ({ DATABASE_URL: ctx.url, DATA_DIR: sourceDir, DATA_KEY: ctx.dataKey });

/** The password of the staff member the backup holds (`staff add` reads it). */
const STAFF_PASSWORD = 'Bridger-Range-Office-7';

/** An applicant's SSN: sealed in the backup as in the database. */
const SSN = '219-09-9999';

/** An empty database and DATA_DIR to restore into. */
async function emptyTarget(): Promise<{
  url: string;
  dataDir: string;
  env: Record<string, string>;
}> {
  const { url, drop } = await createDatabase();
  cleanups.push(drop);
  const dataDir = mkdtempSync(join(scratch, 'target-'));
  return { url, dataDir, env: { DATABASE_URL: url, DATA_DIR: dataDir } };
}

function inject(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  cookie: string | undefined,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: { ...(cookie === undefined ? {} : { cookie }), origin: ORIGIN },
    ...(payload === undefined ? {} : { payload }),
  });
}

let applicants = 0;
/** A confirmed applicant with `answers` saved; with `upload`, a converted PNG; with `submit`, submitted. */
async function applicant(
  answers: Record<string, unknown>,
  options: { upload?: Buffer; submit?: boolean } = {},
): Promise<{ username: string; cookie: string }> {
  applicants += 1;
  const username = `backup-${applicants}@example.com`;
  const cookie = await signedIn(ctx.app, username);
  expect((await inject(ctx.app, 'PUT', '/api/answer', cookie, answers)).statusCode).toBe(200);
  await inject(ctx.app, 'POST', '/api/web-status', cookie, { web_status: 'started' });
  if (options.upload !== undefined) {
    const presigned = json<{ url: string; fields: Record<string, string> }>(
      await inject(ctx.app, 'POST', '/api/presigned-url', cookie, { answer_key: FILE_KEY }),
    );
    const { body, contentType } = multipartBody(presigned.fields, {
      name: 'essay.png',
      type: 'image/png',
      bytes: options.upload,
    });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: presigned.url,
      headers: { 'content-type': contentType, origin: ORIGIN },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(204);
    const requested = await inject(
      ctx.app,
      'POST',
      `/api/pdf/document-answer/${FILE_KEY}`,
      cookie,
      {
        file_key: presigned.fields.key,
        file_name: 'essay.png',
      },
    );
    expect(requested.statusCode, requested.body).toBe(202);
    // The conversion job, run here rather than by a worker.
    while (await ctx.app.jobs.runOnce()) {
      /* until the queue is empty */
    }
  }
  if (options.submit === true) {
    await inject(ctx.app, 'PUT', '/api/tabs', cookie, {
      tab_id: 'decision_essay',
      chosen_tab: 'upload',
    });
    const submitted = await inject(ctx.app, 'POST', '/api/submit', cookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  return { username, cookie };
}

/** Every file under `root`, relative path → SHA-256. */
async function filesUnder(root: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(root, name);
    if ((await stat(path)).isFile())
      found.set(
        name,
        createHash('sha256')
          .update(await readFile(path))
          .digest('hex'),
      );
  }
  return found;
}

/** The app of a restored installation, and its database. */
async function appOn(target: { url: string; dataDir: string }): Promise<{
  app: FastifyInstance;
  db: Db;
}> {
  const config = readConfig({
    PUBLIC_ORIGIN: ORIGIN,
    // The key of the installation backed up: a backup never holds it (docs/operations/data-key.md).
    DATA_KEY: ctx.dataKey,
    DATABASE_URL: target.url,
    DATA_DIR: target.dataDir,
    TENANT: 'gallatin',
    SOFFICE: 'off',
    LOOKUPS_DIR: 'off',
  });
  const db = openDatabase(target.url, 4);
  const app = await buildApp({ config, tenant: loadChosenTenant(config), db, logger: false });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await db.destroy();
  });
  return { app, db };
}

async function tablesOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ name: string }>(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
    );
    return result.rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe('backup and restore', () => {
  let backupFile: string;
  let submitted: { username: string; cookie: string };
  let started: { username: string; cookie: string };

  beforeAll(async () => {
    submitted = await applicant(
      { ...COMPLETE_APPLICATION, first_name: 'Zoë', middle_name: 'naïve "quoted", O\\Brien' },
      { upload: makePng(16, 9), submit: true },
    );
    started = await applicant(
      { first_name: 'Bo', last_name: 'Tan', ssn: SSN },
      { upload: makePng(7, 5) },
    );
    // A staff member: their authentication secret is sealed in the backup as the SSN is.
    const staff = await admin(
      ['staff', 'add', 'officer@gallatin.example', '--role', 'officer'],
      sourceEnv(),
    );
    expect(staff.code, staff.stderr).toBe(EXIT_OK);
    backupFile = join(scratch, 'admit.tar.gz');
    const run = await admin(['backup', backupFile], sourceEnv());
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stdout).toMatch(
      /^Wrote .*admit\.tar\.gz .*: \d+ accounts, \d+ applications, 2 documents, \d+ files/,
    );
  });

  it('writes a gzipped tar with its header first, its manifest last, only readable by its owner', async () => {
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    const names: string[] = [];
    const extract = tarExtract();
    extract.end(gunzipSync(readFileSync(backupFile)));
    for await (const entry of extract) {
      names.push(entry.header.name);
      entry.resume();
    }
    expect(names[0]).toBe('admit-backup.json');
    expect(names.at(-1)).toBe('manifest.json');
    expect(names).toContain('tables/accounts/00001.copy');
    expect(names.some((name) => name.startsWith('tables/sessions/'))).toBe(false);
    expect(names.filter((name) => name.startsWith('files/originals/'))).toHaveLength(2);
    expect(names.filter((name) => name.startsWith('files/converted/'))).toHaveLength(2);
  });

  it('holds the SSN sealed, never readable, and never the key', () => {
    const bytes = gunzipSync(readFileSync(backupFile)).toString('latin1');
    expect(bytes).toContain('sealed:v1:');
    expect(bytes).not.toContain(SSN);
    expect(bytes).not.toContain(SSN.replace(/-/g, ''));
    expect(bytes).not.toContain(ctx.dataKey);
  });

  it('restores into an empty database and DATA_DIR every answer, upload, reference and receipt, with no session', async () => {
    const target = await emptyTarget();
    const run = await admin(['restore', backupFile], { ...target.env, DATA_KEY: ctx.dataKey });
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stderr).not.toContain('cannot be read');
    expect(run.stderr).toContain('every checksum matches');
    expect(run.stdout).toMatch(
      /^Restored the backup of .*: \d+ accounts, \d+ applications, 2 documents, 4 files\.$/m,
    );

    // Every file a document points at, byte for byte.
    const source = await filesUnder(join(sourceDir, 'files'));
    const restored = await filesUnder(join(target.dataDir, 'files'));
    const documents = await ctx.db
      .selectFrom('documents')
      .select(['original_key', 'converted_key'])
      .execute();
    for (const { original_key, converted_key } of documents)
      for (const key of [original_key, converted_key ?? '']) {
        expect(restored.get(key), key).toBeDefined();
        expect(restored.get(key)).toBe(source.get(key));
      }

    const { app, db } = await appOn(target);
    // A cookie of before the backup opens nothing: sessions are not restored.
    expect((await inject(app, 'GET', '/api/profile', submitted.cookie)).statusCode).toBe(401);
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    for (const person of [submitted, started]) {
      const before = json<{ answer: Record<string, unknown> }>(
        await inject(ctx.app, 'GET', '/api/profile', person.cookie),
      );
      const login = await app.inject({
        method: 'POST',
        url: '/public/login',
        headers: { origin: ORIGIN },
        payload: { username: person.username, password: GOOD_PASSWORD },
      });
      // The password hash came back, and the sequence of successful logins goes on past the old ids.
      expect(login.statusCode, login.body).toBe(200);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const after = json<{ answer: Record<string, unknown> }>(
        await inject(app, 'GET', '/api/profile', cookie),
      );
      expect(after.answer).toEqual(before.answer);
      expect(json(await inject(app, 'GET', '/api/document-answer', cookie))).toEqual(
        json(await inject(ctx.app, 'GET', '/api/document-answer', person.cookie)),
      );
    }
    const receiptBefore = json(await inject(ctx.app, 'GET', '/api/receipt', submitted.cookie));
    const relogin = await app.inject({
      method: 'POST',
      url: '/public/login',
      headers: { origin: ORIGIN },
      payload: { username: submitted.username, password: GOOD_PASSWORD },
    });
    const cookie = relogin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(json(await inject(app, 'GET', '/api/receipt', cookie))).toEqual(receiptBefore);
    // The receipt mail, as queued or sent, and the installation secret (codes, signed uploads).
    const mails = (db: Db) =>
      db
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'account_id', 'attachment', 'sent_at'])
        .where('account_id', 'is not', null)
        .orderBy('id')
        .execute();
    expect(await mails(db)).toEqual(await mails(ctx.db));
    const secret = (db: Db) => db.selectFrom('app_secret').select('secret').executeTakeFirst();
    expect(await secret(db)).toEqual(await secret(ctx.db));
    // A whole restore, migrations and a server on it: 27 s once on a loaded two-core machine.
  }, 120_000);

  it('warns, naming the key, when the restored SSNs and staff secrets were sealed with a key the new installation lacks', async () => {
    const target = await emptyTarget();
    // No DATA_KEY: the new DATA_DIR makes a key of its own, which opens none of them.
    const run = await admin(['restore', backupFile], target.env);
    expect(run.code, run.stderr).toBe(EXIT_OK);
    const keyId = dataKeyId(Buffer.from(ctx.dataKey, 'base64'));
    expect(run.stderr).toContain(
      `Warning: 1 Social Security number sealed with key ${keyId}, 1 staff member's authentication secret sealed with key ${keyId} cannot be read with this installation's keys (DATA_KEY, or DATA_DIR/data-key): set DATA_KEY to the key the backed-up installation used`,
    );
    // With the key the backed-up installation used, nothing is said.
    const keyed = await emptyTarget();
    const again = await admin(['restore', backupFile], { ...keyed.env, DATA_KEY: ctx.dataKey });
    expect(again.code, again.stderr).toBe(EXIT_OK);
    expect(again.stderr).not.toContain('Warning');
  });

  it('refuses a target that holds data, and leaves it as it was', async () => {
    const accounts = await ctx.db.selectFrom('accounts').select('id').execute();
    const run = await admin(['restore', backupFile], sourceEnv());
    expect(run.code).toBe(EXIT_FAILED);
    expect(run.stderr).toMatch(/admin restore: The file store .* is not empty/);
    expect(run.stderr).toContain('Nothing was changed.');
    expect(await ctx.db.selectFrom('accounts').select('id').execute()).toEqual(accounts);

    // A database with applicants in it, with an empty DATA_DIR: restored once, then again.
    const once = await emptyTarget();
    expect((await admin(['restore', backupFile], once.env)).code).toBe(EXIT_OK);
    const again = await admin(['restore', backupFile], {
      ...once.env,
      DATA_DIR: mkdtempSync(join(scratch, 'again-')),
    });
    expect(again.code).toBe(EXIT_FAILED);
    expect(again.stderr).toMatch(
      /admin restore: The database already holds data \(in accounts, .*applications.*\)\. A backup is restored only into an empty target/,
    );
    // The application being served: a server connected to the database is refused too.
    const live = await admin(['restore', backupFile], {
      DATABASE_URL: ctx.url,
      DATA_DIR: mkdtempSync(join(scratch, 'live-')),
    });
    expect(live.code).toBe(EXIT_FAILED);
    expect(live.stderr).toMatch(
      /other connections? (is|are) open to the database: stop every server/,
    );
    expect(await ctx.db.selectFrom('accounts').select('id').execute()).toEqual(accounts);

    // An empty database, but a DATA_DIR with a file in it.
    const target = await emptyTarget();
    mkdirSync(join(target.dataDir, 'files', 'originals'), { recursive: true });
    writeFileSync(join(target.dataDir, 'files', 'originals', 'left-over'), 'x');
    const files = await admin(['restore', backupFile], target.env);
    expect(files.code).toBe(EXIT_FAILED);
    expect(files.stderr).toContain('is not empty (it holds');
    expect(await tablesOf(target.url)).toEqual([]);
  });

  it('refuses a damaged, cut short or foreign file with a sentence, and writes nothing', async () => {
    const original = readFileSync(backupFile);
    const variants: [string, Buffer, RegExp][] = [
      ['cut', original.subarray(0, Math.floor(original.length / 2)), /is cut short/],
      [
        'flipped',
        Buffer.from(
          original.map((byte, index) => (index === original.length >> 1 ? byte ^ 0xff : byte)),
        ),
        /is (damaged|cut short)/,
      ],
      [
        'text',
        Buffer.from('not a backup\n'),
        /is not an Admit backup: it is not a gzip-compressed file/,
      ],
      ['empty', Buffer.alloc(0), /is (cut short|not an Admit backup)/],
    ];
    // Another program's tar.gz.
    const foreign = tarPack();
    foreign.entry({ name: 'package/package.json' }, '{"name":"left-pad"}');
    foreign.finalize();
    const parts: Buffer[] = [];
    for await (const chunk of foreign) parts.push(chunk as Buffer);
    variants.push([
      'foreign',
      gzipSync(Buffer.concat(parts)),
      /is not an Admit backup: it starts with package\/package\.json/,
    ]);
    // Every gzip and tar checksum right, one table's rows changed: the manifest catches it.
    const tampered = tarPack();
    const extract = tarExtract();
    extract.end(gunzipSync(original));
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      let bytes = Buffer.concat(chunks);
      if (entry.header.name === 'tables/applications/00001.copy')
        bytes = Buffer.from(bytes.toString('utf8').replace('Zoë', 'Zoe'));
      tampered.entry({ name: entry.header.name }, bytes);
    }
    tampered.finalize();
    const tamperedParts: Buffer[] = [];
    for await (const chunk of tampered) tamperedParts.push(chunk as Buffer);
    variants.push([
      'tampered',
      gzipSync(Buffer.concat(tamperedParts)),
      /is damaged: tables\/applications\/00001\.copy does not match its checksum/,
    ]);

    for (const [name, bytes, message] of variants) {
      const file = join(scratch, `${name}.tar.gz`);
      writeFileSync(file, bytes);
      const target = await emptyTarget();
      const run = await admin(['restore', file], target.env);
      expect(run.code, name).toBe(EXIT_FAILED);
      expect(run.stderr, name).toMatch(message);
      expect(run.stderr, name).not.toMatch(/\n\s+at /);
      // Refused before the database was touched, not even migrated.
      expect(await tablesOf(target.url), name).toEqual([]);
      expect(await filesUnder(target.dataDir), name).toEqual(new Map());
    }
  });

  it('refuses a FILE in a folder that does not exist, and a missing backup, with a sentence', async () => {
    const write = await admin(['backup', join(scratch, 'no-such-folder', 'a.tar.gz')], sourceEnv());
    expect(write.code).toBe(EXIT_FAILED);
    expect(write.stderr).toMatch(
      /admin backup: Cannot write .*: the folder .*no-such-folder does not exist\./,
    );
    const target = await emptyTarget();
    const read = await admin(['restore', join(scratch, 'nowhere.tar.gz')], target.env);
    expect(read.code).toBe(EXIT_FAILED);
    expect(read.stderr).toMatch(/admin restore: .*nowhere\.tar\.gz was not found\./);
  });

  it('names a document file missing from the store, writes the rest, and fails so that cron reports it', async () => {
    const { original_key: key } = await ctx.db
      .selectFrom('documents')
      .select('original_key')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const path = join(sourceDir, 'files', key);
    const bytes = readFileSync(path);
    rmSync(path);
    try {
      const file = join(scratch, 'missing.tar.gz');
      const run = await admin(['backup', file], sourceEnv());
      expect(run.code).toBe(EXIT_FAILED);
      expect(run.stdout).toMatch(/^Wrote .*missing\.tar\.gz/);
      expect(run.stderr).toContain(
        `admin backup: 1 file that documents point at is missing from ${join(sourceDir, 'files')} and could not be backed up (${key}). The backup holds everything else.`,
      );
      const manifest = JSON.parse(
        execFileSync('tar', ['-xzOf', file, 'manifest.json'], { encoding: 'utf8' }),
      ) as { missingFiles: string[]; files: { key: string }[] };
      expect(manifest.missingFiles).toEqual([key]);
      expect(manifest.files.map((entry) => entry.key)).not.toContain(key);
    } finally {
      writeFileSync(path, bytes);
    }
  });

  it('a backup taken while applicants submit and replace documents holds each change wholly or not at all', async () => {
    const waiting = [];
    for (let index = 0; index < 12; index += 1)
      waiting.push(await applicant({ ...COMPLETE_APPLICATION }));
    const replacing = await applicant({ first_name: 'Rae' }, { upload: makePng(3, 3) });
    const file = join(scratch, 'busy.tar.gz');
    // Submissions (the application, its status, its reference, its receipt mail and job in one
    // transaction) and saves go on while the backup runs.
    const state = { backupDone: false };
    const busy = (async () => {
      for (const person of waiting) {
        await inject(ctx.app, 'PUT', '/api/tabs', person.cookie, {
          tab_id: 'decision_essay',
          chosen_tab: 'upload',
        });
        await inject(ctx.app, 'POST', '/api/submit', person.cookie);
        if (state.backupDone) break;
      }
    })();
    // A document replaced again and again: each replacement removes the file the row pointed
    // at before, once its commit is done.
    const replacements = (async () => {
      for (let size = 4; !state.backupDone; size += 1) {
        const presigned = json<{ url: string; fields: Record<string, string> }>(
          await inject(ctx.app, 'POST', '/api/presigned-url', replacing.cookie, {
            answer_key: FILE_KEY,
          }),
        );
        const { body, contentType } = multipartBody(presigned.fields, {
          name: 'essay.png',
          type: 'image/png',
          bytes: makePng(size, 3),
        });
        await ctx.app.inject({
          method: 'POST',
          url: presigned.url,
          headers: { 'content-type': contentType, origin: ORIGIN },
          payload: body,
        });
        await inject(ctx.app, 'POST', `/api/pdf/document-answer/${FILE_KEY}`, replacing.cookie, {
          file_key: presigned.fields.key,
          file_name: 'essay.png',
        });
      }
    })();
    const run = await admin(['backup', file], sourceEnv());
    state.backupDone = true;
    await Promise.all([busy, replacements]);
    expect(run.code, run.stderr).toBe(EXIT_OK);

    const target = await emptyTarget();
    expect((await admin(['restore', file], target.env)).code).toBe(EXIT_OK);
    const db = openDatabase(target.url, 2);
    try {
      // Every file a restored document points at came with it.
      const restored = await filesUnder(join(target.dataDir, 'files'));
      for (const row of await db
        .selectFrom('documents')
        .select(['original_key', 'converted_key'])
        .execute()) {
        expect(restored.has(row.original_key), row.original_key).toBe(true);
        if (row.converted_key !== null)
          expect(restored.has(row.converted_key), row.converted_key).toBe(true);
      }
      const rows = await sql<{
        username: string;
        submitted: boolean;
        referenced: boolean;
        status: boolean;
        receipts: number;
      }>`
        SELECT accounts.username::text AS username,
          applications.submitted_at IS NOT NULL AS submitted,
          applications.reference IS NOT NULL AS referenced,
          EXISTS (SELECT 1 FROM web_statuses w WHERE w.account_id = accounts.id AND w.web_status = 'submitted') AS status,
          (SELECT count(*)::int FROM mail_outbox m WHERE m.account_id = accounts.id AND m.attachment IS NOT NULL) AS receipts
        FROM accounts JOIN applications ON applications.account_id = accounts.id
      `.execute(db);
      expect(rows.rows.length).toBeGreaterThan(12);
      for (const row of rows.rows) {
        expect(row.referenced, row.username).toBe(row.submitted);
        expect(row.status, row.username).toBe(row.submitted);
        expect(row.receipts > 0, row.username).toBe(row.submitted);
      }
    } finally {
      await db.destroy();
    }
  });
});

describe('purge', () => {
  /** Makes an applicant's every timestamp `date`, as if they had last worked on it then. */
  async function age(username: string, date: string) {
    const { id } = await ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const when = new Date(date);
    await ctx.db.updateTable('accounts').set({ created_at: when }).where('id', '=', id).execute();
    await ctx.db
      .updateTable('applications')
      .set({ updated_at: when })
      .where('account_id', '=', id)
      .execute();
    await ctx.db
      .updateTable('web_statuses')
      .set({ created_at: when })
      .where('account_id', '=', id)
      .execute();
    await ctx.db
      .updateTable('documents')
      .set({ updated_at: when })
      .where('account_id', '=', id)
      .execute();
    return id;
  }

  it('lists with --dry-run, then deletes the old applications of the status asked, their rows and files', async () => {
    const old = await applicant({ first_name: 'Old' }, { upload: makePng(5, 5) });
    const oldSubmitted = await applicant({ ...COMPLETE_APPLICATION }, { submit: true });
    const recent = await applicant({ first_name: 'Recent' }, { upload: makePng(6, 6) });
    const oldId = await age(old.username, '2024-03-01T10:00:00Z');
    const oldSubmittedId = await age(oldSubmitted.username, '2024-03-01T10:00:00Z');
    const oldFiles = [...(await filesUnder(join(sourceDir, 'files'))).keys()].filter((key) =>
      key.includes(oldId),
    );
    expect(oldFiles.length).toBeGreaterThan(0);
    // An application PDF left by an earlier purge that stopped between its commit and its files.
    const orphanPdf = join(
      sourceDir,
      'files',
      'application-pdf',
      '00000000-0000-4000-8000-000000000000',
      'left.pdf',
    );
    mkdirSync(join(orphanPdf, '..'), { recursive: true });
    writeFileSync(orphanPdf, '%PDF-1.7');

    const dry = await admin(
      ['purge', '--before', '2025-01-01', '--status', 'started', '--dry-run'],
      sourceEnv(),
    );
    expect(dry.code, dry.stderr).toBe(EXIT_OK);
    expect(dry.stdout).toContain(old.username);
    expect(dry.stdout).not.toContain(oldSubmitted.username);
    expect(dry.stdout).not.toContain(recent.username);
    expect(dry.stderr).toContain(
      'Dry run: 1 application last changed before 2025-01-01 00:00 UTC with status started would be deleted, with its account and files. Nothing was deleted.',
    );
    expect(
      await ctx.db.selectFrom('accounts').select('id').where('id', '=', oldId).execute(),
    ).toHaveLength(1);

    expect(readFileSync(orphanPdf, 'utf8')).toBe('%PDF-1.7');
    const run = await admin(
      ['purge', '--before', '2025-01-01', '--status', 'started'],
      sourceEnv(),
    );
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stdout).toBe(
      `Deleted 1 application last changed before 2025-01-01 00:00 UTC with status started (1 started), with its account, 1 document and ${oldFiles.length} stored files.\n`,
    );
    for (const table of [
      'accounts',
      'applications',
      'documents',
      'upload_grants',
      'mail_outbox',
    ] as const) {
      const column = table === 'accounts' ? 'id' : 'account_id';
      const rows =
        await sql`SELECT 1 FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${oldId}`.execute(
          ctx.db,
        );
      expect(rows.rows, table).toHaveLength(0);
    }
    const jobs = await sql`SELECT 1 FROM jobs WHERE payload->>'accountId' = ${oldId}`.execute(
      ctx.db,
    );
    expect(jobs.rows).toHaveLength(0);
    const left = [...(await filesUnder(join(sourceDir, 'files'))).keys()];
    expect(left.some((key) => key.startsWith('application-pdf/00000000-'))).toBe(false);
    for (const key of oldFiles) expect(left).not.toContain(key);
    expect(left.some((key) => key.includes(oldSubmittedId))).toBe(false); // it uploaded nothing
    // The recent applicant and the old submitted one are still there.
    for (const person of [recent, oldSubmitted])
      expect((await inject(ctx.app, 'GET', '/api/profile', person.cookie)).statusCode).toBe(200);
    // The old cookie of the deleted applicant opens nothing.
    expect((await inject(ctx.app, 'GET', '/api/profile', old.cookie)).statusCode).toBe(401);

    // Several statuses at once.
    const both = await admin(
      ['purge', '--before', '2025-01-01', '--status', 'started', '--status', 'submitted'],
      sourceEnv(),
    );
    expect(both.code, both.stderr).toBe(EXIT_OK);
    expect(both.stdout).toContain('Deleted 1 application');
    expect(both.stdout).toContain('(1 submitted)');
  });

  it('says what is wrong with its options (exit 2)', async () => {
    const cases: [string[], RegExp][] = [
      [['purge'], /purge needs --before DATE/],
      [
        ['purge', '--before', 'last year'],
        /--before must be a date such as 2026-01-31, not "last year"\./,
      ],
      [['purge', '--before', '2999-01-01'], /--before 2999-01-01 is in the future/],
      [['purge', '--before', '2025-01-01', '--status', 'done'], /--status must be one of/],
      [['list', '--status', 'none', '--status', 'started'], /list takes one --status\./],
      [['backup', 'a.tar.gz', '--dry-run'], /backup takes no --dry-run\./],
    ];
    for (const [args, message] of cases) {
      const run = await admin(args, sourceEnv());
      expect(run.code, args.join(' ')).toBe(EXIT_USAGE);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
  });
});
