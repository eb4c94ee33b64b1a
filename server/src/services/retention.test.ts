import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestContext,
  latestCode,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../test/context.ts';
import { createHousekeeping } from './housekeeping.ts';
import { UNCONFIRMED_ACCOUNT_DAYS } from './retention.ts';

const DAY = 24 * 60 * 60_000;
const PASSWORD = 'Gallatin-Valley-2027';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let address = 0;
function signUp(username: string) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/public/signup',
    headers: { origin: ORIGIN },
    remoteAddress: `10.254.0.${address}`,
    payload: { username, password: PASSWORD },
  });
}

async function usernames(): Promise<string[]> {
  const rows = await ctx.db.selectFrom('accounts').select('username').orderBy('username').execute();
  return rows.map((row) => row.username);
}

describe('unconfirmed accounts', () => {
  it(`are deleted by housekeeping ${UNCONFIRMED_ACCOUNT_DAYS} days after sign-up; confirmed ones and fresh codes are kept`, async () => {
    const housekeeping = createHousekeeping({ db: ctx.db, clock: ctx.now });
    expect((await signUp('never.confirmed@example.com')).statusCode).toBe(200);
    expect((await signUp('signs.up.again@example.com')).statusCode).toBe(200);
    await signedIn(ctx.app, 'confirmed@example.com');

    // A day short of the limit: nothing goes.
    ctx.advance((UNCONFIRMED_ACCOUNT_DAYS - 1) * DAY);
    expect((await housekeeping()).unconfirmedAccounts).toBe(0);
    expect(await usernames()).toEqual([
      'confirmed@example.com',
      'never.confirmed@example.com',
      'signs.up.again@example.com',
    ]);

    // Past it. One of the two signed up again meanwhile: the code just mailed must still work.
    ctx.advance(2 * DAY - 60_000);
    expect((await signUp('signs.up.again@example.com')).statusCode).toBe(200);
    // Read before housekeeping prunes the outbox (its rows carry the database's time, not the test's).
    const code = await latestCode(ctx.app, 'signs.up.again@example.com');
    ctx.advance(60_000);
    expect((await housekeeping()).unconfirmedAccounts).toBe(1);
    expect(await usernames()).toEqual(['confirmed@example.com', 'signs.up.again@example.com']);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/public/confirm',
      headers: { origin: ORIGIN },
      payload: { username: 'signs.up.again@example.com', code },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    // The deleted address may sign up afresh.
    expect((await signUp('never.confirmed@example.com')).statusCode).toBe(200);
    expect(await usernames()).toContain('never.confirmed@example.com');

    // Much later, a confirmed account is never deleted by housekeeping.
    ctx.advance(400 * DAY);
    expect((await housekeeping()).unconfirmedAccounts).toBe(1);
    expect(await usernames()).toEqual(['confirmed@example.com', 'signs.up.again@example.com']);
  });
});

describe('service tokens and temporary applications', () => {
  it('are deleted by housekeeping once expired or revoked, and kept while they still work', async () => {
    const now = ctx.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const { id } = await ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'confirmed@example.com')
      .executeTakeFirstOrThrow();
    const rows = [
      { name: 'live', expires_at: at(DAY), revoked_at: null },
      { name: 'expired', expires_at: at(-60_000), revoked_at: null },
      { name: 'revoked', expires_at: at(DAY), revoked_at: at(-60_000) },
    ];
    await ctx.db
      .insertInto('service_tokens')
      .values(
        rows.map((row) => ({
          token_hash: Buffer.from(`service-${row.name}`),
          account_id: id,
          created_at: at(-DAY),
          expires_at: row.expires_at,
          revoked_at: row.revoked_at,
        })),
      )
      .execute();
    await ctx.db
      .insertInto('tmp_applications')
      .values(
        rows.map((row) => ({
          token_hash: Buffer.from(`tmp-${row.name}`),
          answers: JSON.stringify({ first_name: row.name }),
          created_at: at(-DAY),
          expires_at: row.expires_at,
          revoked_at: row.revoked_at,
        })),
      )
      .execute();

    expect((await createHousekeeping({ db: ctx.db, clock: ctx.now })()).endedTokens).toBe(4);
    const left = async (table: 'service_tokens' | 'tmp_applications') =>
      (await ctx.db.selectFrom(table).select('token_hash').execute()).map((row) =>
        row.token_hash.toString(),
      );
    expect(await left('service_tokens')).toEqual(['service-live']);
    expect(await left('tmp_applications')).toEqual(['tmp-live']);
  });
});
