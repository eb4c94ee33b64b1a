import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Answers } from '@admit/form-model';
import { loadTenant } from '@admit/tenant-config/node';
import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { type Db, migrate, openDatabase } from '../../db/database.ts';
import { GENERIC_MESSAGE, SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import { createLocalFileStore, type FileStore } from '../../services/files.ts';
import {
  type CompletedDocument,
  PDF_DOWNLOAD_PATH,
  pdfMessages,
  type PdfStatusResponse,
} from '../../services/pdf.ts';
import { english, text } from '../../services/texts.ts';
import { createDatabase, createTestContext, ORIGIN, signedIn } from '../../test/context.ts';
import { pdfText } from '../../test/pdfText.ts';

const DRAFT_MARK = english(text('server.pdf.draftMark'));
const UNREADABLE_DOCUMENT_NOTE = english(text('server.pdf.unreadableNote'));

/** What the fake document source (services/documents.ts stands in) answers, per account. */
const completed = new Map<string, CompletedDocument[]>();
const pending = new Map<string, 'unprocessed' | 'in_progress'>();
const brokenSources = new Set<string>();
const logLines: string[] = [];

let app: FastifyInstance;
let db: Db;
let files: FileStore;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const { url, drop } = await createDatabase();
  db = openDatabase(url, 10);
  await migrate(db);
  const dataDir = await mkdtemp(join(tmpdir(), 'admit-pdf-test-'));
  const config = readConfig({ PUBLIC_ORIGIN: ORIGIN, DATABASE_URL: url, DATA_DIR: dataDir });
  files = createLocalFileStore(join(dataDir, 'files'));
  app = await buildApp({
    config,
    tenant: loadTenant(config.tenant),
    db,
    logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } },
    pdfDocuments: {
      completedFor: async (accountId) => {
        if (brokenSources.has(accountId)) throw new Error('the documents table is unreachable');
        return completed.get(accountId) ?? [];
      },
      pendingFor: async (accountId) => pending.get(accountId),
    },
  });
  await app.ready();
  cleanUp = async () => {
    await app.close();
    await db.destroy();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await cleanUp();
});

let applicants = 0;
async function applicant(): Promise<{ username: string; cookie: string; accountId: string }> {
  applicants += 1;
  const username = `pdf-applicant-${applicants}@example.com`;
  const cookie = await signedIn(app, username);
  const { id } = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { username, cookie, accountId: id };
}

function get(url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
}

