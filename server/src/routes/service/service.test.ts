import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { answerRules, applicationMessages } from '../../services/applications.ts';
import { sha256 } from '../../services/crypto.ts';
import { SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import {
  createViewTokens,
  SERVICE_TOKEN_DEFAULT_DAYS,
  TMP_APPLICATION_DEFAULT_DAYS,
  tokenMessages,
  type ViewTokens,
} from '../../services/viewTokens.ts';
import { createTestContext, json, ORIGIN, signedIn, type TestContext } from '../../test/context.ts';
import { english } from '../../services/texts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let tokens: ViewTokens;
beforeAll(async () => {
  ctx = await createTestContext();
  tokens = createViewTokens({
    db: ctx.db,
    clock: ctx.now,
    rules: answerRules(ctx.tenant),
    ssn: ctx.ssn,
  });
});
afterAll(async () => {
  await ctx.close();
});

let applicants = 0;
/** A signed-in applicant with some answers, a chosen tab and two colleges shown. */
async function applicant(firstName: string): Promise<{ username: string; cookie: string }> {
  applicants += 1;
  const username = `service-${applicants}@example.com`;
  const cookie = await signedIn(ctx.app, username);
  const put = (url: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url, payload, headers: { cookie, origin: ORIGIN } });
  expect(
    (await put('/api/answer', { first_name: firstName, last_name: 'Tester' })).statusCode,
  ).toBe(200);
  expect(
    (await put('/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'upload' })).statusCode,
  ).toBe(200);
  return { username, cookie };
}

function serviceView(token: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`,
  });
}

interface ServiceApplication {
  answer: Record<string, string | boolean>;
  add_another: Record<string, number>;
  document_answer: Record<string, unknown>;
  tabs: Record<string, string>;
}

describe('GET /service/tmp-pdf', () => {
  it("answers SPEC §3's service temp response for the token's application only, never stored", async () => {
    const ada = await applicant('Ada');
    await applicant('Grace');
    const { token } = await tokens.createServiceToken(ada.username);
    const response = await serviceView(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const view = json<ServiceApplication>(response);
    expect(view.answer).toEqual({ first_name: 'Ada', last_name: 'Tester' });
    expect(view.tabs).toEqual({ decision_essay: 'upload' });
    expect(Object.values(view.add_another).every((count) => count === 1)).toBe(true);
    expect(Object.keys(view.add_another).length).toBeGreaterThan(0);
    expect(view.document_answer).toEqual({});
  });

  it('refuses a missing, malformed or unknown token (401) with a clear message', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/service/tmp-pdf' });
    expect(missing.statusCode).toBe(401);
    expect(json(missing).message).toBe(english(tokenMessages.serviceMissing));
    expect(missing.headers['cache-control']).toBe('no-store');
    for (const token of ['short', 'A'.repeat(43)]) {
      const response = await serviceView(token);
      expect(response.statusCode, token).toBe(401);
      expect(json(response).message).toBe(english(tokenMessages.serviceInvalid));
    }
  });

  it('grants nothing else: no writes, no other routes, whether sent as query, cookie or header (401)', async () => {
    const ada = await applicant('Ada');
    const { token } = await tokens.createServiceToken(ada.username);
    const attempts = [
      { method: 'PUT', url: `/api/answer?service_token=${token}`, headers: {} },
      { method: 'PUT', url: '/api/answer', headers: { cookie: `admit_session=${token}` } },
      { method: 'PUT', url: '/api/answer', headers: { authorization: `Bearer ${token}` } },
      { method: 'GET', url: `/api/profile?service_token=${token}`, headers: {} },
      { method: 'POST', url: `/api/submit?service_token=${token}`, headers: {} },
    ] as const;
    for (const attempt of attempts) {
      const response = await ctx.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { ...attempt.headers, origin: ORIGIN },
        ...(attempt.method === 'PUT' ? { payload: { first_name: 'Mallory' } } : {}),
      });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
      expect(json(response).message).toBe(english(SESSION_INVALID_MESSAGE));
    }
    // The service route itself takes no writes.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/service/tmp-pdf?service_token=${token}`,
      payload: { first_name: 'Mallory' },
      headers: { origin: ORIGIN },
    });
    expect(put.statusCode).toBe(404);
    expect(json<ServiceApplication>(await serviceView(token)).answer.first_name).toBe('Ada');
  });

  it(`expires after ${SERVICE_TOKEN_DEFAULT_DAYS} days by default, or as many as staff chose (403)`, async () => {
    const ada = await applicant('Ada');
    const week = await tokens.createServiceToken(ada.username);
    const day = await tokens.createServiceToken(ada.username, 1);
    expect(week.expiresAt.getTime() - ctx.now().getTime()).toBeGreaterThan(
      SERVICE_TOKEN_DEFAULT_DAYS * DAY_MS - 60_000,
    );
    ctx.advance(DAY_MS + 1000);
    const expired = await serviceView(day.token);
    expect(expired.statusCode).toBe(403);
    expect(json(expired).message).toBe(english(tokenMessages.serviceExpired));
    expect((await serviceView(week.token)).statusCode).toBe(200);
    ctx.advance(SERVICE_TOKEN_DEFAULT_DAYS * DAY_MS);
    expect((await serviceView(week.token)).statusCode).toBe(403);
  });

  it('is revoked by revoke (403), by the token or by the whole link, and again is harmless', async () => {
    const ada = await applicant('Ada');
    const first = await tokens.createServiceToken(ada.username);
    const second = await tokens.createServiceToken(ada.username);
    expect(await tokens.revoke(first.token)).toBe('service token');
    const revoked = await serviceView(first.token);
    expect(revoked.statusCode).toBe(403);
    expect(json(revoked).message).toBe(english(tokenMessages.serviceRevoked));
    // Revoking one link leaves another of the same application working.
    expect((await serviceView(second.token)).statusCode).toBe(200);
    expect(await tokens.revoke(`${ORIGIN}/?service_token=${second.token}`)).toBe('service token');
    expect((await serviceView(second.token)).statusCode).toBe(403);
    expect(await tokens.revoke(first.token)).toBe('service token');
    expect(await tokens.revoke('not-a-token')).toBeUndefined();
  });

  it('stores only the SHA-256 of a 256-bit token', async () => {
    const ada = await applicant('Ada');
    const { token } = await tokens.createServiceToken(ada.username);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.db.selectFrom('service_tokens').selectAll().execute();
    const mine = rows.filter((row) => row.token_hash.equals(sha256(token)));
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a token for an unknown applicant and an out-of-range lifetime', async () => {
    await expect(tokens.createServiceToken('nobody@example.com')).rejects.toThrow(
      english(tokenMessages.unknownUser('nobody@example.com')),
    );
    const ada = await applicant('Ada');
    await expect(tokens.createServiceToken(ada.username, 0)).rejects.toThrow(
      english(tokenMessages.days),
    );
    await expect(tokens.createServiceToken(ada.username, 91)).rejects.toThrow(
      english(tokenMessages.days),
    );
  });
});

