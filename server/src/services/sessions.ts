/**
 * Sessions: a 256-bit token in an httpOnly cookie, stored hashed. Idle timeout 15 minutes
 * (SPEC §9) and an absolute limit, both enforced here; logout and reset end sessions here.
 */
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { createBatcher } from './batch.ts';
import { type Clock } from './clock.ts';
import { randomToken, sha256 } from './crypto.ts';

/** SPEC §9: inactivity timeout 900000 ms. */
export const SESSION_IDLE_MS = 900_000;
/** However active, a session ends after 12 hours. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often (saves a write per request). */
export const TOUCH_EVERY_MS = 30_000;

export interface SessionAccount {
  accountId: string;
  username: string;
}

interface SessionRow {
  token_hash: Buffer;
  account_id: string;
  last_seen_at: Date;
  expires_at: Date;
  username: string;
}

/**
 * The key a session is stored under, or undefined for a token that cannot be one of ours
 * (missing, or not the length `randomToken` makes): such a token never costs a query.
 */
export function sessionKey(token: string | undefined): Buffer | undefined {
  return couldBeSession(token) ? sha256(token) : undefined;
}

/** Whether `token` has the shape of a session token (it may still be unknown or dead). */
export function couldBeSession(token: string | undefined): token is string {
  return token !== undefined && token.length >= 32 && token.length <= 64;
}

/**
 * The instants that decide a session at `now`: it is live while last seen at or after
 * `idleSince` and `now` is before its expiry; it is refreshed when last seen before
 * `touchBefore`. Statements that check a session inside another (the batched save of
 * services/applications.ts) use these, so both agree with `authenticate`.
 */
export function sessionWindow(now: Date): { now: Date; idleSince: Date; touchBefore: Date } {
  return {
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
    touchBefore: new Date(now.getTime() - TOUCH_EVERY_MS),
  };
}

export function createSessions(db: Db, clock: Clock) {
  // Every authenticated call looks its session up: the lookups that arrive together are one
  // query (services/batch.ts), so a busy server does not pay a round trip per request.
  const findSessions = createBatcher(
    async (hashes: readonly Buffer[]): Promise<(SessionRow | undefined)[]> => {
      const { rows } = await sql<SessionRow>`
        SELECT s.token_hash, s.account_id, s.last_seen_at, s.expires_at, a.username
        FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.token_hash = ANY(${hashes}::bytea[])
      `.execute(db);
      const byHash = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
      return hashes.map((hash) => byHash.get(hash.toString('hex')));
    },
    { maxSize: 500, concurrency: 1 },
  );

  async function touch(hash: Buffer, now: Date = clock()): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', hash)
      .execute();
  }

  return {
    /** Starts a session for the account; returns the token for the cookie. */
    async create(accountId: string): Promise<string> {
      const token = randomToken();
      const now = clock();
      await db
        .insertInto('sessions')
        .values({
          token_hash: sha256(token),
          account_id: accountId,
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
        })
        .execute();
      return token;
    },

    /** The account of a live session, or undefined (unknown, idle too long, or expired). */
    async authenticate(token: string | undefined): Promise<SessionAccount | undefined> {
      const hash = sessionKey(token);
      if (hash === undefined) return undefined;
      const now = clock();
      const row = await findSessions(hash);
      if (row === undefined) return undefined;
      const idleFor = now.getTime() - row.last_seen_at.getTime();
      if (idleFor > SESSION_IDLE_MS || now >= row.expires_at) {
        await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
        return undefined;
      }
      if (idleFor > TOUCH_EVERY_MS) await touch(hash, now);
      return { accountId: row.account_id, username: row.username };
    },

    /** Records that the session under `hash` was used at `now` (the idle clock restarts). */
    touch,

    /** Ends one session. Returns whether it existed. */
    async destroy(token: string | undefined): Promise<boolean> {
      if (token === undefined) return false;
      const result = await db
        .deleteFrom('sessions')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Ends every session of an account (password reset). */
    async destroyAll(accountId: string): Promise<void> {
      await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
