import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { MAX_UPLOAD_BYTES, englishMessages } from '@admit/form-model';
import { sql } from 'kysely';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CROSS_SITE_MESSAGE } from '../../plugins/external/security.ts';
import { applicationMessages } from '../../services/applications.ts';
import { conversionMessages } from '../../services/convert.ts';
import {
  completedDocuments,
  CONVERT_DOCUMENT_JOB,
  documentMessages,
  UPLOAD_GRANT_TTL_MS,
} from '../../services/documents.ts';
import { SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import { createLocalFileStore, type FileStore } from '../../services/files.ts';
import { POLICY_TTL_MS, storageMessages } from '../../services/storage.ts';
import {
  createUploadGrants,
  ORPHAN_GRACE_MS,
  PRESIGN_LIMIT,
  PRESIGN_WINDOW_MS,
  uploadMessages,
} from '../../services/uploadGrants.ts';
import { applicationFiles } from '../../cli/attachments.ts';
import { createTestContext, json, ORIGIN, signedIn, type TestContext } from '../../test/context.ts';
import {
  BOUNDARY,
  bombPng,
  makeDocx,
  makeJpeg,
  makePdf,
  makePng,
  manyEntriesDocx,
  multipartBody,
  oneWordDocx,
  zipBombDocx,
} from '../../test/files.ts';
import { english } from '../../services/texts.ts';

const messages = englishMessages();

const KEY = 'decision_essay_file';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let ctx: TestContext;
let dataDir: string;
let store: FileStore;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admit-documents-test-'));
  // SOFFICE=off: the app converts DOCX by its text here; services/convert.test.ts covers LibreOffice.
  ctx = await createTestContext({ env: { DATA_DIR: dataDir, SOFFICE: 'off' } });
  store = createLocalFileStore(join(dataDir, 'files'));
});
afterAll(async () => {
  try {
    await ctx.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

interface Applicant {
  username: string;
  cookie: string;
  accountId: string;
}

let applicants = 0;
async function applicant(): Promise<Applicant> {
  applicants += 1;
  const username = `uploader-${applicants}@example.com`;
  const cookie = await signedIn(ctx.app, username);
  const { id } = await ctx.db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { username, cookie, accountId: id };
}

type Method = 'GET' | 'POST' | 'DELETE';

/** A call as the SPA makes it: JSON, from our own origin. */
function call(method: Method, url: string, cookie: string | undefined, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(cookie === undefined ? {} : { cookie }),
      ...(method === 'GET' ? {} : { origin: ORIGIN }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

interface Presigned {
  url: string;
  fields: Record<string, string>;
}

async function presign(cookie: string, answerKey = KEY): Promise<Presigned> {
  const response = await call('POST', '/api/presigned-url', cookie, { answer_key: answerKey });
  expect(response.statusCode, response.body).toBe(200);
  return json<Presigned>(response);
}

interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Posts the presigned fields, then the file, to the returned url, as a browser form does. */
function upload(
  presigned: Presigned,
  file: UploadFile | undefined,
  options: { fields?: Record<string, string>; origin?: string } = {},
) {
  const { body, contentType } = multipartBody(options.fields ?? presigned.fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: presigned.url,
    headers: { 'content-type': contentType, origin: options.origin ?? ORIGIN },
    payload: body,
  });
}

/**
 * A body as a network delivers it: 64 KB at a time, each on a turn of the event loop of its
 * own, without a Content-Length; `sent` says how much of it the server had read.
 */
function arriving(body: Buffer): { stream: Readable; sent: () => number } {
  let sent = 0;
  const stream = Readable.from(
    (async function* () {
      for (let at = 0; at < body.length; at += 64 * 1024) {
        await new Promise((resolve) => setImmediate(resolve));
        const chunk = body.subarray(at, at + 64 * 1024);
        sent += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, sent: () => sent };
}

const pngFile = (): UploadFile => ({ name: 'essay.png', type: 'image/png', bytes: makePng(8, 6) });

function requestConversion(cookie: string, fileKey: string, fileName: string, answerKey = KEY) {
  return call('POST', `/api/pdf/document-answer/${answerKey}`, cookie, {
    file_key: fileKey,
    file_name: fileName,
  });
}

async function conversionStatus(cookie: string, answerKey = KEY) {
  const response = await call('GET', `/api/pdf/document-answer/${answerKey}`, cookie);
  expect(response.statusCode).toBe(200);
  return json<{ status: string; message: string }>(response);
}

async function documentAnswers(cookie: string) {
  const response = await call('GET', '/api/document-answer', cookie);
  expect(response.statusCode).toBe(200);
  return json<Record<string, { file_name: string; file_size: number }>>(response);
}

/** Every file in the store (temp files included), relative to its root. */
async function storedFiles(): Promise<string[]> {
  const root = join(dataDir, 'files');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) {
    if ((await stat(join(root, entry))).isFile()) files.push(entry);
  }
  return files.sort();
}

/** Presign, upload and request conversion; returns the file key. */
async function uploadAndConvert(person: Applicant, file: UploadFile): Promise<string> {
  const presigned = await presign(person.cookie);
  const uploaded = await upload(presigned, file);
  expect(uploaded.statusCode, uploaded.body).toBe(204);
  const key = presigned.fields.key ?? '';
  const converted = await requestConversion(person.cookie, key, file.name);
  expect(converted.statusCode, converted.body).toBe(202);
  return key;
}

describe('POST /api/presigned-url', () => {
  it('answers a url and fields with a server-chosen key under the account and question', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    expect(presigned.url).toBe(`${ORIGIN}/storage/upload`);
    expect(presigned.fields.key).toMatch(
      new RegExp(`^uploads/${person.accountId}/${KEY}/[A-Za-z0-9_-]{24}$`),
    );
    expect(Object.keys(presigned.fields).sort()).toEqual([
      'algorithm',
      'key',
      'policy',
      'signature',
    ]);
    const policy = JSON.parse(Buffer.from(presigned.fields.policy ?? '', 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(Date.parse(policy.expiration) - ctx.now().getTime()).toBeLessThanOrEqual(POLICY_TTL_MS);
    expect(policy.conditions).toContainEqual({ key: presigned.fields.key });
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_UPLOAD_BYTES]);
  });

  it('only for a file question of the college (400 otherwise)', async () => {
    const person = await applicant();
    for (const answerKey of ['first_name', 'no_such_question', '../../etc']) {
      const response = await call('POST', '/api/presigned-url', person.cookie, {
        answer_key: answerKey,
      });
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(english(documentMessages.notFileQuestion));
    }
  });

  it('every document route needs a session (401 with SPEC §8 message)', async () => {
    const routes: [Method, string, object?][] = [
      ['POST', '/api/presigned-url', { answer_key: KEY }],
      ['GET', '/api/document-answer'],
      ['DELETE', `/api/document-answer/${KEY}`],
      ['POST', `/api/pdf/document-answer/${KEY}`, { file_key: 'x', file_name: 'a.png' }],
      ['GET', `/api/pdf/document-answer/${KEY}`],
      ['DELETE', `/api/pdf/document-answer/${KEY}`],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(json(response).message).toBe(english(SESSION_INVALID_MESSAGE));
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists every document route and the storage endpoint, from their schemas', async () => {
    const response = await call('GET', '/api/openapi.json', undefined);
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(response).paths);
    for (const path of [
      '/api/presigned-url',
      '/api/document-answer',
      '/api/document-answer/{key}',
      '/api/pdf/document-answer/{key}',
      '/storage/upload',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('POST /storage/upload: the signed policy is checked before anything is written', () => {
  it('stores a file that keeps the policy (204), byte for byte', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const file = pngFile();
    const response = await upload(presigned, file);
    expect(response.statusCode).toBe(204);
    expect(await store.get(presigned.fields.key ?? '')).toEqual(Buffer.from(file.bytes));
  });

  it('refuses a file over 1 MB (413, SPEC §8 message) and writes nothing', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const before = await storedFiles();
    const response = await upload(presigned, {
      name: 'big.png',
      type: 'image/png',
      bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).message).toBe(messages.fileTooLarge);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a far larger body without reading it all (413) and writes nothing', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const before = await storedFiles();
    const response = await upload(presigned, {
      name: 'huge.pdf',
      type: 'application/pdf',
      bytes: new Uint8Array(8 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).message).toBe(messages.fileTooLarge);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a body sent without its length as soon as the file passes 1 MB (413), writing nothing', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const before = await storedFiles();
    const { body, contentType } = multipartBody(presigned.fields, {
      name: 'huge.pdf',
      type: 'application/pdf',
      bytes: new Uint8Array(4 * MAX_UPLOAD_BYTES),
    });
    // A chunked body: no Content-Length announces its size, so only reading it can tell.
    const { stream: chunks, sent } = arriving(body);
    const response = await ctx.app.inject({
      method: 'POST',
      url: presigned.url,
      headers: { 'content-type': contentType, origin: ORIGIN },
      payload: chunks,
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).message).toBe(messages.fileTooLarge);
    // Reading stopped near the limit, well before the body's end.
    expect(sent()).toBeLessThan(2 * MAX_UPLOAD_BYTES);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a forged upload before reading its file (403), however large', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const signature = presigned.fields.signature ?? '';
    const { body, contentType } = multipartBody(
      {
        ...presigned.fields,
        signature: (signature.startsWith('a') ? 'b' : 'a') + signature.slice(1),
      },
      { name: 'huge.pdf', type: 'application/pdf', bytes: new Uint8Array(4 * MAX_UPLOAD_BYTES) },
    );
    const { stream: chunks, sent } = arriving(body);
    const response = await ctx.app.inject({
      method: 'POST',
      url: presigned.url,
      headers: { 'content-type': contentType, origin: ORIGIN },
      payload: chunks,
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe(english(storageMessages.badSignature));
    expect(sent()).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await store.size(presigned.fields.key ?? '')).toBeUndefined();
  });

  it('checks the fields before the file and ignores fields after it, as S3 does', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const file = pngFile();
    const { body, contentType } = multipartBody(presigned.fields, file);
    // A stray field after the file, which a field before it would have had refused (403).
    const closing = Buffer.from(`--${BOUNDARY}--`);
    const end = body.lastIndexOf(closing);
    const sentBody = Buffer.concat([
      body.subarray(0, end),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x-amz-meta-owner"\r\n\r\nme\r\n`,
      ),
      body.subarray(end),
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: presigned.url,
      headers: { 'content-type': contentType, origin: ORIGIN },
      payload: sentBody,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await store.get(presigned.fields.key ?? '')).toEqual(Buffer.from(file.bytes));
  });

  it('refuses an empty file (400) and writes nothing', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const response = await upload(presigned, {
      name: 'empty.png',
      type: 'image/png',
      bytes: new Uint8Array(),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(messages.fileEmpty);
    expect(await store.size(presigned.fields.key ?? '')).toBeUndefined();
  });

  it('refuses another key than the signed one (403): neither key is written', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const other = await presign((await applicant()).cookie);
    const before = await storedFiles();
    const response = await upload(presigned, pngFile(), {
      fields: { ...presigned.fields, key: other.fields.key ?? '' },
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe(english(storageMessages.wrongKey));
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an expired policy (403, fake clock past 5 minutes) and writes nothing', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    ctx.advance(POLICY_TTL_MS + 1);
    const response = await upload(presigned, pngFile());
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe(english(storageMessages.expired));
    expect(await store.size(presigned.fields.key ?? '')).toBeUndefined();
  });

  it('refuses a forged signature, and a policy altered under a real signature (403)', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const signature = presigned.fields.signature ?? '';
    const flipped = (signature.startsWith('a') ? 'b' : 'a') + signature.slice(1);
    const forged = await upload(presigned, pngFile(), {
      fields: { ...presigned.fields, signature: flipped },
    });
    expect(forged.statusCode).toBe(403);
    expect(json(forged).message).toBe(english(storageMessages.badSignature));

    // A policy that allows 100 MB, sent with the genuine signature of the original policy.
    const policy = JSON.parse(Buffer.from(presigned.fields.policy ?? '', 'base64').toString()) as {
      conditions: unknown[];
    };
    policy.conditions = policy.conditions.map((condition) =>
      Array.isArray(condition) && condition[0] === 'content-length-range'
        ? ['content-length-range', 1, 100 * 1024 * 1024]
        : condition,
    );
    const altered = await upload(presigned, pngFile(), {
      fields: {
        ...presigned.fields,
        policy: Buffer.from(JSON.stringify(policy)).toString('base64'),
      },
    });
    expect(altered.statusCode).toBe(403);
    expect(json(altered).message).toBe(english(storageMessages.badSignature));

    const unsigned = await upload(presigned, pngFile(), {
      fields: { key: presigned.fields.key ?? '' },
    });
    expect(unsigned.statusCode).toBe(403);
    expect(json(unsigned).message).toBe(english(storageMessages.unsigned));
    expect(await store.size(presigned.fields.key ?? '')).toBeUndefined();
  });

  it('refuses a content type outside SPEC §5 (403, SPEC §8 message) and writes nothing', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream']) {
      const response = await upload(presigned, { ...pngFile(), type });
      expect(response.statusCode, type).toBe(403);
      expect(json(response).message).toBe(messages.fileType);
    }
    // S3's rule: a Content-Type field, when sent, is the type that counts.
    const declared = await upload(presigned, pngFile(), {
      fields: { ...presigned.fields, 'Content-Type': 'text/html' },
    });
    expect(declared.statusCode).toBe(403);
    expect(await store.size(presigned.fields.key ?? '')).toBeUndefined();
    // And each allowed type is accepted (each key is written once: a new presign for each).
    for (const type of ['image/png', 'image/jpeg', 'application/pdf', DOCX_TYPE]) {
      const response = await upload(await presign(person.cookie), { ...pngFile(), type });
      expect(response.statusCode, type).toBe(204);
    }
  });

  it('refuses a field the policy does not cover, a form without a file, and a non-form body', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const extra = await upload(presigned, pngFile(), {
      fields: { ...presigned.fields, 'x-amz-meta-owner': 'me' },
    });
    expect(extra.statusCode).toBe(403);
    const noFile = await upload(presigned, undefined);
    expect(noFile.statusCode).toBe(400);
    expect(json(noFile).message).toBe(english(storageMessages.noFile));
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/storage/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', origin: ORIGIN },
      payload: 'not a multipart body',
    });
    expect(garbage.statusCode).toBe(400);
    expect(json(garbage).message).toBe(english(storageMessages.notForm));
    expect(await store.size(presigned.fields.key ?? '')).toBeUndefined();
  });

  it('refuses an upload posted from another site (403)', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const response = await upload(presigned, pngFile(), { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe(english(CROSS_SITE_MESSAGE));
    expect(await store.size(presigned.fields.key ?? '')).toBeUndefined();
  });
});

describe('the whole journey through HTTP: presign → upload → convert → completed', () => {
  const cases: [string, () => Promise<UploadFile>, string][] = [
    ['PNG', async () => pngFile(), 'image/png'],
    [
      'JPEG',
      async () => ({ name: 'scan.jpg', type: 'image/jpeg', bytes: makeJpeg(4, 2) }),
      'image/jpeg',
    ],
    [
      'PDF',
      async () => ({
        name: 'transcript.pdf',
        type: 'application/pdf',
        bytes: await makePdf('Official transcript'),
      }),
      'application/pdf',
    ],
    [
      'DOCX',
      async () => ({
        name: 'essay.docx',
        type: DOCX_TYPE,
        bytes: makeDocx(['Why I chose Gallatin College.']),
      }),
      DOCX_TYPE,
    ],
  ];

  for (const [label, makeFile] of cases) {
    it(`${label}: status goes unprocessed → completed, and the document answer shows it`, async () => {
      const person = await applicant();
      const file = await makeFile();
      const presigned = await presign(person.cookie);
      expect((await upload(presigned, file)).statusCode).toBe(204);
      const fileKey = presigned.fields.key ?? '';
      const requested = await requestConversion(person.cookie, fileKey, file.name);
      expect(requested.statusCode).toBe(202);
      expect(json(requested)).toEqual({ status: 'unprocessed', message: '' });
      expect(await conversionStatus(person.cookie)).toEqual({
        status: 'unprocessed',
        message: '',
      });
      // Not shown until it is usable.
      expect(await documentAnswers(person.cookie)).toEqual({});

      expect(await ctx.app.jobs.runUntilIdle()).toBeGreaterThanOrEqual(1);

      expect(await conversionStatus(person.cookie)).toEqual({ status: 'completed', message: '' });
      const answers = { [KEY]: { file_name: file.name, file_size: file.bytes.length } };
      expect(await documentAnswers(person.cookie)).toEqual(answers);
      const profile = await call('GET', '/api/profile', person.cookie);
      expect(json(profile).document_answer).toEqual(answers);

      const [completed] = await completedDocuments(ctx.db, person.accountId);
      expect(completed?.answerKey).toBe(KEY);
      expect(completed?.fileName).toBe(file.name);
      const pdf = await store.get(completed?.convertedKey ?? '');
      expect(pdf).toBeDefined();
      const loaded = await PDFDocument.load(new Uint8Array(pdf ?? []));
      expect(loaded.getPageCount()).toBeGreaterThanOrEqual(1);
      if (label === 'DOCX') {
        expect(Buffer.from(pdf ?? []).toString('latin1')).toContain('%PDF-');
      }
    });
  }

  it('a file that cannot be converted ends failed with a message a person understands', async () => {
    const person = await applicant();
    await uploadAndConvert(person, {
      name: 'broken.pdf',
      type: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.7\nnot really a PDF'),
    });
    await ctx.app.jobs.runUntilIdle();
    const status = await conversionStatus(person.cookie);
    expect(status.status).toBe('failed');
    expect([
      english(conversionMessages.damagedPdf),
      english(conversionMessages.emptyPdf),
    ]).toContain(status.message);
    expect(await documentAnswers(person.cookie)).toEqual({});
    expect(await completedDocuments(ctx.db, person.accountId)).toEqual([]);
  });
});

describe('hostile files end failed with their message, once, while the server answers', () => {
  const hostile: [string, () => UploadFile, string][] = [
    [
      'a DOCX of one 5,000,000-letter word (regression: it froze the server, and was claimed again after restarts)',
      () => ({ name: 'essay.docx', type: DOCX_TYPE, bytes: oneWordDocx(5_000_000) }),
      english(conversionMessages.docxTooLong(100)),
    ],
    [
      'a PNG declaring 20000 × 20000 pixels (regression: 20 s of a blocked event loop and 3.4 GiB)',
      () => ({ name: 'scan.png', type: 'image/png', bytes: bombPng(20_000, 20_000) }),
      english(conversionMessages.imageTooLarge),
    ],
  ];

  for (const [label, makeFile, message] of hostile) {
    it(label, async () => {
      const person = await applicant();
      await uploadAndConvert(person, makeFile());
      const job = ctx.app.jobs.runOnce().then(() => 'conversion');
      // Asked after the conversion started, answered before it ends: the event loop is free.
      const health = ctx.app
        .inject({ method: 'GET', url: '/api/health' })
        .then((response) => `health ${response.statusCode}`);
      expect(await Promise.race([job, health])).toBe('health 200');
      await job;
      expect(await conversionStatus(person.cookie)).toEqual({ status: 'failed', message });
      // Ended on its first attempt, not retried: nothing is left to claim.
      const jobs = await ctx.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('kind', '=', CONVERT_DOCUMENT_JOB)
        .where(sql<boolean>`payload->>'accountId' = ${person.accountId}`)
        .execute();
      expect(jobs).toEqual([{ status: 'failed', attempts: 1 }]);
      expect(await ctx.app.jobs.runUntilIdle()).toBe(0);
    });
  }
});

describe('POST /api/pdf/document-answer/{key}: the server checks the file itself', () => {
  it('refuses HTML renamed .png (400) and records nothing', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const html = new TextEncoder().encode('<!doctype html><html><script>alert(1)</script></html>');
    // The browser says image/png; the storage endpoint cannot tell, the conversion request can.
    expect(
      (await upload(presigned, { name: 'essay.png', type: 'image/png', bytes: html })).statusCode,
    ).toBe(204);
    const response = await requestConversion(
      person.cookie,
      presigned.fields.key ?? '',
      'essay.png',
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(english(documentMessages.unknownType));
    expect(json(response).errors).toEqual({ [KEY]: [english(documentMessages.unknownType)] });
    // What is wrong (SPEC §8's words) and what to do; never "try again" for the same file.
    expect(json<{ message: string }>(response).message).toMatch(
      /^You can only enter the following file types: \.png, \.jpeg, \.jpg, \.pdf, \.docx\. .*Please choose another file\.$/,
    );
    expect(json<{ message: string }>(response).message).not.toMatch(/try again/i);
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'not_answered', message: '' });
    expect(await ctx.app.jobs.runUntilIdle()).toBe(0);
  });

  it('refuses a real file whose name promises another type', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    await upload(presigned, { name: 'photo.png', type: 'image/png', bytes: makeJpeg() });
    const response = await requestConversion(
      person.cookie,
      presigned.fields.key ?? '',
      'photo.png',
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(english(documentMessages.mismatch('png', 'jpeg')));
  });

  it('refuses a zip-bomb DOCX, and one of too many entries (400)', async () => {
    const person = await applicant();
    for (const [bytes, message] of [
      [zipBombDocx(64), english(documentMessages.zipTooLarge)],
      [manyEntriesDocx(1500), english(documentMessages.zipTooLarge)],
    ] as const) {
      expect(bytes.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
      const presigned = await presign(person.cookie);
      const uploaded = await upload(presigned, { name: 'essay.docx', type: DOCX_TYPE, bytes });
      expect(uploaded.statusCode).toBe(204);
      const response = await requestConversion(
        person.cookie,
        presigned.fields.key ?? '',
        'essay.docx',
      );
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(message);
    }
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'not_answered', message: '' });
  });

  it('enforces SPEC §5 file rules with SPEC §8 messages: name length, extension', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    await upload(presigned, pngFile());
    const fileKey = presigned.fields.key ?? '';
    const longName = `${'a'.repeat(29)}.png`;
    const tooLong = await requestConversion(person.cookie, fileKey, longName);
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong).message).toBe(messages.fileNameTooLong);
    const wrongType = await requestConversion(person.cookie, fileKey, 'essay.gif');
    expect(wrongType.statusCode).toBe(400);
    expect(json(wrongType).message).toBe(messages.fileType);
    const both = await requestConversion(person.cookie, fileKey, `${'b'.repeat(40)}.exe`);
    expect(json(both).errors).toEqual({ [KEY]: [messages.fileType, messages.fileNameTooLong] });
    const control = await requestConversion(person.cookie, fileKey, 'essay\u0000.png');
    expect(control.statusCode).toBe(400);
    expect(json(control).message).toBe(english(documentMessages.badName));
    // A 32-character name is allowed (SPEC §9: name max 32).
    const exact = await requestConversion(person.cookie, fileKey, `${'c'.repeat(28)}.png`);
    expect(exact.statusCode).toBe(202);
  });

  it('enforces the size rules itself, whatever storage let through', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const fileKey = presigned.fields.key ?? '';
    // As if a misconfigured store had accepted them.
    await store.put(fileKey, new Uint8Array(MAX_UPLOAD_BYTES + 1));
    const large = await requestConversion(person.cookie, fileKey, 'essay.png');
    expect(large.statusCode).toBe(400);
    expect(json(large).message).toBe(messages.fileTooLarge);
    await store.delete(fileKey);
    const missing = await requestConversion(person.cookie, fileKey, 'essay.png');
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe(english(documentMessages.notReceived));
  });

  it('refuses an unknown file key, one for another question, and one past its hour (404)', async () => {
    const person = await applicant();
    const unknown = await requestConversion(
      person.cookie,
      `uploads/${person.accountId}/${KEY}/nope`,
      'a.png',
    );
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(english(documentMessages.noUpload));
    const presigned = await presign(person.cookie);
    await upload(presigned, pngFile());
    const path = await requestConversion(
      person.cookie,
      presigned.fields.key ?? '',
      'a.png',
      'first_name',
    );
    expect(path.statusCode).toBe(404);
    expect(json(path).message).toBe(english(documentMessages.notFileQuestion));
    // An hour has passed since the presign (moved in the database: the session would expire too).
    await ctx.db
      .updateTable('upload_grants')
      .set({ created_at: new Date(ctx.now().getTime() - UPLOAD_GRANT_TTL_MS - 1) })
      .where('file_key', '=', presigned.fields.key ?? '')
      .execute();
    const late = await requestConversion(person.cookie, presigned.fields.key ?? '', 'a.png');
    expect(late.statusCode).toBe(404);
  });

  it('a new presign for the same question supersedes an unused one (its file is removed)', async () => {
    const person = await applicant();
    const first = await presign(person.cookie);
    await upload(first, pngFile());
    const second = await presign(person.cookie);
    expect(await store.size(first.fields.key ?? '')).toBeUndefined();
    const stale = await requestConversion(person.cookie, first.fields.key ?? '', 'essay.png');
    expect(stale.statusCode).toBe(404);
    await upload(second, pngFile());
    expect(
      (await requestConversion(person.cookie, second.fields.key ?? '', 'essay.png')).statusCode,
    ).toBe(202);
  });
});