describe("a link's refusals (the browser shows them as they are)", () => {
  it('each tells the holder what to do: ask the admissions office for a new link', async () => {
    const ada = await applicant('Ada');
    const revoked = await tokens.createServiceToken(ada.username);
    await tokens.revoke(revoked.token);
    const expiring = await tokens.createServiceToken(ada.username, 1);
    ctx.advance(DAY_MS + 1000);
    const refusals = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/service/tmp-pdf' }),
      serviceView('kq3Vb0Zr'),
      serviceView('A'.repeat(43)),
      serviceView(revoked.token),
      serviceView(expiring.token),
      ctx.app.inject({ method: 'GET', url: '/public/tmp?token=kq3Vb0Zr' }),
    ]);
    const messages = refusals.map((response) => json(response).message);
    expect(new Set(messages)).toEqual(
      new Set([
        english(tokenMessages.serviceMissing),
        english(tokenMessages.serviceInvalid),
        english(tokenMessages.serviceRevoked),
        english(tokenMessages.serviceExpired),
        english(tokenMessages.tmpInvalid),
      ]),
    );
    for (const message of messages) expect(message).toMatch(/Ask the admissions office for a new/);
  });
});

describe('GET /public/tmp', () => {
  const prefilled = { first_name: 'Maria', last_name: 'Mitchell', mailing_country: 'USA' };

  function open(token: string) {
    return ctx.app.inject({ method: 'GET', url: `/public/tmp?token=${encodeURIComponent(token)}` });
  }

  it('answers the prefilled answers, never stored by a cache', async () => {
    const { token } = await tokens.createTmpApplication(prefilled);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await open(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(json(response)).toEqual({ answer: prefilled });
  });

  it(`expires after ${TMP_APPLICATION_DEFAULT_DAYS} days by default (404, as an unknown token)`, async () => {
    const { token } = await tokens.createTmpApplication(prefilled);
    ctx.advance(TMP_APPLICATION_DEFAULT_DAYS * DAY_MS - 60_000);
    expect((await open(token)).statusCode).toBe(200);
    ctx.advance(60_000);
    const expired = await open(token);
    expect(expired.statusCode).toBe(404);
    expect(json(expired).message).toBe(english(tokenMessages.tmpInvalid));
    for (const other of ['', 'short', 'B'.repeat(43)]) {
      const response = await open(other);
      expect(response.statusCode, other).toBe(404);
      expect(json(response).message).toBe(english(tokenMessages.tmpInvalid));
    }
  });

  it('is revocable', async () => {
    const { token } = await tokens.createTmpApplication(prefilled, 3);
    expect(await tokens.revoke(token)).toBe('temporary application');
    expect((await open(token)).statusCode).toBe(404);
  });

  it("checks the answers against the college's keys when it is created", async () => {
    await expect(
      tokens.createTmpApplication({ first_name: 'Ada', favourite_colour: 'teal' }),
    ).rejects.toThrow(english(applicationMessages.unknownKeys(['favourite_colour'])));
    await expect(tokens.createTmpApplication({ first_name: 42 })).rejects.toThrow(
      english(applicationMessages.wrongType(['first_name'])),
    );
    await expect(tokens.createTmpApplication({ first_name: 'A'.repeat(46) })).rejects.toThrow(
      english(applicationMessages.tooLong(['first_name'])),
    );
    await expect(tokens.createTmpApplication(['first_name'])).rejects.toThrow(
      english(tokenMessages.answersObject),
    );
    const count = await ctx.db
      .selectFrom('tmp_applications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(3);
  });
});
