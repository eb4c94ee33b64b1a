import { messages } from '@admit/form-model';
import { loadTenant } from '@admit/tenant-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { accountMessages, CODE_TTL_MS, RESET_TTL_MS } from '../../services/accounts.ts';
import { SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import { SESSION_IDLE_MS } from '../../services/sessions.ts';
import {
  cookieHeader,
  createTestContext,
  GOOD_PASSWORD,
  json,
  latestCode,
  latestMail,
  mailsTo,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let address = 0;
/** A fresh client address per test, so per-address throttles do not leak between tests. */
const nextAddress = () => `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

function post(
  url: string,
  payload: object,
  options: { cookie?: string; address?: string; origin?: string | null } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.address ?? nextAddress(),
    headers: {
      ...(options.origin === null ? {} : { origin: options.origin ?? ORIGIN }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

describe('sign-up and confirmation', () => {
  it('signs up, mails a 6-digit code, confirms, and logs in', async () => {
    const signup = await post('/public/signup', {
      username: 'Ada@Example.com',
      password: GOOD_PASSWORD,
    });
    expect(signup.statusCode).toBe(200);
    expect(json(signup)).toEqual({ message: accountMessages.signedUp });
    const code = await latestCode(ctx.app, 'ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await post('/public/confirm', { username: 'ada@example.com', code });
    expect(json(confirm)).toEqual({ message: accountMessages.confirmed });
    const login = await post('/public/login', {
      username: 'ADA@example.com',
      password: GOOD_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(json(login)).toEqual({ message: accountMessages.loggedIn });
  });

  it("refuses SPEC §5's rules with the words of SPEC and the field's error list", async () => {
    const response = await post('/public/signup', { username: 'not-an-email', password: 'short' });
    expect(response.statusCode).toBe(400);
    const body = json<{ message: string; errors: Record<string, string[]> }>(response);
    expect(body.message).toBe(messages.emailInvalid);
    expect(body.errors.password).toContain(messages.passwordMinLength);
  });

  it('refuses common passwords, even dressed up', async () => {
    for (const password of ['Password123!', 'Welcome2024!!', 'Qwertyuiop1!']) {
      const response = await post('/public/signup', { username: 'common@example.com', password });
      expect(response.statusCode, password).toBe(400);
      expect(json(response).message).toBe(accountMessages.commonPassword);
    }
  });

  it('hashes long and Unicode passwords whole: a changed last character does not log in', async () => {
    const long = `Ünïcödé-${'ж'.repeat(200)}-Pässwörd-9`;
    await signedIn(ctx.app, 'unicode@example.com', long);
    const wrong = await post('/public/login', {
      username: 'unicode@example.com',
      password: `${long.slice(0, -1)}8`,
    });
    expect(wrong.statusCode).toBe(400);
    const right = await post('/public/login', { username: 'unicode@example.com', password: long });
    expect(right.statusCode).toBe(200);
  });

  it('only the newest code works', async () => {
    await post('/public/signup', { username: 'newest@example.com', password: GOOD_PASSWORD });
    const first = await latestCode(ctx.app, 'newest@example.com');
    await post('/public/resend-confirm', { username: 'newest@example.com' });
    const second = await latestCode(ctx.app, 'newest@example.com');
    if (first !== second) {
      expect(
        (await post('/public/confirm', { username: 'newest@example.com', code: first })).statusCode,
      ).toBe(400);
    }
    expect(
      (await post('/public/confirm', { username: 'newest@example.com', code: second })).statusCode,
    ).toBe(200);
  });

  it('five wrong codes burn the code (429), and the right one no longer works', async () => {
    await post('/public/signup', { username: 'burn@example.com', password: GOOD_PASSWORD });
    const code = await latestCode(ctx.app, 'burn@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push(
        (await post('/public/confirm', { username: 'burn@example.com', code: wrong })).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await post('/public/confirm', { username: 'burn@example.com', code });
    expect(right.statusCode).toBe(429);
    expect(json(right).message).toBe(accountMessages.codeBurned);
  });

  it('a code expires after 24 hours (fake clock)', async () => {
    await post('/public/signup', { username: 'late@example.com', password: GOOD_PASSWORD });
    const code = await latestCode(ctx.app, 'late@example.com');
    ctx.advance(CODE_TTL_MS + 1000);
    const response = await post('/public/confirm', { username: 'late@example.com', code });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(accountMessages.codeWrong);
  });

  it('an unconfirmed account cannot log in and is told why', async () => {
    await post('/public/signup', { username: 'waiting@example.com', password: GOOD_PASSWORD });
    const response = await post('/public/login', {
      username: 'waiting@example.com',
      password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: accountMessages.unconfirmed, code: 'UNCONFIRMED' });
  });
});

describe('no account enumeration: known and unknown addresses get identical answers', () => {
  beforeAll(async () => {
    await signedIn(ctx.app, 'known@example.com');
  });

  it.each([
    ['/public/signup', (username: string) => ({ username, password: GOOD_PASSWORD })],
    ['/public/login', (username: string) => ({ username, password: 'Wrong-Password-99' })],
    ['/public/forgot-password', (username: string) => ({ username })],
    ['/public/resend-confirm', (username: string) => ({ username })],
  ])('%s', async (url, body) => {
    const known = await post(url, body('known@example.com'));
    const unknown = await post(url, body('nobody-here@example.com'));
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  it('a second sign-up mails the owner instead, and the password is unchanged', async () => {
    const subjects = (await mailsTo(ctx.app, 'known@example.com')).map((mail) => mail.subject);
    expect(subjects).toContain(
      'Someone tried to create a Gallatin College account with your email address',
    );
    const login = await post('/public/login', {
      username: 'known@example.com',
      password: GOOD_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and a readable marker with the tenant prefix', async () => {
    await signedIn(ctx.app, 'cookies@example.com');
    const login = await post('/public/login', {
      username: 'cookies@example.com',
      password: GOOD_PASSWORD,
    });
    const session = login.cookies.find((c) => c.name === 'admit_session');
    const marker = login.cookies.find(
      (c) => c.name === `${ctx.tenant.sessionCookiePrefix}.loggedIn`,
    );
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(session?.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(marker).toMatchObject({ value: '1', sameSite: 'Lax' });
    expect(marker?.httpOnly).toBeFalsy();
  });

  it('marks cookies Secure when the public origin is https', async () => {
    const { config, db } = ctx;
    const app = await buildApp({
      config: { ...config, publicOrigin: 'https://apply.example.edu' },
      tenant: loadTenant(),
      db,
      logger: false,
    });
    await signedIn(ctx.app, 'secure@example.com');
    const login = await app.inject({
      method: 'POST',
      url: '/public/login',
      payload: { username: 'secure@example.com', password: GOOD_PASSWORD },
      headers: { origin: 'https://apply.example.edu' },
    });
    expect(login.cookies.find((c) => c.name === 'admit_session')?.secure).toBe(true);
    expect(login.headers['strict-transport-security']).toBeDefined();
    await app.close();
  });

  it('rotates the session at login: the old token stops working', async () => {
    const old = await signedIn(ctx.app, 'rotate@example.com');
    const again = await post(
      '/public/login',
      { username: 'rotate@example.com', password: GOOD_PASSWORD },
      { cookie: old },
    );
    const fresh = cookieHeader(again);
    expect(fresh).not.toBe(old);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: old } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: fresh } }))
        .statusCode,
    ).toBe(200);
  });

  it('logout ends the session on the server; replaying it gives 401 with SPEC §8 words', async () => {
    const cookie = await signedIn(ctx.app, 'logout@example.com');
    const logout = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(json(logout)).toEqual({ message: accountMessages.loggedOut });
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toEqual({ message: SESSION_INVALID_MESSAGE });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('an idle session ends after 15 minutes (fake clock)', async () => {
    const cookie = await signedIn(ctx.app, 'idle@example.com');
    ctx.advance(SESSION_IDLE_MS - 60_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    ctx.advance(SESSION_IDLE_MS + 1000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('any invalid session cookie is 401 {message}', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: 'admit_session=forged-token-forged-token-forged-token-xx' },
    });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ message: SESSION_INVALID_MESSAGE });
  });
});

describe('forgot and reset password', () => {
  async function resetLink(username: string): Promise<URL> {
    await post('/public/forgot-password', { username });
    const { text } = await latestMail(ctx.app, username);
    const link = /https?:\/\/\S+/.exec(text)?.[0];
    if (link === undefined) throw new Error('no link');
    return new URL(link);
  }

  it('mails a link built from PUBLIC_ORIGIN (never the Host header) with a 128-bit+ id', async () => {
    await signedIn(ctx.app, 'forgot@example.com');
    await ctx.app.inject({
      method: 'POST',
      url: '/public/forgot-password',
      payload: { username: 'forgot@example.com' },
      headers: { host: 'evil.example.com', origin: ORIGIN },
    });
    const { text } = await latestMail(ctx.app, 'forgot@example.com');
    const link = new URL(/https?:\/\/\S+/.exec(text)?.[0] ?? '');
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe('/reset');
    expect(link.searchParams.get('username')).toBe('forgot@example.com');
    expect(
      Buffer.from(link.searchParams.get('id') ?? '', 'base64url').length,
    ).toBeGreaterThanOrEqual(16);
  });

  it('resets once, ends every session, and the link cannot be used again', async () => {
    const cookie = await signedIn(ctx.app, 'reset@example.com');
    const link = await resetLink('reset@example.com');
    const body = {
      username: 'reset@example.com',
      password: 'Another-Valley-2028',
      confirm_password: 'Another-Valley-2028',
      id: link.searchParams.get('id'),
    };
    const reset = await post('/public/reset-password', body);
    expect(json(reset)).toEqual({ message: accountMessages.reset });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
    expect((await post('/public/reset-password', body)).statusCode).toBe(400);
    expect(
      (
        await post('/public/login', {
          username: 'reset@example.com',
          password: 'Another-Valley-2028',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a link older than an hour is refused (fake clock)', async () => {
    await signedIn(ctx.app, 'slow@example.com');
    const link = await resetLink('slow@example.com');
    ctx.advance(RESET_TTL_MS + 1000);
    const response = await post('/public/reset-password', {
      username: 'slow@example.com',
      password: 'Another-Valley-2028',
      confirm_password: 'Another-Valley-2028',
      id: link.searchParams.get('id'),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(accountMessages.resetInvalid);
  });

  it('passwords must match (SPEC §5 word for word)', async () => {
    const response = await post('/public/reset-password', {
      username: 'x@example.com',
      password: 'Another-Valley-2028',
      confirm_password: 'Another-Valley-2029',
      id: 'a'.repeat(43),
    });
    expect(json(response).message).toBe('passwords must match');
  });
});

describe('throttles', () => {
  it('limits failed logins per account with 429 and Retry-After, and the limit survives a restart', async () => {
    await signedIn(ctx.app, 'throttle@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await post('/public/login', {
            username: 'throttle@example.com',
            password: 'Wrong-Password-99',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // A new server process on the same database: the count holds.
    const restarted = await buildApp({
      config: ctx.config,
      tenant: ctx.tenant,
      db: ctx.db,
      clock: ctx.now,
      logger: false,
    });
    const after = await restarted.inject({
      method: 'POST',
      url: '/public/login',
      payload: { username: 'throttle@example.com', password: GOOD_PASSWORD },
      headers: { origin: ORIGIN },
      remoteAddress: nextAddress(),
    });
    expect(after.statusCode).toBe(429);
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    await restarted.close();
  });

  it('limits forgot-password per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (await post('/public/forgot-password', { username: 'flood@example.com' })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits resend per client address', async () => {
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push(
        (await post('/public/resend-confirm', { username: `r${i}@example.com` }, { address: from }))
          .statusCode,
      );
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe('cross-site requests', () => {
  it('refuses a text/plain POST from another origin (CSRF) and changes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public/signup',
      payload: JSON.stringify({ username: 'csrf@example.com', password: GOOD_PASSWORD }),
      headers: { origin: 'https://evil.example.com', 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(403);
    const stored = await ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'csrf@example.com')
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('refuses a same-origin POST that is not JSON (415)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public/signup',
      payload: 'username=a',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('sends security headers (CSP, nosniff, frame-ancestors)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives JSON answers, refusals and 404s included, the API set (plugins/external/security.test.ts)', async () => {
    for (const url of ['/api/health', '/api/profile', '/no/such/route']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('errors', () => {
  it('answers malformed JSON with a JSON message, never a stack trace', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/public/login',
      payload: '{"username":',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toEqual(expect.any(String));
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers a missing field with a readable message', async () => {
    const response = await post('/public/login', { username: 'a@example.com' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/password/);
  });
});
