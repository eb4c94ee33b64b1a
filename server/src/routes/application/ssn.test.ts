/**
 * The applicant's Social Security number at rest and on its way out (SPEC §9): sealed in
 * PostgreSQL, masked in the profile and the service view, opened for submit, never in a log
 * line, and a key that does not match fails only what needs it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Answers, ERROR_CODES } from '@admit/form-model';
import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from '../../config.ts';
import { migrate, openDatabase } from '../../db/database.ts';
import { answerRules } from '../../services/applications.ts';
import {
  DATA_KEY_FILE,
  dataKeyId,
  dataKeysFromFile,
  parseDataKeys,
} from '../../services/dataKeys.ts';
import { createViewTokens } from '../../services/viewTokens.ts';
import {
  createDatabase,
  createTestContext,
  json,
  loggedApp,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../../test/context.ts';

const SSN = '219-09-9999';
const DIGITS = SSN.replace(/-/g, '');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let applicants = 0;
async function applicant(app: FastifyInstance = ctx.app) {
  applicants += 1;
  const username = `ssn-${applicants}@example.com`;
  const cookie = await signedIn(app, username);
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });
  return { username, call };
}

/** The stored row as PostgreSQL holds it, read as text. */
async function storedRow(username: string): Promise<{ answers: string; ssn: string | null }> {
  const result = await sql<{ answers: string; ssn: string | null }>`
    SELECT applications.answers::text AS answers, applications.answers->>'ssn' AS ssn
    FROM applications JOIN accounts ON accounts.id = applications.account_id
    WHERE accounts.username = ${username}
  `.execute(ctx.db);
  const row = result.rows[0];
  if (row === undefined) throw new Error(`no application for ${username}`);
  return row;
}

describe('the SSN at rest', () => {
  it('is stored sealed: the row read as text holds none of its digits', async () => {
    const { username, call } = await applicant();
    const saved = await call('PUT', '/api/answer', { first_name: 'Ada', ssn: SSN });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await storedRow(username);
    expect(row.ssn).toMatch(/^sealed:v1:[0-9a-f]{8}:[\w-]{16}:[\w-]+$/);
    expect(row.answers).not.toContain(SSN);
    expect(row.answers).not.toContain(DIGITS);
    expect(row.answers).not.toContain('9999');
    expect(row.answers).toContain('"first_name": "Ada"');
  });

  it('comes back masked in the profile; saving the mask keeps it, typing a new one replaces it', async () => {
    const { username, call } = await applicant();
    await call('PUT', '/api/answer', { ssn: SSN });
    const profile = json<{ answer: Answers }>(await call('GET', '/api/profile'));
    expect(profile.answer.ssn).toBe('XXX-XX-9999');

    // The browser sends the mask back (an old tab, a retried save): the number stays.
    const before = (await storedRow(username)).ssn;
    const mask = await call('PUT', '/api/answer', { ssn: 'XXX-XX-9999', first_name: 'Ada' });
    expect(mask.statusCode, mask.body).toBe(200);
    expect((await storedRow(username)).ssn).toBe(before);
    expect(ctx.ssn.open({ ssn: before ?? '' }).ssn).toBe(SSN);

    const replaced = await call('PUT', '/api/answer', { ssn: '078-05-1120' });
    expect(replaced.statusCode).toBe(200);
    expect(json<{ answer: Answers }>(await call('GET', '/api/profile')).answer.ssn).toBe(
      'XXX-XX-1120',
    );
    // Cleared (a hidden question, or the applicant emptied it): stored as "" like any answer.
    await call('PUT', '/api/answer', { ssn: '' });
    expect((await storedRow(username)).ssn).toBe('');
  });

  it('is validated in full at submit, and stays sealed once submitted', async () => {
    const { username, call } = await applicant();
    await call('PUT', '/api/answer', { ...COMPLETE_APPLICATION, ssn: SSN });
    await call('PUT', '/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'upload' });
    const submitted = await call('POST', '/api/submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    const row = await storedRow(username);
    expect(row.ssn).toMatch(/^sealed:v1:/);
    expect(row.answers).not.toContain(DIGITS);
    expect(ctx.ssn.open({ ssn: row.ssn ?? '' }).ssn).toBe(SSN);
  });

  it('is shown masked in the service view', async () => {
    const { username, call } = await applicant();
    await call('PUT', '/api/answer', { first_name: 'Ada', ssn: SSN });
    const tokens = createViewTokens({
      db: ctx.db,
      clock: ctx.now,
      rules: answerRules(ctx.tenant),
      ssn: ctx.ssn,
    });
    const { token } = await tokens.createServiceToken(username);
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/service/tmp-pdf?service_token=${token}`,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(json<{ answer: Answers }>(view).answer.ssn).toBe('XXX-XX-9999');
    expect(view.body).not.toContain(DIGITS.slice(0, 5));
  });

  it("is sealed in a temporary application's prefill too, and handed to its visitor in full", async () => {
    const tokens = createViewTokens({
      db: ctx.db,
      clock: ctx.now,
      rules: answerRules(ctx.tenant),
      ssn: ctx.ssn,
    });
    const { token } = await tokens.createTmpApplication({ first_name: 'Ada', ssn: SSN });
    const stored = await sql<{ answers: string }>`
      SELECT answers::text AS answers FROM tmp_applications ORDER BY created_at DESC LIMIT 1
    `.execute(ctx.db);
    expect(stored.rows[0]?.answers).not.toContain(DIGITS);
    const read = await ctx.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` });
    expect(json<{ answer: Answers }>(read).answer.ssn).toBe(SSN);
  });
});

