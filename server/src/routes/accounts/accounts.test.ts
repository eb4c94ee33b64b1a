import { englishMessages } from '@admit/form-model';
import { loadTenant } from '@admit/tenant-config/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../app.ts';
import { type Config } from '../../config.ts';
import { accountMessages, CODE_TTL_MS, RESET_TTL_MS, THROTTLES } from '../../services/accounts.ts';
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
import { english } from '../../services/texts.ts';

const messages = englishMessages();

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
    expect(json(signup)).toEqual({ message: english(accountMessages.signedUp) });
    const code = await latestCode(ctx.app, 'ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await post('/public/confirm', { username: 'ada@example.com', code });
    expect(json(confirm)).toEqual({ message: english(accountMessages.confirmed) });
    const login = await post('/public/login', {
      username: 'ADA@example.com',
      password: GOOD_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(json(login)).toEqual({ message: english(accountMessages.loggedIn) });
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
      expect(json(response).message).toBe(english(accountMessages.commonPassword));
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
    expect(json(right).message).toBe(english(accountMessages.codeBurned));
  });

  it('a code expires after 24 hours (fake clock)', async () => {
    await post('/public/signup', { username: 'late@example.com', password: GOOD_PASSWORD });
    const code = await latestCode(ctx.app, 'late@example.com');
    ctx.advance(CODE_TTL_MS + 1000);
    const response = await post('/public/confirm', { username: 'late@example.com', code });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(english(accountMessages.codeWrong));
  });

  it('an unconfirmed account cannot log in, and the browser that signed it up is told why', async () => {
    const signup = await post('/public/signup', {
      username: 'waiting@example.com',
      password: GOOD_PASSWORD,
    });
    const marker = signup.cookies.find((c) => c.name === 'admit_signup');
    expect(marker).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/public' });
    const response = await post(
      '/public/login',
      { username: 'waiting@example.com', password: GOOD_PASSWORD },
      { cookie: cookieHeader(signup) },
    );
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: english(accountMessages.unconfirmed),
      code: 'UNCONFIRMED',
    });
    // Anyone else (another browser) is told what a wrong password is told.
    const elsewhere = await post('/public/login', {
      username: 'waiting@example.com',
      password: GOOD_PASSWORD,
    });
    expect(json(elsewhere)).toEqual({ message: english(accountMessages.loginFailed) });
  });

  it('a second sign-up with the same password mails a new code (the applicant trying again)', async () => {
    const username = 'again@example.com';
    await post('/public/signup', { username, password: GOOD_PASSWORD });
    await post('/public/signup', { username, password: GOOD_PASSWORD });
    const codes = (await mailsTo(ctx.app, username)).filter((mail) =>
      mail.subject.includes('confirmation code'),
    );
    expect(codes).toHaveLength(2);
    const confirm = await post('/public/confirm', { username, code: await newestCode(username) });
    expect(confirm.statusCode).toBe(200);
  });
});