describe('ownership: another applicant can use none of A’s keys', () => {
  it('B gets 404 on every document route with A’s keys, and A’s document is untouched', async () => {
    const a = await applicant();
    const b = await applicant();
    const aKey = await uploadAndConvert(a, pngFile());
    await ctx.app.jobs.runUntilIdle();
    // A's second upload, presigned but not yet converted.
    const aPending = await presign(a.cookie);
    await upload(aPending, pngFile());

    // The only routes that take a file key: A's keys are unknown to B.
    for (const fileKey of [aKey, aPending.fields.key ?? '']) {
      const response = await requestConversion(b.cookie, fileKey, 'essay.png');
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe(english(documentMessages.noUpload));
    }
    // Routes by answer key act on B's own (empty) question: nothing of A's is visible or removable.
    const deleteDocument = await call('DELETE', `/api/document-answer/${KEY}`, b.cookie);
    expect(deleteDocument.statusCode).toBe(404);
    expect(json(deleteDocument).message).toBe(english(documentMessages.noDocument));
    const deleteConversion = await call('DELETE', `/api/pdf/document-answer/${KEY}`, b.cookie);
    expect(deleteConversion.statusCode).toBe(404);
    expect(json(deleteConversion).message).toBe(english(documentMessages.noConversion));
    expect(await conversionStatus(b.cookie)).toEqual({ status: 'not_answered', message: '' });
    expect(await documentAnswers(b.cookie)).toEqual({});
    const bPresigned = await presign(b.cookie);
    expect(bPresigned.fields.key?.startsWith(`uploads/${b.accountId}/`)).toBe(true);
    expect(await ctx.app.jobs.runUntilIdle()).toBe(0);

    // A's document and pending upload are intact, and A can still use the pending key.
    expect(await conversionStatus(a.cookie)).toEqual({ status: 'completed', message: '' });
    expect(Object.keys(await documentAnswers(a.cookie))).toEqual([KEY]);
    const own = await requestConversion(a.cookie, aPending.fields.key ?? '', 'second.png');
    expect(own.statusCode).toBe(202);
  });

  it('an unknown answer key is 404 on every route that names one', async () => {
    const person = await applicant();
    for (const [method, url, payload] of [
      ['GET', '/api/pdf/document-answer/first_name'],
      ['DELETE', '/api/pdf/document-answer/first_name'],
      ['DELETE', '/api/document-answer/nope'],
      ['POST', '/api/pdf/document-answer/nope', { file_key: 'x', file_name: 'a.png' }],
    ] as [Method, string, object?][]) {
      const response = await call(method, url, person.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(json(response).message).toBe(english(documentMessages.notFileQuestion));
    }
  });
});

describe('deleting and replacing', () => {
  it('DELETE pdf removes the conversion; the upload stays and can be converted again', async () => {
    const person = await applicant();
    const fileKey = await uploadAndConvert(person, pngFile());
    await ctx.app.jobs.runUntilIdle();
    const [before] = await completedDocuments(ctx.db, person.accountId);
    const deleted = await call('DELETE', `/api/pdf/document-answer/${KEY}`, person.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'not_answered', message: '' });
    expect(await documentAnswers(person.cookie)).toEqual({});
    expect(await store.size(before?.convertedKey ?? '')).toBeUndefined();
    // The upload, as the document's own copy of the checked bytes.
    const { original_key: originalKey } = await ctx.db
      .selectFrom('documents')
      .select('original_key')
      .where('account_id', '=', person.accountId)
      .executeTakeFirstOrThrow();
    expect(await store.size(originalKey)).toBeGreaterThan(0);
    // Deleting it twice: there is no conversion any more.
    expect(
      (await call('DELETE', `/api/pdf/document-answer/${KEY}`, person.cookie)).statusCode,
    ).toBe(404);

    expect((await requestConversion(person.cookie, fileKey, 'essay.png')).statusCode).toBe(202);
    await ctx.app.jobs.runUntilIdle();
    expect((await conversionStatus(person.cookie)).status).toBe('completed');
  });

  it('DELETE document-answer removes the upload and its PDF; then there is nothing (404)', async () => {
    const person = await applicant();
    const fileKey = await uploadAndConvert(person, pngFile());
    await ctx.app.jobs.runUntilIdle();
    const [converted] = await completedDocuments(ctx.db, person.accountId);
    const deleted = await call('DELETE', `/api/document-answer/${KEY}`, person.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(await store.size(fileKey)).toBeUndefined();
    expect(await store.size(converted?.convertedKey ?? '')).toBeUndefined();
    expect(await documentAnswers(person.cookie)).toEqual({});
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'not_answered', message: '' });
    expect((await call('DELETE', `/api/document-answer/${KEY}`, person.cookie)).statusCode).toBe(
      404,
    );
  });

  it('a document deleted while its job waits: the job does nothing and writes no PDF', async () => {
    const person = await applicant();
    await uploadAndConvert(person, pngFile());
    expect((await call('DELETE', `/api/document-answer/${KEY}`, person.cookie)).statusCode).toBe(
      204,
    );
    const before = await storedFiles();
    await ctx.app.jobs.runUntilIdle();
    expect(await storedFiles()).toEqual(before);
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'not_answered', message: '' });
  });

  it('a second upload replaces the first: the old files are removed, the new one shows', async () => {
    const person = await applicant();
    const firstKey = await uploadAndConvert(person, pngFile());
    await ctx.app.jobs.runUntilIdle();
    const [first] = await completedDocuments(ctx.db, person.accountId);
    const second = { name: 'better.pdf', type: 'application/pdf', bytes: await makePdf('v2') };
    await uploadAndConvert(person, second);
    expect(await store.size(firstKey)).toBeUndefined();
    expect(await store.size(first?.convertedKey ?? '')).toBeUndefined();
    await ctx.app.jobs.runUntilIdle();
    expect(await documentAnswers(person.cookie)).toEqual({
      [KEY]: { file_name: 'better.pdf', file_size: second.bytes.length },
    });
  });
});