describe('a key that does not match', () => {
  it('fails the requests that need the SSN with a log line naming the key, and no other', async () => {
    const { username, call } = await applicant();
    await call('PUT', '/api/answer', { first_name: 'Ada', ssn: SSN });
    const sealedWith = (await storedRow(username)).ssn?.split(':')[2];
    const other = parseDataKeys(randomBytes(32).toString('base64'));
    const { app, lines } = await loggedApp(ctx, { dataKeys: other }, 'warn');
    try {
      const cookie = (await applicant(app)).call;
      // Another applicant, no SSN yet: their profile and saves work on the new key.
      expect((await cookie('GET', '/api/profile')).statusCode).toBe(200);
      expect((await cookie('PUT', '/api/answer', { ssn: '078-05-1120' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      // This applicant's profile holds an SSN the key cannot open: 500, said in the log.
      const login = await app.inject({
        method: 'POST',
        url: '/public/login',
        headers: { origin: ORIGIN },
        payload: { username, password: 'Gallatin-Valley-2027' },
        remoteAddress: '10.254.0.1',
      });
      const cookieHeader = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const profile = await app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { cookie: cookieHeader, origin: ORIGIN },
      });
      expect(profile.statusCode).toBe(500);
      expect(profile.body).not.toContain('sealed');
      expect(
        lines.some((line) =>
          line.includes(
            `The stored value of ssn was encrypted with key ${sealedWith ?? '?'}, which DATA_KEY does not hold.`,
          ),
        ),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('DATA_KEY and the key file', () => {
  it('refuses a malformed DATA_KEY with a sentence that says how to make one', () => {
    for (const value of ['not a key', Buffer.alloc(16).toString('base64'), ',']) {
      expect(() => readConfig({ DATA_KEY: value })).toThrow(ConfigError);
    }
    expect(() => readConfig({ DATA_KEY: 'abc' })).toThrow(
      "DATA_KEY's key number 1 is not 32 bytes in base64: make one with `openssl rand -base64 32`; several keys are separated by commas, the newest first.",
    );
    const key = randomBytes(32).toString('base64');
    expect(() => readConfig({ DATA_KEY: `${key},${key}` })).toThrow(/names the same key twice/);
    const keys = readConfig({
      DATA_KEY: ` ${key} , ${randomBytes(32).toString('base64')}`,
    }).dataKeys;
    expect(keys?.current.id).toBe(dataKeyId(Buffer.from(key, 'base64')));
    expect(keys?.all.size).toBe(2);
  });

  it('generates the embedded default key once into DATA_DIR, mode 0600, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'admit-data-key-'));
    try {
      const first = dataKeysFromFile(dir);
      expect(first.created).toBe(true);
      const file = join(dir, DATA_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const again = dataKeysFromFile(dir);
      expect(again.created).toBe(false);
      expect(again.keys.current.id).toBe(first.keys.current.id);
      expect(readFileSync(file, 'utf8').trim()).toHaveLength(44);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 012', () => {
  it('seals the SSNs stored in plain text before it, and refuses to run on answers without the key', async () => {
    const { url, drop } = await createDatabase();
    const db = openDatabase(url, 2);
    try {
      await migrate(db, { upTo: '010_mail_delay_index' });
      const account = await sql<{ id: string }>`
        INSERT INTO accounts (username, password_hash, confirmed_at)
        VALUES ('plain@example.com', 'x', now()) RETURNING id
      `.execute(db);
      const id = account.rows[0]?.id ?? '';
      await sql`INSERT INTO applications (account_id, answers)
        VALUES (${id}, ${JSON.stringify({ first_name: 'Ada', ssn: SSN })}::jsonb)`.execute(db);

      await expect(migrate(db)).rejects.toThrow(
        /012_ssn_at_rest failed: the stored Social Security numbers must be encrypted/,
      );
      await migrate(db, { ssn: ctx.ssn });
      const stored = await sql<{ answers: string; ssn: string }>`
        SELECT answers::text AS answers, answers->>'ssn' AS ssn FROM applications
      `.execute(db);
      expect(stored.rows[0]?.answers).not.toContain(DIGITS);
      expect(ctx.ssn.open({ ssn: stored.rows[0]?.ssn ?? '' }).ssn).toBe(SSN);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});

describe('no log line holds the SSN', () => {
  it('a save, a refused save and a submit, logged at trace, never write its digits', async () => {
    const { app, lines } = await loggedApp(ctx, {}, 'info');
    app.log.level = 'trace';
    try {
      const { call } = await applicant(app);
      expect(
        (await call('PUT', '/api/answer', { ...COMPLETE_APPLICATION, ssn: SSN })).statusCode,
      ).toBe(200);
      // A refused save: the SSN with a line break in it (one-line answers only).
      const refused = await call('PUT', '/api/answer', { ssn: `${SSN}\n` });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).code).toBe(ERROR_CODES.answersRefused);
      // A URL that carries one (a mistyped link), and a line that quotes one (a future bug):
      // every line passes through the scrubbing stream.
      await call('GET', `/api/profile?ssn=${SSN}`);
      app.log.warn(`a line quoting ${DIGITS}, as typed without dashes`);
      app.log.error({ detail: { typed: SSN } }, `a line quoting ${SSN} and more`);
      await call('PUT', '/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'upload' });
      const submitted = await call('POST', '/api/submit');
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.some((line) => line.includes('a line quoting XXX-XX-XXXX and'))).toBe(true);
      expect(lines.some((line) => line.includes('a line quoting XXX-XX-XXXX, as typed'))).toBe(
        true,
      );
      for (const line of lines) {
        expect(line).not.toContain(SSN);
        expect(line).not.toContain(DIGITS);
      }
    } finally {
      await app.close();
    }
  });
});