/** The code in the newest confirmation-code mail to `username` (other mail skipped). */
async function newestCode(username: string): Promise<string> {
  const mail = (await mailsTo(ctx.app, username)).find((m) =>
    m.subject.includes('confirmation code'),
  );
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no confirmation code mailed to ${username}`);
  return code;
}

/** A 6-digit code that is not `code`. */
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

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
    expect(json(logout)).toEqual({ message: english(accountMessages.loggedOut) });
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
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

  it("tells the browser how long the session lives, so that the idle prompt follows the server's clock", async () => {
    const cookie = await signedIn(ctx.app, 'ms-left@example.com');
    // The test clock runs on from its fake start: allow the second the requests take.
    const msLeft = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { cookie },
      });
      return Number(response.headers['admit-session-ms-left']);
    };
    const first = await msLeft();
    expect(first).toBeGreaterThan(SESSION_IDLE_MS - 1000);
    expect(first).toBeLessThanOrEqual(SESSION_IDLE_MS);
    // Within the 30 s the server does not record a use again, the session's end does not move.
    ctx.advance(20_000);
    const later = await msLeft();
    expect(later).toBeGreaterThan(first - 21_000);
    expect(later).toBeLessThanOrEqual(first - 20_000);
    // After them, a request restarts the idle clock.
    ctx.advance(40_000);
    expect(await msLeft()).toBe(SESSION_IDLE_MS);
  });

  it('any invalid session cookie is 401 {message}', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: 'admit_session=forged-token-forged-token-forged-token-xx' },
    });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ message: english(SESSION_INVALID_MESSAGE) });
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
    expect(json(reset)).toEqual({ message: english(accountMessages.reset) });
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
    expect(json(response).message).toBe(english(accountMessages.resetInvalid));
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

describe('throttles for a school lab, behind a proxy, in words', () => {
  it('a 429 says the real wait, from Retry-After (regression: "wait a few minutes" for a 51-minute wait)', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i += 1)
      await post('/public/forgot-password', { username: 'wait@example.com' }, { address: from });
    ctx.advance(9 * 60_000);
    const refused = await post(
      '/public/forgot-password',
      { username: 'wait@example.com' },
      { address: from },
    );
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Math.ceil(retryAfter / 60)).toBe(51);
    expect(json(refused)).toEqual({
      message: 'Too many attempts. Please try again in 51 minutes.',
    });
  });

  it(
    'lets 200 sign-ups from one address through in an hour (a school lab), and stops the 301st (regression: the 21st student waited 51 minutes)',
    { timeout: 300_000 },
    async () => {
      const lab = nextAddress();
      const signUp = (n: number) =>
        post(
          '/public/signup',
          { username: `student-${n}@lab.example.edu`, password: GOOD_PASSWORD },
          { address: lab },
        );
      // Students `from`…`to - 1`, two at a time (argon2 hashes each password, and the machine
      // has two cores), ten seconds apart: the class signs up over the hour.
      const signUpStudents = async (from: number, to: number) => {
        const statuses: number[] = [];
        for (let n = from; n < to; n += 2) {
          const pair = await Promise.all([signUp(n), signUp(n + 1)]);
          statuses.push(...pair.map((response) => response.statusCode));
          ctx.advance(10_000);
        }
        return statuses;
      };
      const LAB = 200;
      expect(await signUpStudents(0, LAB)).toEqual(Array<number>(LAB).fill(200));
      const more = await signUpStudents(LAB, THROTTLES.signupAddress.limit);
      expect(more.every((status) => status === 200)).toBe(true);
      const script = await post(
        '/public/signup',
        { username: 'one-too-many@lab.example.edu', password: GOOD_PASSWORD },
        { address: lab },
      );
      expect(script.statusCode).toBe(429);
      expect(json(script).message).toMatch(
        /^Too many attempts\. Please try again in \d+ minutes?\.$/,
      );
    },
  );

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY (regression: no way to see applicants behind a load balancer)', async () => {
    const forgotFrom = async (trustProxy: Config['trustProxy'], username: string) => {
      await ctx.db.deleteFrom('throttles').where('key', 'like', 'forgot:ip:%').execute();
      const app = await buildApp({
        config: { ...ctx.config, trustProxy },
        tenant: ctx.tenant,
        db: ctx.db,
        clock: ctx.now,
        logger: false,
      });
      try {
        await app.inject({
          method: 'POST',
          url: '/public/forgot-password',
          payload: { username },
          headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.7' },
          remoteAddress: '10.0.0.2',
        });
      } finally {
        await app.close();
      }
      const keys = await ctx.db
        .selectFrom('throttles')
        .select('key')
        .where('key', 'like', 'forgot:ip:%')
        .execute();
      return keys.map((row) => row.key);
    };
    expect(await forgotFrom(false, 'proxy-a@example.com')).toEqual(['forgot:ip:10.0.0.2']);
    expect(await forgotFrom(['10.0.0.0/8'], 'proxy-b@example.com')).toEqual([
      'forgot:ip:203.0.113.7',
    ]);
    expect(await forgotFrom(1, 'proxy-c@example.com')).toEqual(['forgot:ip:203.0.113.7']);
    // A proxy not on the list is not believed.
    expect(await forgotFrom(['192.168.0.1'], 'proxy-d@example.com')).toEqual([
      'forgot:ip:10.0.0.2',
    ]);
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

describe('account takeover and enumeration', () => {
  it('a second sign-up never changes the password of an account waiting for confirmation (regression: account takeover before confirmation)', async () => {
    const owner = 'takeover@example.com';
    await post('/public/signup', { username: owner, password: GOOD_PASSWORD });
    const attacker = await post('/public/signup', {
      username: owner,
      password: 'Attacker-Chosen-2027',
    });
    expect(json(attacker)).toEqual({ message: english(accountMessages.signedUp) });
    // The owner confirms with the newest code in their mailbox.
    const confirm = await post('/public/confirm', {
      username: owner,
      code: await newestCode(owner),
    });
    expect(confirm.statusCode).toBe(200);
    const asAttacker = await post('/public/login', {
      username: owner,
      password: 'Attacker-Chosen-2027',
    });
    expect(json(asAttacker)).toEqual({ message: english(accountMessages.loginFailed) });
    const asOwner = await post('/public/login', { username: owner, password: GOOD_PASSWORD });
    expect(asOwner.statusCode).toBe(200);
    // The owner was told, and how to take the account if the password is not theirs.
    const notice = (await mailsTo(ctx.app, owner)).find((mail) =>
      mail.text.includes('waiting for confirmation'),
    );
    expect(notice?.text).toContain(`${ORIGIN}/forgot`);
  });

  it('an address signed up by someone else first: its owner takes it with a reset, and the first password stops working', async () => {
    const owner = 'prehijack@example.com';
    await post('/public/signup', { username: owner, password: 'Attacker-Chosen-2027' });
    await post('/public/signup', { username: owner, password: GOOD_PASSWORD });
    await post('/public/forgot-password', { username: owner });
    const link = new URL(/https?:\/\/\S+/.exec((await latestMail(ctx.app, owner)).text)?.[0] ?? '');
    const reset = await post('/public/reset-password', {
      username: owner,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      id: link.searchParams.get('id'),
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/public/login', { username: owner, password: 'Attacker-Chosen-2027' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/public/login', { username: owner, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('signing up an address and logging in with that password answers alike for a new, a confirmed and a waiting address (regression: UNCONFIRMED told an unknown address from a known one)', async () => {
    await signedIn(ctx.app, 'oracle-confirmed@example.com');
    await post('/public/signup', {
      username: 'oracle-waiting@example.com',
      password: GOOD_PASSWORD,
    });
    const probe = 'Probe-Password-2027';
    const answers: unknown[] = [];
    for (const username of [
      'oracle-new@example.com',
      'oracle-confirmed@example.com',
      'oracle-waiting@example.com',
    ]) {
      const from = nextAddress();
      const signup = await post('/public/signup', { username, password: probe }, { address: from });
      const withMarker = await post(
        '/public/login',
        { username, password: probe },
        { cookie: cookieHeader(signup), address: from },
      );
      const without = await post('/public/login', { username, password: probe }, { address: from });
      answers.push([withMarker.statusCode, json(withMarker), without.statusCode, json(without)]);
    }
    expect(answers[0]).toEqual([
      400,
      { message: english(accountMessages.unconfirmed), code: 'UNCONFIRMED' },
      400,
      { message: english(accountMessages.loginFailed) },
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('wrong codes answer alike for an address with a pending code, a confirmed one and an unknown one (regression: 429 only with a pending code)', async () => {
    await post('/public/signup', {
      username: 'guess-pending@example.com',
      password: GOOD_PASSWORD,
    });
    await signedIn(ctx.app, 'guess-confirmed@example.com');
    const wrong = wrongCode(await newestCode('guess-pending@example.com'));
    const answers: unknown[] = [];
    for (const username of [
      'guess-pending@example.com',
      'guess-confirmed@example.com',
      'guess-unknown@example.com',
    ]) {
      const sequence: unknown[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await post('/public/confirm', { username, code: wrong });
        sequence.push([response.statusCode, json(response)]);
      }
      // A resend starts the guesses afresh for every address alike.
      await post('/public/resend-confirm', { username });
      const after = await post('/public/confirm', { username, code: wrong });
      sequence.push([after.statusCode, json(after)]);
      answers.push(sequence);
    }
    const codeWrong = [
      400,
      {
        message: english(accountMessages.codeWrong),
        errors: { code: [english(accountMessages.codeWrong)] },
      },
    ];
    const burned = [429, { message: english(accountMessages.codeBurned) }];
    expect(answers[0]).toEqual([
      codeWrong,
      codeWrong,
      codeWrong,
      codeWrong,
      burned,
      burned,
      codeWrong,
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('20 parallel guesses of the right code with one guess left: exactly one gets in (regression: every parallel guess was compared)', async () => {
    const username = 'parallel@example.com';
    await post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = await newestCode(username);
    for (let i = 0; i < 4; i += 1)
      expect((await post('/public/confirm', { username, code: wrongCode(code) })).statusCode).toBe(
        400,
      );
    // Twenty guesses of the right code at once: one guess is left, so one is compared; the
    // others are refused unread (429), or find the code already used (400).
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, () => post('/public/confirm', { username, code })),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 429 && status !== 400)).toEqual(
      [],
    );
  });

  it('20 parallel wrong guesses use up the code: 4 answered wrong, 16 burned, and then the right code is refused', async () => {
    const username = 'parallel-wrong@example.com';
    await post('/public/signup', { username, password: GOOD_PASSWORD });
    const code = await newestCode(username);
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, () =>
          post('/public/confirm', { username, code: wrongCode(code) }),
        ),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);
    expect((await post('/public/confirm', { username, code })).statusCode).toBe(429);
  });

  it('sign-ups, resends and forgot share one mail limit per address, whatever the client address (regression: eight sign-ups mailed eight codes)', async () => {
    const username = 'shared-limit@example.com';
    await post('/public/signup', { username, password: GOOD_PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push(
        (await post('/public/signup', { username, password: `Someone-Else-${i}-Valley` }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect((await post('/public/resend-confirm', { username })).statusCode).toBe(429);
    expect((await post('/public/forgot-password', { username })).statusCode).toBe(429);
    const mails = await mailsTo(ctx.app, username);
    expect(mails).toHaveLength(5);
    // One code only: the others' sign-ups did not give a new code (nor new guesses at one).
    expect(mails.filter((mail) => mail.subject.includes('confirmation code'))).toHaveLength(1);
  });
});
