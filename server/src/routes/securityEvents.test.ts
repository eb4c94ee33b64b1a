import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { CROSS_SITE_MESSAGE } from '../plugins/external/security.ts';
import { accountMessages, THROTTLES } from '../services/accounts.ts';
import { answerRules } from '../services/applications.ts';
import { createAudit } from '../services/audit.ts';
import { documentMessages } from '../services/documents.ts';
import { SECURITY_EVENTS, type SecurityEventName } from '../services/securityEvents.ts';
import { parseDataKeys } from '../services/dataKeys.ts';
import { staffAdmin } from '../services/staff.ts';
import { POLICY_TTL_MS, storageMessages } from '../services/storage.ts';
import { createViewTokens, tokenMessages } from '../services/viewTokens.ts';
import {
  cookieHeader,
  createTestContext,
  GOOD_PASSWORD,
  json,
  latestCode,
  latestMail,
  loggedApp,
  ORIGIN,
  type TestContext,
} from '../test/context.ts';
import { makePng, multipartBody } from '../test/files.ts';
import { english } from '../services/texts.ts';

interface LogLine {
  level: number;
  msg: string;
  event?: string;
  outcome?: string;
  reason?: string;
  accountId?: string;
  ip?: string;
  reqId?: string;
  [field: string]: unknown;
}

const INFO = 30;
const WARN = 40;

