/**
 * Backup → wipe → restore on the built product (docs/operations/backup.md): the server as
 * production runs it (scripts/build.mjs's `bundleServer`) on the embedded default, applicants
 * who save, upload and submit over HTTP, `cli.js backup FILE` while the server runs and one
 * applicant keeps saving, then the server stopped, `cli.js restore FILE` into a new, empty
 * DATA_DIR, and a server started on it: every answer, upload (byte for byte), reference and
 * receipt is back, and no session of before opens anything.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { bundleServer as bundle } from '../../scripts/build.mjs';
import {
  alive,
  call,
  logIn,
  ok,
  REPO_ROOT,
  type ServerProcess,
  signUpAndLogIn,
  startServer,
  stopServer,
  until,
} from '../support/server.ts';

const bundleProduction = bundle as (outDir: string) => Promise<string[]>;
const run = promisify(execFile);

const PASSWORD = 'Gallatin-Valley-2027';
const ADA = 'ada.backup@example.com';
const BO = 'bo.backup@example.com';
const FILE_KEY = 'decision_essay_file';
/** A 1 × 1 RGBA PNG: the smallest real image the conversion turns into a PDF page. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const CONVERSION_WAIT_MS = 60_000;

const folders: string[] = [];
const servers: ServerProcess[] = [];
let bundleDir = '';
let scratch = '';

const log = (line: string) => {
  console.log(`[backup] ${line}`);
};

function startOn(dataDir: string): Promise<ServerProcess> {
  return startServer({
    script: relative(REPO_ROOT, join(bundleDir, 'main.js')),
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '', // the embedded default
      SMTP_URL: '',
      DEV_MAILBOX: '1', // codes and receipts are read from /dev/mail
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOOKUPS_DIR: 'off',
    },
    onStart: (server) => servers.push(server),
  });
}

/** The staff CLI as built for production, on `dataDir`; answers what it printed. */
async function admin(dataDir: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [join(bundleDir, 'cli.js'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

/** Every file under `root`: relative path → SHA-256. */
async function filesUnder(root: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(root, name);
    if ((await stat(path)).isFile())
      found.set(name, createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return found;
}

const profile = async (server: ServerProcess, cookie: string) =>
  (
    JSON.parse(ok('profile', await call(server, 'GET', '/api/profile', { cookie })).body) as {
      answer: Record<string, unknown>;
    }
  ).answer;

async function conversionEnded(server: ServerProcess, cookie: string): Promise<string> {
  for (const end = Date.now() + CONVERSION_WAIT_MS; Date.now() < end;) {
    const reply = ok(
      'conversion status',
      await call(server, 'GET', `/api/pdf/document-answer/${FILE_KEY}`, { cookie }),
    );
    const { status } = JSON.parse(reply.body) as { status: string };
    if (status !== 'unprocessed' && status !== 'in_progress') return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the conversion had not ended after ${CONVERSION_WAIT_MS / 1000} s`);
}

/** Stops what an embedded PostgreSQL left running on `dataDir`, if anything. */
async function stopLeftPostgres(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGINT');
  if (!(await until(() => !alive(pid), 30_000))) process.kill(pid, 'SIGKILL');
}

describe('backup → wipe → restore of the built product', () => {
  const before: {
    ada?: Record<string, unknown>;
    adaCookie?: string;
    boCookie?: string;
    documents?: string;
    receipt?: string;
    files?: Map<string, string>;
  } = {};
  let source = '';
  let target = '';
  let backupFile = '';

  beforeAll(async () => {
    mkdirSync(join(REPO_ROOT, 'server', 'dist'), { recursive: true });
    bundleDir = mkdtempSync(join(REPO_ROOT, 'server', 'dist', 'backup-'));
    folders.push(bundleDir);
    await bundleProduction(relative(REPO_ROOT, bundleDir));
    scratch = mkdtempSync(join(tmpdir(), 'admit-backup-'));
    folders.push(scratch);
    // As root the embedded PostgreSQL runs as "postgres", which must traverse the folders.
    chmodSync(scratch, 0o755);
    source = join(scratch, 'source');
    target = join(scratch, 'target');
    backupFile = join(scratch, 'admit-backup.tar.gz');
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    for (const dataDir of [source, target]) if (dataDir !== '') await stopLeftPostgres(dataDir);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 120_000);

  it('gives back every answer, upload, reference and receipt, and ends every session', async () => {
    const first = await startOn(source);
    log(`server on ${source} at ${first.origin}`);

    // Ada: a whole application, an uploaded essay converted to PDF, submitted.
    const adaCookie = await signUpAndLogIn(first, ADA, PASSWORD);
    ok(
      'save',
      await call(first, 'PUT', '/api/answer', {
        body: { ...COMPLETE_APPLICATION, first_name: 'Ada', middle_name: 'Zoë "Ó" Brien' },
        cookie: adaCookie,
      }),
    );
    const presigned = JSON.parse(
      ok(
        'presign',
        await call(first, 'POST', '/api/presigned-url', {
          body: { answer_key: FILE_KEY },
          cookie: adaCookie,
        }),
      ).body,
    ) as { url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    form.append('Content-Type', 'image/png');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'essay.png');
    const encoded = new Response(form);
    ok(
      'upload',
      await call(first, 'POST', new URL(presigned.url).pathname, {
        raw: {
          bytes: Buffer.from(await encoded.arrayBuffer()),
          type: encoded.headers.get('content-type') ?? '',
        },
      }),
      204,
    );
    ok(
      'conversion request',
      await call(first, 'POST', `/api/pdf/document-answer/${FILE_KEY}`, {
        body: { file_key: presigned.fields.key, file_name: 'essay.png' },
        cookie: adaCookie,
      }),
      202,
    );
    expect(await conversionEnded(first, adaCookie)).toBe('completed');
    ok(
      'tabs',
      await call(first, 'PUT', '/api/tabs', {
        body: { tab_id: 'decision_essay', chosen_tab: 'upload' },
        cookie: adaCookie,
      }),
    );
    const submitted = JSON.parse(
      ok('submit', await call(first, 'POST', '/api/submit', { cookie: adaCookie })).body,
    ) as { reference_number: string };
    expect(submitted.reference_number).toMatch(/\S/);
    const pdf = await call(first, 'GET', '/api/pdf/application.pdf', { cookie: adaCookie });
    expect(pdf.status).toBe(200);

    // Bo: started, and saving (first and last name together, in one request) all through the backup.
    const boCookie = await signUpAndLogIn(first, BO, PASSWORD);
    ok(
      'save',
      await call(first, 'PUT', '/api/answer', {
        body: { first_name: 's0', last_name: 's0' },
        cookie: boCookie,
      }),
    );
    const state = { backingUp: true, saves: 0 };
    const saving = (async () => {
      for (let seq = 1; state.backingUp; seq += 1) {
        ok(
          'save during the backup',
          await call(first, 'PUT', '/api/answer', {
            body: { first_name: `s${seq}`, last_name: `s${seq}` },
            cookie: boCookie,
          }),
        );
        state.saves = seq;
      }
    })();
    const backup = await admin(source, ['backup', backupFile]);
    state.backingUp = false;
    await saving;
    log(`backup: ${backup.stdout.trim()} (${state.saves} saves of Bo's meanwhile)`);
    expect(backup.stdout).toMatch(/^Wrote .*: 2 accounts, 2 applications, 1 document, [23] files/);
    expect(backup.stderr).toContain('Using the running embedded PostgreSQL');

    Object.assign(before, {
      ada: await profile(first, adaCookie),
      adaCookie,
      boCookie,
      documents: ok(
        'documents',
        await call(first, 'GET', '/api/document-answer', { cookie: adaCookie }),
      ).body,
      receipt: ok('receipt', await call(first, 'GET', '/api/receipt', { cookie: adaCookie })).body,
      files: await filesUnder(join(source, 'files')),
    });
    await stopServer(first);

    // A new machine: an empty DATA_DIR.
    const restore = await admin(target, ['restore', backupFile]);
    log(`restore: ${restore.stdout.trim()}`);
    expect(restore.stdout).toMatch(
      /^Restored the backup of .*: 2 accounts, 2 applications, 1 document, [23] files\.$/m,
    );

    // Every file restored is the one backed up, byte for byte; the document's both are there.
    const restored = await filesUnder(join(target, 'files'));
    expect(restored.size).toBeGreaterThanOrEqual(2);
    for (const [key, digest] of restored) expect(before.files?.get(key), key).toBe(digest);
    expect([...restored.keys()].filter((key) => key.startsWith('originals/'))).toHaveLength(1);
    expect([...restored.keys()].filter((key) => key.startsWith('converted/'))).toHaveLength(1);

    const second = await startOn(target);
    // No session came back: the cookies of before open nothing.
    for (const cookie of [adaCookie, boCookie])
      expect((await call(second, 'GET', '/api/profile', { cookie })).status).toBe(401);

    const ada = await logIn(second, ADA, PASSWORD);
    expect(await profile(second, ada)).toEqual(before.ada);
    expect(
      ok('documents', await call(second, 'GET', '/api/document-answer', { cookie: ada })).body,
    ).toBe(before.documents);
    expect(ok('receipt', await call(second, 'GET', '/api/receipt', { cookie: ada })).body).toBe(
      before.receipt,
    );
    expect(await conversionEnded(second, ada)).toBe('completed');
    const restoredPdf = await call(second, 'GET', '/api/pdf/application.pdf', { cookie: ada });
    expect(restoredPdf.status).toBe(200);
    expect(restoredPdf.body.startsWith('%PDF-')).toBe(true);
    // The receipt mailed at submission is in the restored outbox, with its reference.
    const mail = JSON.parse(
      ok(
        'dev mailbox',
        await call(second, 'GET', `/dev/mail?to=${encodeURIComponent(ADA)}&limit=50`),
      ).body,
    ) as { subject: string; text: string }[];
    expect(mail.some((m) => m.text.includes(submitted.reference_number))).toBe(true);

    // Bo's saves during the backup: the restored one is one whole save, first and last name alike.
    const boCookie2 = await logIn(second, BO, PASSWORD);
    const bo = await profile(second, boCookie2);
    expect(bo.first_name).toMatch(/^s\d+$/);
    expect(bo.last_name).toBe(bo.first_name);
    // The restored installation takes new work: a save and a new sign-up.
    ok(
      'save after restore',
      await call(second, 'PUT', '/api/answer', { body: { city: 'Bozeman' }, cookie: boCookie2 }),
    );
    await signUpAndLogIn(second, 'new.after.restore@example.com', PASSWORD);
  }, 300_000);
});