describe('after submission', () => {
  it('every document write is 409; reading still works', async () => {
    const person = await applicant();
    await uploadAndConvert(person, pngFile());
    await ctx.app.jobs.runUntilIdle();
    const pending = await presign(person.cookie);
    await upload(pending, pngFile());
    await ctx.db
      .updateTable('applications')
      .set({ submitted_at: ctx.now() })
      .where('account_id', '=', person.accountId)
      .execute();
    const writes: [Method, string, object?][] = [
      ['POST', '/api/presigned-url', { answer_key: KEY }],
      [
        'POST',
        `/api/pdf/document-answer/${KEY}`,
        { file_key: pending.fields.key ?? '', file_name: 'a.png' },
      ],
      ['DELETE', `/api/pdf/document-answer/${KEY}`],
      ['DELETE', `/api/document-answer/${KEY}`],
    ];
    for (const [method, url, payload] of writes) {
      const response = await call(method, url, person.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(json(response).message).toBe(english(applicationMessages.alreadySubmitted));
    }
    expect((await conversionStatus(person.cookie)).status).toBe('completed');
    expect(Object.keys(await documentAnswers(person.cookie))).toEqual([KEY]);
  });
});

describe('upload grants: a presigned POST writes once, while its grant lives', () => {
  /** The document's own copy of its upload, as the conversion and the staff export read it. */
  async function originalOf(person: Applicant): Promise<string> {
    const row = await ctx.db
      .selectFrom('documents')
      .select('original_key')
      .where('account_id', '=', person.accountId)
      .where('answer_key', '=', KEY)
      .executeTakeFirstOrThrow();
    return row.original_key;
  }

  const htmlFile = (): UploadFile => ({
    name: 'essay.png',
    type: 'image/png',
    bytes: new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
  });

  async function submit(person: Applicant): Promise<void> {
    await ctx.db
      .updateTable('applications')
      .set({ submitted_at: ctx.now() })
      .where('account_id', '=', person.accountId)
      .execute();
  }

  it('a second POST of a used form is refused (409) and changes nothing (regression: a consumed policy replaced the stored original after its conversion)', async () => {
    const person = await applicant();
    const file = pngFile();
    const presigned = await presign(person.cookie);
    expect((await upload(presigned, file)).statusCode).toBe(204);
    // Before the conversion request: the key is written once already.
    const again = await upload(presigned, htmlFile());
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(english(uploadMessages.alreadyUploaded));
    expect(await store.get(presigned.fields.key ?? '')).toEqual(Buffer.from(file.bytes));

    const converted = await requestConversion(person.cookie, presigned.fields.key ?? '', file.name);
    expect(converted.statusCode).toBe(202);
    await ctx.app.jobs.runUntilIdle();
    const after = await upload(presigned, htmlFile());
    expect(after.statusCode).toBe(409);
    expect(json(after).message).toBe(english(uploadMessages.alreadyUploaded));

    // What S3 would let through (it never sees our grants): bytes written to the upload key
    // after the conversion request reach nothing the document uses.
    await store.put(presigned.fields.key ?? '', htmlFile().bytes);
    const originalKey = await originalOf(person);
    expect(originalKey.startsWith(`originals/${person.accountId}/${KEY}/`)).toBe(true);
    expect(await store.get(originalKey)).toEqual(Buffer.from(file.bytes));
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'completed', message: '' });
    // Converting that key again converts the document's own copy, not what lies at the key.
    const reconverted = await requestConversion(
      person.cookie,
      presigned.fields.key ?? '',
      file.name,
    );
    expect(reconverted.statusCode).toBe(202);
    await ctx.app.jobs.runUntilIdle();
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'completed', message: '' });
    expect(await originalOf(person)).toBe(originalKey);
    expect(await store.get(originalKey)).toEqual(Buffer.from(file.bytes));
  });

  it('after submission no upload is written, and the export ships the checked bytes (regression: the stored original was replaced after submission)', async () => {
    const person = await applicant();
    const file = pngFile();
    const used = await presign(person.cookie);
    expect((await upload(used, file)).statusCode).toBe(204);
    expect(
      (await requestConversion(person.cookie, used.fields.key ?? '', file.name)).statusCode,
    ).toBe(202);
    await ctx.app.jobs.runUntilIdle();
    // A policy handed out just before the submission, still within its 5 minutes.
    const pending = await presign(person.cookie);
    await submit(person);

    for (const presigned of [used, pending]) {
      const response = await upload(presigned, htmlFile());
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe(english(applicationMessages.alreadySubmitted));
    }
    expect(await store.size(pending.fields.key ?? '')).toBeUndefined();

    // Even bytes put at the upload keys behind the server's back (S3) are not exported.
    await store.put(used.fields.key ?? '', htmlFile().bytes);
    await store.put(pending.fields.key ?? '', htmlFile().bytes);
    const attachments = await applicationFiles({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.now,
      tenant: ctx.tenant,
      ssn: ctx.ssn,
    });
    const exported = await attachments({ accountId: person.accountId, username: person.username });
    const document = exported.find((attachment) => attachment.name === `${KEY}-${file.name}`);
    expect(Buffer.from(document?.bytes ?? [])).toEqual(Buffer.from(file.bytes));
    expect(exported.map((attachment) => attachment.name).sort()).toEqual(
      ['application.pdf', `${KEY}-${file.name}`].sort(),
    );
  });

  it('a superseded policy writes nothing (403), the newest one works once (regression: superseded policies still wrote files nothing points at)', async () => {
    const person = await applicant();
    const first = await presign(person.cookie);
    const second = await presign(person.cookie);
    const stale = await upload(first, pngFile());
    expect(stale.statusCode).toBe(403);
    expect(json(stale).message).toBe(english(uploadMessages.superseded));
    expect(await store.size(first.fields.key ?? '')).toBeUndefined();
    expect((await upload(second, pngFile())).statusCode).toBe(204);

    // A file uploaded but not converted is superseded too, and its file removed.
    const third = await presign(person.cookie);
    expect(await store.size(second.fields.key ?? '')).toBeUndefined();
    expect((await upload(second, pngFile())).statusCode).toBe(403);
    expect(
      (await requestConversion(person.cookie, second.fields.key ?? '', 'a.png')).statusCode,
    ).toBe(404);
    // Deleting the document ends the grants of its question as well.
    expect((await upload(third, pngFile())).statusCode).toBe(204);
    expect(
      (await requestConversion(person.cookie, third.fields.key ?? '', 'a.png')).statusCode,
    ).toBe(202);
    const fourth = await presign(person.cookie);
    expect((await call('DELETE', `/api/document-answer/${KEY}`, person.cookie)).statusCode).toBe(
      204,
    );
    expect((await upload(fourth, pngFile())).statusCode).toBe(403);
    expect(await store.size(fourth.fields.key ?? '')).toBeUndefined();
  });

  it(`at most ${String(PRESIGN_LIMIT)} presigned URLs an hour per applicant, then 429 with the real wait (regression: one account wrote 300 MB in 3 s)`, async () => {
    const person = await applicant();
    const other = await applicant();
    const forms: Presigned[] = [];
    for (let count = 0; count < PRESIGN_LIMIT; count += 1) forms.push(await presign(person.cookie));
    const refused = await call('POST', '/api/presigned-url', person.cookie, { answer_key: KEY });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PRESIGN_WINDOW_MS / 1000);
    expect(json(refused).message).toBe(english(uploadMessages.tooMany(Math.ceil(retryAfter / 60))));
    // Another applicant is not held back.
    await presign(other.cookie);

    // Every form but the newest is superseded: one file at most, however many are posted.
    const answers = await Promise.all(
      forms.map((form) => upload(form, { ...pngFile(), bytes: new Uint8Array(MAX_UPLOAD_BYTES) })),
    );
    expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(1);
    expect(answers.at(-1)?.statusCode).toBe(204);
    const written = (await storedFiles()).filter((key) =>
      key.startsWith(`uploads/${person.accountId}/`),
    );
    expect(written).toEqual([forms.at(-1)?.fields.key]);

    // The wait is real: once the oldest grant leaves the hour, one more may be presigned.
    const [oldest] = await ctx.db
      .selectFrom('upload_grants')
      .select('file_key')
      .where('account_id', '=', person.accountId)
      .orderBy('created_at')
      .limit(1)
      .execute();
    await ctx.db
      .updateTable('upload_grants')
      .set({ created_at: new Date(ctx.now().getTime() - PRESIGN_WINDOW_MS - 1000) })
      .where('file_key', '=', oldest?.file_key ?? '')
      .execute();
    await presign(person.cookie);
    expect(
      (await call('POST', '/api/presigned-url', person.cookie, { answer_key: KEY })).statusCode,
    ).toBe(429);
  });

  it('two POSTs of one form at the same moment: one is stored, the other refused', async () => {
    const person = await applicant();
    const presigned = await presign(person.cookie);
    const answers = await Promise.all([
      upload(presigned, pngFile()),
      upload(presigned, { ...pngFile(), bytes: makePng(3, 3) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
  });

  it('housekeeping sweeps files nothing points at and keeps what a document or live grant needs', async () => {
    const person = await applicant();
    // A converted document: its own copy and its PDF stay.
    const convertedFrom = await uploadAndConvert(person, pngFile());
    await ctx.app.jobs.runUntilIdle();
    const [document] = await completedDocuments(ctx.db, person.accountId);
    const originalKey = await originalOf(person);
    // Written to the spent upload key afterwards, as S3 would allow within the policy's minutes.
    await store.put(convertedFrom, htmlFile().bytes);
    // An upload waiting for its conversion request: its grant is live, it stays.
    const waiting = await presign(person.cookie);
    expect((await upload(waiting, pngFile())).statusCode).toBe(204);
    // Another question's upload whose hour has passed: it goes, with its grant.
    const late = await presign(person.cookie, KEY);
    expect((await upload(late, pngFile())).statusCode).toBe(204);
    const lateKey = late.fields.key ?? '';
    // The second presign superseded `waiting`: take it back to live for this test's purpose.
    await ctx.db
      .updateTable('upload_grants')
      .set({ state: 'uploaded' })
      .where('file_key', '=', waiting.fields.key ?? '')
      .execute();
    await store.put(waiting.fields.key ?? '', pngFile().bytes);
    await ctx.db
      .updateTable('upload_grants')
      .set({ created_at: new Date(ctx.now().getTime() - PRESIGN_WINDOW_MS - 1000) })
      .where('file_key', '=', lateKey)
      .execute();
    // Orphans under originals/ (a crash between the write and its commit): an old one goes,
    // a young one (its commit may be on the way) stays.
    const oldOrphan = `originals/${person.accountId}/${KEY}/orphan-old`;
    const youngOrphan = `originals/${person.accountId}/${KEY}/orphan-young`;
    await store.put(oldOrphan, pngFile().bytes);
    await store.put(youngOrphan, pngFile().bytes);
    const longAgo = new Date(ctx.now().getTime() - ORPHAN_GRACE_MS - 60_000);
    await utimes(join(dataDir, 'files', oldOrphan), longAgo, longAgo);

    const swept = await createUploadGrants({ db: ctx.db, clock: ctx.now }).sweep(store);
    expect(swept.files).toBeGreaterThanOrEqual(3);
    expect(swept.grants).toBeGreaterThanOrEqual(1);
    expect(await store.size(convertedFrom)).toBeUndefined();
    expect(await store.size(lateKey)).toBeUndefined();
    expect(await store.size(oldOrphan)).toBeUndefined();
    expect(await store.size(youngOrphan)).toBeGreaterThan(0);
    expect(await store.size(waiting.fields.key ?? '')).toBeGreaterThan(0);
    expect(await store.size(originalKey)).toBeGreaterThan(0);
    expect(await store.size(document?.convertedKey ?? '')).toBeGreaterThan(0);
    const grantRows = await ctx.db
      .selectFrom('upload_grants')
      .select('file_key')
      .where('file_key', '=', lateKey)
      .execute();
    expect(grantRows).toEqual([]);
    expect(await conversionStatus(person.cookie)).toEqual({ status: 'completed', message: '' });
  });
});

describe("a failed conversion is said in the reader's language", () => {
  /**
   * The status as a reader of `language` asks for it: the language chosen in the app (the
   * `admit-lang` cookie, which the login set to the account's: English, as these signed up).
   */
  async function statusIn(cookie: string, language: string) {
    const session = cookie
      .split('; ')
      .filter((pair) => !pair.startsWith('admit-lang='))
      .join('; ');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/document-answer/${KEY}`,
      headers: { cookie: `${session}; admit-lang=${language}` },
    });
    expect(response.statusCode).toBe(200);
    return json<{ status: string; message: string }>(response);
  }

  it('is stored as its catalogue id, and read in Spanish or English by whoever asks', async () => {
    const person = await applicant();
    await uploadAndConvert(person, {
      name: 'scan.png',
      type: 'image/png',
      bytes: bombPng(20_000, 20_000),
    });
    await ctx.app.jobs.runUntilIdle();
    const row = await ctx.db
      .selectFrom('documents')
      .select(['status', 'message', 'message_id', 'message_values'])
      .where('account_id', '=', person.accountId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'failed',
      message: null,
      message_id: 'server.convert.imageTooLarge',
      message_values: { megapixels: 40 },
    });
    expect(await statusIn(person.cookie, 'es')).toEqual({
      status: 'failed',
      message:
        'Esta imagen tiene demasiados píxeles para convertirla (más de 40 megapíxeles). Guárdela en un tamaño menor, por ejemplo de 6000 × 6000 píxeles o menos, y súbala de nuevo.',
    });
    expect((await statusIn(person.cookie, 'en')).message).toBe(
      english(conversionMessages.imageTooLarge),
    );
  });

  it('a refusal whose text holds another text (the file is not a type it says) is said whole', async () => {
    const person = await applicant();
    await uploadAndConvert(person, pngFile());
    // The stored bytes changed after they were checked: the job refuses them (unknownType).
    await ctx.db
      .updateTable('documents')
      .set({ sniffed_type: 'pdf' })
      .where('account_id', '=', person.accountId)
      .execute();
    await ctx.app.jobs.runUntilIdle();
    const spanish = await statusIn(person.cookie, 'es');
    expect(spanish.status).toBe('failed');
    expect(spanish.message).toMatch(/Elija otro archivo\.$/);
    expect((await statusIn(person.cookie, 'en')).message).toBe(
      english(documentMessages.unknownType),
    );
  });

  it('an older row that kept its English sentence is said in Spanish when it is one of ours, else as it was', async () => {
    const person = await applicant();
    await uploadAndConvert(person, pngFile());
    await ctx.app.jobs.runUntilIdle();
    const setOld = (message: string) =>
      ctx.db
        .updateTable('documents')
        .set({ status: 'failed', message, message_id: null, message_values: null })
        .where('account_id', '=', person.accountId)
        .execute();
    await setOld(english(conversionMessages.tooManyPages(100)));
    expect((await statusIn(person.cookie, 'es')).message).toBe(
      'Este PDF tiene más de 100 páginas. Suba uno más corto.',
    );
    await setOld(english(documentMessages.conversionFailed));
    expect((await statusIn(person.cookie, 'es')).message).toBe(
      'No pudimos convertir su archivo a PDF. Inténtelo de nuevo o súbalo en otro formato.',
    );
    // A sentence this version never wrote: shown as stored rather than lost.
    await setOld('This file could not be converted by an older version.');
    expect((await statusIn(person.cookie, 'es')).message).toBe(
      'This file could not be converted by an older version.',
    );
  });
});