let ctx: TestContext;
let app: FastifyInstance;
let lines: string[];
let dataDir: string;
/** Every secret the tests send or receive: none may appear in any log line. */
const secrets = new Set<string>();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admit-security-events-test-'));
  ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  ({ app, lines } = await loggedApp(ctx));
});
afterAll(async () => {
  try {
    await app.close();
    await ctx.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

let addresses = 0;
/** A client address of its own per call site, so per-address throttles stay out of the way. */
const nextAddress = () => `10.7.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

function post(
  url: string,
  payload: object,
  options: { cookie?: string; address?: string; origin?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.address ?? nextAddress(),
    headers: {
      origin: options.origin ?? ORIGIN,
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
    },
  });
}

/** The log lines written while `act` ran, parsed: every one must be JSON. */
async function logged(act: () => Promise<unknown>): Promise<LogLine[]> {
  return (await loggedWith(act)).parsed;
}

/** `act`'s answer, and the log lines written while it ran. */
async function loggedWith<T>(act: () => Promise<T>): Promise<{ result: T; parsed: LogLine[] }> {
  const from = lines.length;
  const result = await act();
  return { result, parsed: lines.slice(from).map((line) => JSON.parse(line) as LogLine) };
}

const eventsOf = (parsed: LogLine[], event: SecurityEventName) =>
  parsed.filter((line) => line.event === event);

/** The session token a login set, among the secrets. */
function keepSessionSecret(response: LightMyRequestResponse): void {
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  if (session === undefined) throw new Error('no session cookie');
  secrets.add(session.value);
}

let people = 0;
async function signUp(): Promise<{ username: string; accountId: string }> {
  people += 1;
  const username = `events-${people}@example.com`;
  secrets.add(username);
  const [line] = eventsOf(
    await logged(() => post('/public/signup', { username, password: GOOD_PASSWORD })),
    'account.signup',
  );
  if (line?.accountId === undefined) throw new Error('no account.signup line');
  return { username, accountId: line.accountId };
}

async function confirmed(): Promise<{ username: string; accountId: string }> {
  const person = await signUp();
  const code = await latestCode(app, person.username);
  secrets.add(code);
  const response = await post('/public/confirm', { username: person.username, code });
  expect(response.statusCode).toBe(200);
  return person;
}

async function loggedIn(): Promise<{ username: string; accountId: string; cookie: string }> {
  const person = await confirmed();
  const response = await post('/public/login', {
    username: person.username,
    password: GOOD_PASSWORD,
  });
  expect(response.statusCode).toBe(200);
  const cookie = cookieHeader(response);
  keepSessionSecret(response);
  return { ...person, cookie };
}

describe('the security event log', () => {
  it('a failed login writes exactly one JSON line, login.failure at warn, with no password', async () => {
    const { username, accountId } = await confirmed();
    const wrong = 'Not-The-Password-4711';
    secrets.add(wrong);
    const { result: response, parsed } = await loggedWith(() =>
      post('/public/login', { username, password: wrong }, { address: '10.9.9.9' }),
    );
    // The answer says no more than before: the same words whatever the reason.
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(english(accountMessages.loginFailed));
    // One security event (other lines, such as an access line, carry no event).
    const events = parsed.filter((line) => line.event !== undefined);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      level: WARN,
      event: 'login.failure',
      outcome: 'failure',
      reason: 'wrong_password',
      accountId,
      ip: '10.9.9.9',
    });
    expect(events[0]?.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(parsed)).not.toContain(wrong);
    expect(JSON.stringify(parsed)).not.toContain(username);
  });

  it('names the reason of each login failure (unknown user, unconfirmed) and never the address', async () => {
    const unknown = 'nobody-here@example.com';
    const parsedUnknown = await logged(() =>
      post('/public/login', { username: unknown, password: GOOD_PASSWORD }),
    );
    expect(eventsOf(parsedUnknown, 'login.failure')).toEqual([
      expect.objectContaining({ reason: 'unknown_user', level: WARN }),
    ]);
    expect(eventsOf(parsedUnknown, 'login.failure')[0]?.accountId).toBeUndefined();
    expect(JSON.stringify(parsedUnknown)).not.toContain(unknown);

    const waiting = await signUp();
    const parsedWaiting = await logged(() =>
      post('/public/login', { username: waiting.username, password: GOOD_PASSWORD }),
    );
    expect(eventsOf(parsedWaiting, 'login.failure')).toEqual([
      expect.objectContaining({ reason: 'unconfirmed', accountId: waiting.accountId }),
    ]);
  });

  it('logs sign-up, a refused code, confirmation, login and logout, each once', async () => {
    people += 1;
    const username = `events-${people}@example.com`;
    secrets.add(username);
    const signup = await logged(() =>
      post('/public/signup', { username, password: GOOD_PASSWORD }),
    );
    const [created] = eventsOf(signup, 'account.signup');
    expect(created).toMatchObject({ level: INFO, outcome: 'success', reason: 'created' });
    const accountId = created?.accountId;
    expect(accountId).toMatch(/^[0-9a-f-]{36}$/);

    const code = await latestCode(app, username);
    secrets.add(code);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const refused = await logged(() => post('/public/confirm', { username, code: wrongCode }));
    expect(eventsOf(refused, 'account.confirm.failure')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'wrong_code', accountId }),
    ]);

    const confirm = await logged(() => post('/public/confirm', { username, code }));
    expect(eventsOf(confirm, 'account.confirm')).toEqual([
      expect.objectContaining({ level: INFO, accountId }),
    ]);

    let cookie = '';
    const login = await logged(async () => {
      const response = await post('/public/login', { username, password: GOOD_PASSWORD });
      cookie = cookieHeader(response);
      keepSessionSecret(response);
    });
    expect(eventsOf(login, 'login.success')).toEqual([
      expect.objectContaining({ level: INFO, outcome: 'success', accountId }),
    ]);

    const logout = await logged(() =>
      app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } }),
    );
    expect(eventsOf(logout, 'session.logout')).toEqual([
      expect.objectContaining({ level: INFO, accountId }),
    ]);
  });

  it('logs a lockout when an account passes its failed-login limit', async () => {
    const { username, accountId } = await confirmed();
    const attempts = await logged(async () => {
      for (let attempt = 0; attempt <= THROTTLES.loginAccount.limit; attempt += 1) {
        await post('/public/login', { username, password: `Wrong-Guess-${attempt}` });
      }
    });
    expect(eventsOf(attempts, 'login.failure')).toHaveLength(THROTTLES.loginAccount.limit);
    expect(eventsOf(attempts, 'login.lockout')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'account', accountId }),
    ]);
  });

  it('logs a reset asked for, the password changed with it, and the used link refused', async () => {
    const { username, accountId } = await confirmed();
    const asked = await logged(() => post('/public/forgot-password', { username }));
    expect(eventsOf(asked, 'password.reset.requested')).toEqual([
      expect.objectContaining({ level: INFO, accountId }),
    ]);
    const { text } = await latestMail(app, username);
    const link = new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? '');
    const id = link.searchParams.get('id') ?? '';
    secrets.add(id);
    const password = 'A-New-Password-Of-Mine-55';
    secrets.add(password);
    const body = { username, password, confirm_password: password, id };
    const reset = await logged(() => post('/public/reset-password', body));
    expect(eventsOf(reset, 'password.reset.completed')).toEqual([
      expect.objectContaining({ level: INFO, accountId }),
    ]);
    const again = await logged(() => post('/public/reset-password', body));
    expect(eventsOf(again, 'password.reset.failure')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'used_link', accountId }),
    ]);
  });

  it('logs service link and temporary application link use, and their refusals', async () => {
    const { username, accountId } = await loggedIn();
    const tokens = createViewTokens({
      db: ctx.db,
      clock: ctx.now,
      rules: answerRules(ctx.tenant),
      ssn: ctx.ssn,
    });
    const service = await tokens.createServiceToken(username);
    const tmp = await tokens.createTmpApplication({ first_name: 'Prefilled' });
    secrets.add(service.token);
    secrets.add(tmp.token);

    const used = await logged(() =>
      app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${service.token}` }),
    );
    expect(eventsOf(used, 'service_token.use')).toEqual([
      expect.objectContaining({ level: INFO, accountId }),
    ]);
    await tokens.revoke(service.token);
    const revoked = await logged(async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/service/tmp-pdf?service_token=${service.token}`,
      });
      expect(json(response).message).toBe(english(tokenMessages.serviceRevoked));
    });
    expect(eventsOf(revoked, 'service_token.failure')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'revoked', accountId }),
    ]);

    const opened = await logged(() =>
      app.inject({ method: 'GET', url: `/public/tmp?token=${tmp.token}` }),
    );
    expect(eventsOf(opened, 'tmp_application.use')).toEqual([
      expect.objectContaining({ level: INFO }),
    ]);
    const unknown = await logged(() =>
      app.inject({ method: 'GET', url: `/public/tmp?token=${'x'.repeat(43)}` }),
    );
    expect(eventsOf(unknown, 'tmp_application.failure')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'unknown' }),
    ]);
  });

  it("logs an applicant asking to convert another account's upload; the answer stays a plain 404", async () => {
    const owner = await loggedIn();
    const other = await loggedIn();
    const presigned = await post(
      '/api/presigned-url',
      { answer_key: 'decision_essay_file' },
      { cookie: owner.cookie },
    );
    expect(presigned.statusCode).toBe(200);
    const fileKey = json<{ fields: { key: string } }>(presigned).fields.key;
    const { result: response, parsed } = await loggedWith(() =>
      post(
        '/api/pdf/document-answer/decision_essay_file',
        { file_key: fileKey, file_name: 'essay.pdf' },
        { cookie: other.cookie },
      ),
    );
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe(english(documentMessages.noUpload));
    expect(eventsOf(parsed, 'ownership.refused')).toEqual([
      expect.objectContaining({
        level: WARN,
        accountId: other.accountId,
        ownerAccountId: owner.accountId,
      }),
    ]);
    // The applicant's own unknown key is no one else's: nothing to report.
    const own = await logged(() =>
      post(
        '/api/pdf/document-answer/decision_essay_file',
        { file_key: `uploads/${other.accountId}/decision_essay_file/none`, file_name: 'a.pdf' },
        { cookie: other.cookie },
      ),
    );
    expect(eventsOf(own, 'ownership.refused')).toEqual([]);
  });

  it('logs an upload form that was not sent as signed; an expired one is no attack', async () => {
    const person = await loggedIn();
    const presign = async () => {
      const response = await post(
        '/api/presigned-url',
        { answer_key: 'decision_essay_file' },
        { cookie: person.cookie },
      );
      return json<{ url: string; fields: Record<string, string> }>(response);
    };
    const upload = (url: string, fields: Record<string, string>) => {
      const { body, contentType } = multipartBody(fields, {
        name: 'essay.png',
        type: 'image/png',
        bytes: makePng(4, 4),
      });
      return app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, origin: ORIGIN },
        payload: body,
      });
    };
    const presigned = await presign();
    const signature = presigned.fields.signature ?? '';
    const forged = await loggedWith(() =>
      upload(presigned.url, {
        ...presigned.fields,
        signature: (signature.startsWith('a') ? 'b' : 'a') + signature.slice(1),
      }),
    );
    expect(forged.result.statusCode).toBe(403);
    expect(eventsOf(forged.parsed, 'upload.refused')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'signature' }),
    ]);
    const stray = await logged(() =>
      upload(presigned.url, { ...presigned.fields, 'x-amz-meta-owner': 'me' }),
    );
    expect(eventsOf(stray, 'upload.refused')).toEqual([
      expect.objectContaining({ reason: 'field' }),
    ]);

    const late = await presign();
    ctx.advance(POLICY_TTL_MS + 1);
    const expired = await loggedWith(() => upload(late.url, late.fields));
    expect(json(expired.result).message).toBe(english(storageMessages.expired));
    expect(eventsOf(expired.parsed, 'upload.refused')).toEqual([]);
  });

  it("logs the office's sign-ins apart from the applicants', by the staff member's id", async () => {
    const email = 'events-staff@example.com';
    secrets.add(email);
    const password = 'Staff-Events-Passphrase-3';
    const added = await staffAdmin({
      db: ctx.db,
      clock: ctx.now,
      audit: createAudit(ctx.db, ctx.now),
      issuer: 'Events',
      dataKeys: parseDataKeys(ctx.dataKey),
    }).add(email, 'reader', password);
    const totp = URI.parse(added.otpauthUri);
    const code = totp.generate({ timestamp: ctx.now().getTime() });
    const signIn = (username: string, given: string, address?: string) =>
      post(
        '/office/api/login',
        { username, password: given, code },
        address === undefined ? {} : { address },
      );
    const refused = await logged(() => signIn(email, 'Not-The-Staff-Password'));
    const [failure] = eventsOf(refused, 'office.login.failure');
    expect(failure).toEqual(expect.objectContaining({ level: WARN, reason: 'wrong_password' }));
    expect(eventsOf(refused, 'login.failure')).toEqual([]);
    const accepted = await logged(() => signIn(email, password));
    expect(eventsOf(accepted, 'office.login.success')).toEqual([
      expect.objectContaining({ level: INFO, staffId: failure?.staffId }),
    ]);
    for (const cookie of (await signIn(email, password)).cookies) secrets.add(cookie.value);
    for (let attempt = 0; attempt < THROTTLES.loginAccount.limit; attempt += 1)
      await signIn('no-staff@example.com', 'Not-The-Staff-Password');
    const lockout = await logged(() => signIn('no-staff@example.com', 'Not-The-Staff-Password'));
    expect(eventsOf(lockout, 'office.login.lockout')).toEqual([
      expect.objectContaining({ level: WARN, reason: 'throttled_account' }),
    ]);
  });

  it('logs a state-changing request refused for its origin', async () => {
    const { result: response, parsed } = await loggedWith(() =>
      post(
        '/public/login',
        { username: 'someone@example.com', password: GOOD_PASSWORD },
        { origin: 'https://evil.example' },
      ),
    );
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe(english(CROSS_SITE_MESSAGE));
    expect(eventsOf(parsed, 'origin.refused')).toEqual([
      expect.objectContaining({
        level: WARN,
        reason: 'origin',
        origin: 'https://evil.example',
        method: 'POST',
        route: '/public/login',
      }),
    ]);
  });

  it('wrote every event of the vocabulary, each line JSON, and no password, code, token or address', () => {
    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    const seen = new Set(parsed.map((line) => line.event));
    for (const event of SECURITY_EVENTS) expect(seen, event).toContain(event);
    const text = lines.join('\n');
    secrets.delete('');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain(GOOD_PASSWORD);
  });
});
