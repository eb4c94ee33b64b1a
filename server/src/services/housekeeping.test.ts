import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '../test/context.ts';
import { createHousekeeping } from './housekeeping.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.ts';

const MINUTE = 60_000;

let ctx: TestContext;
let accountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ id: accountId } = await ctx.db
    .insertInto('accounts')
    .values({ username: 'ada@example.com', password_hash: '!' })
    .returning('id')
    .executeTakeFirstOrThrow());
});

afterAll(async () => {
  await ctx.close();
});

const key = () => randomBytes(32);

async function remaining(table: 'sessions' | 'password_resets'): Promise<string[]> {
  const rows = await ctx.db.selectFrom(table).select('token_hash').execute();
  return rows.map((row) => row.token_hash.toString('hex')).sort();
}

describe('housekeeping', () => {
  it('removes ended sessions, spent or expired reset links and passed throttle windows, and keeps the rest', async () => {
    const now = ctx.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const [live, idle, expired] = [key(), key(), key()];
    await ctx.db
      .insertInto('sessions')
      .values([
        // Seen 14 minutes ago: one minute from its idle limit, still usable.
        {
          token_hash: live,
          account_id: accountId,
          created_at: ago(60 * MINUTE),
          last_seen_at: ago(14 * MINUTE),
          expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS - 60 * MINUTE),
        },
        {
          token_hash: idle,
          account_id: accountId,
          created_at: ago(60 * MINUTE),
          last_seen_at: ago(SESSION_IDLE_MS + MINUTE),
          expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS - 60 * MINUTE),
        },
        {
          token_hash: expired,
          account_id: accountId,
          created_at: ago(SESSION_ABSOLUTE_MS + MINUTE),
          last_seen_at: ago(MINUTE),
          expires_at: ago(MINUTE),
        },
      ])
      .execute();
    const [usable, used, old] = [key(), key(), key()];
    await ctx.db
      .insertInto('password_resets')
      .values([
        { token_hash: usable, account_id: accountId, expires_at: new Date(now.getTime() + MINUTE) },
        {
          token_hash: used,
          account_id: accountId,
          expires_at: new Date(now.getTime() + MINUTE),
          used_at: ago(MINUTE),
        },
        { token_hash: old, account_id: accountId, expires_at: ago(MINUTE) },
      ])
      .execute();
    await ctx.db
      .insertInto('throttles')
      .values([
        {
          key: 'login:current',
          hits: 3,
          window_start: ago(10 * MINUTE),
          expires_at: new Date(now.getTime() + 5 * MINUTE),
        },
        {
          key: 'signup:passed',
          hits: 20,
          window_start: ago(61 * MINUTE),
          expires_at: ago(MINUTE),
        },
      ])
      .execute();

    const removed = await createHousekeeping({ db: ctx.db, clock: ctx.now })();

    expect(removed).toEqual({
      sessions: 2,
      staffSessions: 0,
      resets: 2,
      throttles: 1,
      mail: 0,
      unconfirmedAccounts: 0,
      endedTokens: 0,
    });
    expect(await remaining('sessions')).toEqual([live.toString('hex')]);
    expect(await remaining('password_resets')).toEqual([usable.toString('hex')]);
    const throttles = await ctx.db.selectFrom('throttles').select('key').execute();
    expect(throttles).toEqual([{ key: 'login:current' }]);
  });

  it('runs in the job worker, so a server removes them without being asked', async () => {
    const idle = key();
    await ctx.db
      .insertInto('sessions')
      .values({
        token_hash: idle,
        account_id: accountId,
        created_at: ctx.now(),
        last_seen_at: ctx.now(),
        expires_at: new Date(ctx.now().getTime() + SESSION_ABSOLUTE_MS),
      })
      .execute();
    ctx.advance(SESSION_IDLE_MS + MINUTE);
    ctx.app.jobs.start();
    try {
      for (let waited = 0; (await remaining('sessions')).includes(idle.toString('hex'));) {
        if ((waited += 50) > 5000) throw new Error('the worker never removed the idle session');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await ctx.app.jobs.stop();
    }
    // The clock moved past the idle limit of every session, the one left by the test above too.
    expect(await remaining('sessions')).toEqual([]);
  });
});
