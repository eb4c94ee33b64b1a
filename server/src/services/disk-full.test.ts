/**
 * A full disk, for real: DATA_DIR on a 2 MB tmpfs (PostgreSQL is elsewhere), filled with a
 * file until the kernel answers ENOSPC. Uploads, conversions and the application PDF answer
 * 507 with a message a person understands, leave no temporary file, and lose nothing that was
 * acknowledged before; once there is room again the same requests go through. Mounting needs
 * root: elsewhere the disk-full part is skipped (the sweep of stale temporary files runs
 * everywhere).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, readdir, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestContext,
  json,
  loggedApp,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../test/context.ts';
import { makePng, multipartBody } from '../test/files.ts';
import { SOFFICE_WORK_PREFIX, sweepSofficeFolders } from './convert.ts';
import { CONVERT_DOCUMENT_JOB } from './documents.ts';
import { STORAGE_FULL_MESSAGE } from './errors.ts';
import { createLocalFileStore } from './files.ts';
import { createHousekeeping, STALE_TEMPORARY_MS } from './housekeeping.ts';
import { createUploadGrants } from './uploadGrants.ts';
import { english } from './texts.ts';

const KEY = 'decision_essay_file';
const isRoot = process.getuid?.() === 0;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!isRoot)(
  'a full disk (DATA_DIR on a 2 MB tmpfs; mounting needs root, so this is skipped otherwise)',
  () => {
    let mount: string;
    let ctx: TestContext;
    let app: FastifyInstance;
    let lines: string[];
    const filler = () => join(mount, 'filler');

    beforeAll(async () => {
      mount = mkdtempSync(join(tmpdir(), 'admit-disk-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0755', 'tmpfs', mount]);
      // SOFFICE=off: images are converted in-process; LibreOffice is not what is tested here.
      ctx = await createTestContext({ env: { DATA_DIR: mount, SOFFICE: 'off' } });
      ({ app, lines } = await loggedApp(ctx, { config: ctx.config }, 'error'));
    });
    afterAll(async () => {
      try {
        await app.close();
        await ctx.close();
      } finally {
        execFileSync('umount', [mount]);
        rmSync(mount, { recursive: true, force: true });
      }
    });

    /** Fills the filesystem with one file until ENOSPC, then frees `leave` bytes of it. */
    async function fillDisk(leave = 0): Promise<void> {
      const handle = await open(filler(), 'a');
      const chunk = Buffer.alloc(64 * 1024, 7);
      try {
        for (;;) await handle.write(chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        await handle.close();
      }
      if (leave > 0) await truncate(filler(), Math.max(0, (await stat(filler())).size - leave));
    }
    const freeDisk = () => rm(filler(), { force: true });

    /** Temporary files of writes anywhere under DATA_DIR. */
    async function temporaryFiles(): Promise<string[]> {
      const entries = await readdir(mount, { recursive: true });
      return entries.filter((entry) => entry.endsWith('.tmp'));
    }

    const errorLines = () =>
      lines.splice(0).map((line) => JSON.parse(line) as Record<string, unknown>);

    function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
      return app.inject({
        method,
        url,
        headers: { cookie, ...(method === 'GET' ? {} : { origin: ORIGIN }) },
        ...(payload === undefined ? {} : { payload }),
      });
    }

    async function presign(cookie: string) {
      const response = await call('POST', '/api/presigned-url', cookie, { answer_key: KEY });
      expect(response.statusCode, response.body).toBe(200);
      return json<{ url: string; fields: Record<string, string> }>(response);
    }

    function upload(
      presigned: { url: string; fields: Record<string, string> },
      bytes: Uint8Array,
      name = 'essay.png',
    ) {
      const { body, contentType } = multipartBody(presigned.fields, {
        name,
        type: 'image/png',
        bytes,
      });
      return app.inject({
        method: 'POST',
        url: presigned.url,
        headers: { 'content-type': contentType, origin: ORIGIN },
        payload: body,
      });
    }

    const convert = (cookie: string, fileKey: string, fileName = 'essay.png') =>
      call('POST', `/api/pdf/document-answer/${KEY}`, cookie, {
        file_key: fileKey,
        file_name: fileName,
      });

    const documentRow = (accountId: string) =>
      ctx.db
        .selectFrom('documents')
        .select(['status', 'message', 'message_id', 'original_key', 'converted_key'])
        .where('account_id', '=', accountId)
        .where('answer_key', '=', KEY)
        .executeTakeFirstOrThrow();

    let cookie: string;
    let accountId: string;
    const files = () => createLocalFileStore(join(mount, 'files'));

    it('an upload that does not fit answers 507 with a message a person understands, leaves no temporary file, keeps what was saved before, and goes through once there is room', async () => {
      cookie = await signedIn(app, 'full-disk@example.com');
      ({ id: accountId } = await ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', 'full-disk@example.com')
        .executeTakeFirstOrThrow());
      // Saved before the disk filled: an upload, converted.
      const first = makePng(8, 6);
      const earlier = await presign(cookie);
      expect((await upload(earlier, first)).statusCode).toBe(204);
      expect((await convert(cookie, earlier.fields.key ?? '')).statusCode).toBe(202);
      await app.jobs.runUntilIdle();
      const saved = await documentRow(accountId);
      expect(saved.status).toBe('completed');
      const savedPdf = await files().get(saved.converted_key ?? '');
      expect(savedPdf).toBeDefined();

      // 100 KB left; the next file is 400 KB: its write runs out of space half way.
      await fillDisk(100 * 1024);
      const big = randomBytes(400 * 1024);
      const presigned = await presign(cookie);
      const refused = await upload(presigned, big);
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual({ message: english(STORAGE_FULL_MESSAGE) });
      expect(await temporaryFiles()).toEqual([]);
      // One error line for the operator: ENOSPC, and the folder it happened in.
      const logged = errorLines();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 50, code: 'ENOSPC' });
      expect(String(logged[0]?.folder)).toContain(join(mount, 'files', 'uploads'));
      expect(String(logged[0]?.msg)).toContain('ENOSPC');

      // What was saved before is intact.
      expect(sha((await files().get(saved.original_key)) ?? new Uint8Array())).toBe(sha(first));
      expect(sha((await files().get(saved.converted_key ?? '')) ?? new Uint8Array())).toBe(
        sha(savedPdf ?? new Uint8Array()),
      );
      const answers = await call('GET', '/api/document-answer', cookie);
      expect(Object.keys(json(answers))).toEqual([KEY]);

      // Room again: the very same upload (same signed form, same grant) is accepted.
      await freeDisk();
      const accepted = await upload(presigned, big);
      expect(accepted.statusCode, accepted.body).toBe(204);
      expect(sha((await files().get(presigned.fields.key ?? '')) ?? new Uint8Array())).toBe(
        sha(big),
      );
      expect(await temporaryFiles()).toEqual([]);
    });

    it('asking to convert answers 507 while the disk is full; a conversion that finds it full fails its job with that message, keeps the original, and converts when asked again once there is room', async () => {
      const png = makePng(16, 12);
      const presigned = await presign(cookie);
      expect((await upload(presigned, png)).statusCode).toBe(204);
      const fileKey = presigned.fields.key ?? '';
      // Asking to convert copies the upload to keep: refused while there is no room for it.
      await fillDisk();
      const refused = await convert(cookie, fileKey);
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual({ message: english(STORAGE_FULL_MESSAGE) });
      expect(errorLines()).toEqual([
        expect.objectContaining({
          code: 'ENOSPC',
          folder: expect.stringContaining('originals') as unknown,
        }),
      ]);
      await freeDisk();
      expect((await convert(cookie, fileKey)).statusCode).toBe(202);
      await fillDisk();
      // The queue's three attempts (5 s, then 10 s apart), each refused by the disk.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await app.jobs.runUntilIdle();
        ctx.advance(10_000);
      }
      const job = await ctx.db
        .selectFrom('jobs')
        .select(['status', 'last_error'])
        .where('kind', '=', CONVERT_DOCUMENT_JOB)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('failed');
      const failed = await documentRow(accountId);
      // Kept as what to say (its catalogue id), said in the reader's language when read.
      expect(failed).toMatchObject({ status: 'failed', message_id: STORAGE_FULL_MESSAGE.id });
      const status = await call('GET', `/api/pdf/document-answer/${KEY}`, cookie);
      expect(json(status)).toMatchObject({
        status: 'failed',
        message: english(STORAGE_FULL_MESSAGE),
      });
      // The original is kept, whole; nothing half-written is left.
      expect(sha((await files().get(failed.original_key)) ?? new Uint8Array())).toBe(sha(png));
      expect(await temporaryFiles()).toEqual([]);
      const logged = errorLines();
      expect(logged.length).toBeGreaterThanOrEqual(1);
      for (const line of logged) {
        expect(line).toMatchObject({ code: 'ENOSPC' });
        expect(String(line.folder)).toContain(join(mount, 'files', 'converted'));
      }

      await freeDisk();
      expect((await convert(cookie, fileKey)).statusCode).toBe(202);
      await app.jobs.runUntilIdle();
      expect(await documentRow(accountId)).toMatchObject({ status: 'completed', message: null });
    });

    it('the application PDF answers 507 while the disk is full, and is made once there is room', async () => {
      await fillDisk();
      const status = await call('GET', '/api/pdf', cookie);
      expect(status.statusCode).toBe(507);
      expect(status.json()).toEqual({ message: english(STORAGE_FULL_MESSAGE) });
      const download = await call('GET', '/api/pdf/application.pdf', cookie);
      expect(download.statusCode).toBe(507);
      expect(download.json()).toEqual({ message: english(STORAGE_FULL_MESSAGE) });
      expect(await temporaryFiles()).toEqual([]);
      const logged = errorLines();
      expect(logged.length).toBeGreaterThanOrEqual(1);
      for (const line of logged) expect(line).toMatchObject({ code: 'ENOSPC' });

      await freeDisk();
      const ready = await call('GET', '/api/pdf', cookie);
      expect(ready.statusCode).toBe(200);
      expect(json(ready)).toMatchObject({ status: 'COMPLETED' });
      const pdf = await call('GET', '/api/pdf/application.pdf', cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  },
);

describe('the sweep of temporary files', () => {
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'admit-sweep-'));
    ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes temporary files a crashed write left behind once they are an hour old, and nothing else', async () => {
    const root = join(dataDir, 'files');
    // A folder the upload sweep leaves alone, so only the temporary-file rule acts here.
    const folder = join(root, 'application-pdf', 'someone');
    await mkdir(folder, { recursive: true });
    const stale = join(folder, '.0123456789abcdef.tmp');
    const fresh = join(folder, '.fedcba9876543210.tmp');
    const stored = join(folder, 'v1.pdf');
    for (const path of [stale, fresh, stored]) await writeFile(path, 'bytes');
    const old = new Date(ctx.now().getTime() - STALE_TEMPORARY_MS - 60_000);
    await utimes(stale, old, old);
    await utimes(stored, old, old);

    const files = createLocalFileStore(root);
    const removed = await createHousekeeping({
      db: ctx.db,
      clock: ctx.now,
      uploads: { grants: createUploadGrants({ db: ctx.db, clock: ctx.now }), files },
    })();
    expect(removed.temporaryFiles).toBe(1);
    // A write may still be at work on the fresh one; the stored file is never a temporary one.
    const left = (await readdir(folder)).sort();
    expect(left).toEqual(['.fedcba9876543210.tmp', 'v1.pdf']);
  });

  it("removes LibreOffice's work folders a killed conversion left behind once they are an hour old", async () => {
    const temp = join(dataDir, 'system-tmp');
    const abandoned = join(temp, `${SOFFICE_WORK_PREFIX}abc123`);
    const working = join(temp, `${SOFFICE_WORK_PREFIX}def456`);
    const other = join(temp, 'someone-else');
    for (const folder of [abandoned, working, other]) {
      await mkdir(join(folder, 'out'), { recursive: true });
      await writeFile(join(folder, 'document.docx'), 'an applicant document');
    }
    const old = new Date(Date.now() - STALE_TEMPORARY_MS - 60_000);
    await utimes(abandoned, old, old);
    await utimes(other, old, old);
    expect(await sweepSofficeFolders(new Date(Date.now() - STALE_TEMPORARY_MS), temp)).toBe(1);
    expect((await readdir(temp)).sort()).toEqual([`${SOFFICE_WORK_PREFIX}def456`, 'someone-else']);
  });
});