async function save(cookie: string, answers: Answers): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/answer',
    payload: answers,
    headers: { cookie, origin: ORIGIN },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function status(cookie: string): Promise<PdfStatusResponse> {
  const response = await get('/api/pdf', cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<PdfStatusResponse>();
}

/** Asks for the status, then downloads what its url points to. */
async function download(cookie: string): Promise<LightMyRequestResponse> {
  const { status: pdfStatus, url } = await status(cookie);
  expect(pdfStatus).toBe('COMPLETED');
  if (url === null) throw new Error('COMPLETED without a url');
  const response = await get(url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** A PDF of `pages` pages, each saying `words` and its number, made with pdf-lib. */
async function madePdf(words: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    doc.addPage([595, 842]).drawText(`${words} ${number}`, { x: 72, y: 760, size: 14, font });
  }
  return doc.save();
}

/** Whitespace does not matter when comparing a long answer with its wrapped lines. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

const ESSAY = Array.from(
  { length: 40 },
  (_, index) =>
    `Paragraph ${index + 1}: welding on the ranch taught me patience, precision and care for the work of others. ` +
    'Gallatin College is where I can turn that into a trade.',
).join('\n\n');

describe('GET /api/pdf and the download', () => {
  it('refuses both without a session: 401 with SPEC §8 message', async () => {
    for (const url of ['/api/pdf', PDF_DOWNLOAD_PATH]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
    }
  });

  it('is NOT_ANSWERED with no url before any answer, and the download is 404', async () => {
    const { cookie } = await applicant();
    expect(await status(cookie)).toEqual({ status: 'NOT_ANSWERED', url: null });
    const response = await get(PDF_DOWNLOAD_PATH, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: english(pdfMessages.notAnswered) });
  });

  it('prints the saved answers: COMPLETED, an attachment with nosniff, answers, [X]/[ ] and blanks', async () => {
    const { cookie, username } = await applicant();
    expect(ESSAY.length).toBeGreaterThan(6000);
    await save(cookie, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      us_citizen: 'Y',
      us_citizen_desc: 'Yes',
      certify_checkbox: true,
      decision_essay: ESSAY,
    });
    const { status: pdfStatus, url } = await status(cookie);
    expect(pdfStatus).toBe('COMPLETED');
    expect(url).toMatch(/^\/api\/pdf\/application\.pdf\?v=[0-9a-f]{16}$/);

    const response = await download(cookie);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Gallatin-Application-Lovelace-Ada.pdf"; filename*=UTF-8''Gallatin-Application-Lovelace-Ada.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    // Not JSON: helmet's page set, as for the app's own files.
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await pdfText(response.rawPayload);
    expect(pdf.title).toBe('Gallatin College: Application for Admission, Ada Lovelace');
    const lines = pdf.pages.flat();
    expect(lines).toContain('Gallatin College');
    expect(lines).toContain('Application for Admission');
    expect(lines).toContain(`Ada Lovelace ${username}`);
    expect(lines).toContain('First Name Ada');
    expect(lines).toContain('Last Name Lovelace');
    // SPEC §1: choices as [X]/[ ], a lone checkbox too, and blanks where nothing was answered.
    expect(lines).toContain('Are you a citizen of the United States? [X] Yes [ ] No');
    expect(lines).toContainEqual(
      expect.stringMatching(/^\[X\] I certify that the information in this application/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^\[ \] I agree that ticking these boxes/));
    expect(lines).toContain('Middle Name __________');
    expect(lines).toContain('City of Birth __________');
    // The whole essay, wrapped over pages, not a character lost (read without the running
    // header, the footer, the draft mark and the "(continued)" line of each page it runs onto).
    const continued = 'Why have you chosen Gallatin College? (continued)';
    expect(lines).toContain(continued);
    expect(lines).toContain(DRAFT_MARK);
    const body = lines.filter(
      (line) => !line.startsWith('Gallatin College') && line !== continued && line !== DRAFT_MARK,
    );
    expect(squeeze(body.join('\n'))).toContain(squeeze(ESSAY));
    // "Page N of M" on every page.
    pdf.pages.forEach((page, index) => {
      expect(page).toContainEqual(expect.stringContaining(`Page ${index + 1} of ${pdf.numPages}`));
    });
    // Every character printed as typed: no code points, no stand-ins.
    expect(pdf.text).not.toMatch(/U\+[0-9A-F]{4}/);
  });

  it('keeps the PDF while nothing changes: the same url, no new render', async () => {
    const { cookie, accountId } = await applicant();
    await save(cookie, { first_name: 'Grace' });
    const first = await status(cookie);
    const rendered = await db
      .selectFrom('application_pdfs')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const again = await status(cookie);
    expect(again).toEqual(first);
    const still = await db
      .selectFrom('application_pdfs')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(still).toEqual(rendered);
  });

  it('rebuilds the PDF when an answer changes: a new url, the new text, the old file removed', async () => {
    const { cookie, accountId } = await applicant();
    await save(cookie, { first_name: 'Ada', last_name: 'Lovelace' });
    const before = await status(cookie);
    const oldKey = (
      await db
        .selectFrom('application_pdfs')
        .select('file_key')
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).file_key;
    expect(await files.size(oldKey)).toBeGreaterThan(0);

    await save(cookie, { first_name: 'Augusta' });
    const after = await status(cookie);
    expect(after.status).toBe('COMPLETED');
    expect(after.url).not.toBe(before.url);
    const lines = (await pdfText((await download(cookie)).rawPayload)).pages.flat();
    expect(lines).toContain('First Name Augusta');
    expect(lines).not.toContain('First Name Ada');
    expect(await files.size(oldKey)).toBeUndefined();
  });

  it("rebuilds it when a tab changes what is shown (tabs are part of the PDF's version)", async () => {
    const { cookie } = await applicant();
    await save(cookie, { first_name: 'Ada', decision_essay: 'Welding, close to home.' });
    const withEssay = await download(cookie);
    expect((await pdfText(withEssay.rawPayload)).text).toContain('Welding, close to home.');
    const tab = await app.inject({
      method: 'PUT',
      url: '/api/tabs',
      payload: { tab_id: 'decision_essay', chosen_tab: 'upload' },
      headers: { cookie, origin: ORIGIN },
    });
    expect(tab.statusCode).toBe(200);
    const text = (await pdfText((await download(cookie)).rawPayload)).text;
    // The one clearing function: the essay of the tab not chosen is not printed.
    expect(text).not.toContain('Welding, close to home.');
    expect(text).toContain('Your essay __________');
  });

  it("is only ever the applicant's own: B gets B's PDF, even from A's url", async () => {
    const a = await applicant();
    const b = await applicant();
    await save(a.cookie, { first_name: 'Ada', last_name: 'Lovelace' });
    const { url } = await status(a.cookie);
    if (url === null) throw new Error('no url');

    const beforeAnswering = await get(url, b.cookie);
    expect(beforeAnswering.statusCode).toBe(404);
    expect(beforeAnswering.body).not.toContain('Lovelace');

    await save(b.cookie, { first_name: 'Barbara', last_name: 'Liskov' });
    const ofB = await get(url, b.cookie);
    expect(ofB.statusCode).toBe(200);
    expect(ofB.headers['content-disposition']).toContain('Liskov');
    const text = (await pdfText(ofB.rawPayload)).text;
    expect(text).toContain('First Name Barbara');
    expect(text).not.toContain('Ada');
    expect(text).not.toContain('Lovelace');
  });

  it('appends the converted documents after the application: the page count grows', async () => {
    const { cookie, accountId } = await applicant();
    await save(cookie, { first_name: 'Ada', last_name: 'Lovelace' });
    const tab = await app.inject({
      method: 'PUT',
      url: '/api/tabs',
      payload: { tab_id: 'decision_essay', chosen_tab: 'upload' },
      headers: { cookie, origin: ORIGIN },
    });
    expect(tab.statusCode).toBe(200);
    const without = await pdfText((await download(cookie)).rawPayload);

    const convertedKey = `converted/${accountId}/decision_essay_file.pdf`;
    await files.put(convertedKey, await madePdf('My essay, page', 2));
    completed.set(accountId, [
      { answerKey: 'decision_essay_file', fileName: 'my-essay.pdf', convertedKey },
    ]);
    const withDocument = await pdfText((await download(cookie)).rawPayload);

    // Two pages appended (and the list of attached documents may take the application onto
    // one more page of its own).
    const total = withDocument.numPages;
    expect(total).toBeGreaterThanOrEqual(without.numPages + 2);
    expect(total).toBeLessThanOrEqual(without.numPages + 3);
    const lines = withDocument.pages.flat();
    expect(lines).toContain('Your essay Attached document: my-essay.pdf');
    expect(lines).toContain(`Appended as pages ${total - 1}-${total} of ${total}`);
    expect(lines).toContain(`1. my-essay.pdf Appended as pages ${total - 1}-${total} of ${total}`);
    // The document's own pages, last, in order, each stamped with whose and which page it is.
    expect(withDocument.pages[total - 2]).toContain('My essay, page 1');
    expect(withDocument.pages[total - 1]).toContain('My essay, page 2');
    expect(withDocument.pages[total - 1]).toContain(
      `Attachment: my-essay.pdf | Ada Lovelace | Page ${total} of ${total}`,
    );
  });

  it('prints a page that says so for a document that cannot be read, and still completes', async () => {
    const { cookie, accountId } = await applicant();
    await save(cookie, { first_name: 'Ada' });
    await app.inject({
      method: 'PUT',
      url: '/api/tabs',
      payload: { tab_id: 'decision_essay', chosen_tab: 'upload' },
      headers: { cookie, origin: ORIGIN },
    });
    const convertedKey = `converted/${accountId}/broken.pdf`;
    await files.put(convertedKey, new TextEncoder().encode('%PDF-1.7 this is not a PDF at all'));
    completed.set(accountId, [
      { answerKey: 'decision_essay_file', fileName: 'broken.pdf', convertedKey },
    ]);
    const pdf = await pdfText((await download(cookie)).rawPayload);
    const last = pdf.pages[pdf.numPages - 1] ?? [];
    expect(last).toContain('Attached document: broken.pdf');
    expect(squeeze(last.join(' '))).toContain(squeeze(UNREADABLE_DOCUMENT_NOTE));
    expect(last).toContainEqual(expect.stringContaining(`Page ${pdf.numPages} of ${pdf.numPages}`));
  });

  it('waits for conversions under way: UNPROCESSED or IN_PROGRESS with no url, download 409', async () => {
    const { cookie, accountId } = await applicant();
    await save(cookie, { first_name: 'Ada' });
    pending.set(accountId, 'unprocessed');
    expect(await status(cookie)).toEqual({ status: 'UNPROCESSED', url: null });
    pending.set(accountId, 'in_progress');
    expect(await status(cookie)).toEqual({ status: 'IN_PROGRESS', url: null });
    const response = await get(PDF_DOWNLOAD_PATH, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: english(pdfMessages.waiting) });
    pending.delete(accountId);
    expect((await status(cookie)).status).toBe('COMPLETED');
  });

  it('is FAILED, logged, when the PDF cannot be made; the download is 500 with SPEC §8 message', async () => {
    const { cookie, accountId } = await applicant();
    await save(cookie, { first_name: 'Ada' });
    brokenSources.add(accountId);
    expect(await status(cookie)).toEqual({ status: 'FAILED', url: null });
    expect(logLines.join('\n')).toContain('application PDF failed');
    const response = await get(PDF_DOWNLOAD_PATH, cookie);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: english(GENERIC_MESSAGE) });
    // The next request tries again.
    brokenSources.delete(accountId);
    expect((await status(cookie)).status).toBe('COMPLETED');
  });

  it('prints names in any script as typed: "Zoë", "Łódź", "王" (regression: they printed as "Zoë ?", "Lódz")', async () => {
    const { cookie } = await applicant();
    await save(cookie, { first_name: 'Zoë 王', last_name: 'Łódź', birth_city: 'Ярослав' });
    const response = await download(cookie);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Gallatin-Application-Lodz-Zoe.pdf"; filename*=UTF-8''Gallatin-Application-%C5%81%C3%B3d%C5%BA-Zo%C3%AB-%E7%8E%8B.pdf`,
    );
    const pdf = await pdfText(response.rawPayload);
    const lines = pdf.pages.flat();
    expect(lines).toContain('First Name Zoë 王');
    expect(lines).toContain('Last Name Łódź');
    expect(lines).toContain('City of Birth Ярослав');
    expect(pdf.text).not.toMatch(/U\+[0-9A-F]{4}/);
    // The document's metadata is Unicode: the title keeps the original spelling.
    expect(pdf.title).toBe('Gallatin College: Application for Admission, Zoë 王 Łódź');
  });

  it('prints a name stored with a line break (regression: "Line\\nBreak" failed the PDF on every request)', async () => {
    const { username, cookie, accountId } = await applicant();
    await save(cookie, { first_name: 'Ada' });
    // Stored before one-line answers refused it (PUT /api/answer now answers 400).
    await sql`UPDATE applications SET answers = answers || ${JSON.stringify({
      last_name: 'Line\nBreak',
      birth_city: 'Tab\there\u0007',
    })}::jsonb WHERE account_id = ${accountId}`.execute(db);
    expect(await status(cookie)).toMatchObject({ status: 'COMPLETED' });
    const pdf = await pdfText((await download(cookie)).rawPayload);
    const lines = pdf.pages.flat();
    expect(lines).toContain(`Ada Line Break ${username}`);
    expect(lines).toContain(
      `Gallatin College | Application for Admission | Ada Line Break Page 1 of ${pdf.numPages}`,
    );
    expect(pdf.title).toBe('Gallatin College: Application for Admission, Ada Line Break');
  });

  it('prints only the last four digits of the SSN', async () => {
    const { cookie } = await applicant();
    await save(cookie, { first_name: 'Ada', ssn: '123-45-6789' });
    const text = (await pdfText((await download(cookie)).rawPayload)).text;
    expect(text).toContain('Social Security Number XXX-XX-6789');
    expect(text).not.toContain('123-45');
  });
});

describe('the application PDF wired to services/documents.ts', () => {
  it("appends a completed document from the documents table, read through the app's FileStore", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'admit-pdf-wired-'));
    const ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
    try {
      const username = 'wired@example.com';
      const cookie = await signedIn(ctx.app, username);
      const { id: accountId } = await ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const put = (url: string, payload: object) =>
        ctx.app.inject({ method: 'PUT', url, payload, headers: { cookie, origin: ORIGIN } });
      expect((await put('/api/answer', { first_name: 'Ada' })).statusCode).toBe(200);
      expect(
        (await put('/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'upload' })).statusCode,
      ).toBe(200);
      const statusOf = async () =>
        (
          await ctx.app.inject({ method: 'GET', url: '/api/pdf', headers: { cookie } })
        ).json<PdfStatusResponse>();
      const before = await statusOf();

      const convertedKey = `converted/${accountId}/essay.pdf`;
      await createLocalFileStore(join(dataDir, 'files')).put(
        convertedKey,
        await madePdf('Wired essay, page', 1),
      );
      const now = new Date();
      await ctx.db
        .insertInto('documents')
        .values({
          account_id: accountId,
          answer_key: 'decision_essay_file',
          original_key: `uploads/${accountId}/essay.pdf`,
          file_name: 'essay.pdf',
          file_size: 1000,
          sniffed_type: 'pdf',
          status: 'completed',
          converted_key: convertedKey,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const after = await statusOf();
      expect(after.status).toBe('COMPLETED');
      expect(after.url).not.toBe(before.url);
      if (after.url === null) throw new Error('no url');
      const response = await ctx.app.inject({ method: 'GET', url: after.url, headers: { cookie } });
      const pdf = await pdfText(response.rawPayload);
      expect(pdf.pages.flat()).toContain('Your essay Attached document: essay.pdf');
      expect(pdf.pages[pdf.numPages - 1]).toContain('Wired essay, page 1');
    } finally {
      await ctx.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
