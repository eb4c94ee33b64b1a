/**
 * Sessions: a 256-bit token in an httpOnly cookie, stored hashed. Idle timeout 15 minutes
 * (SPEC §9) and an absolute limit, both enforced here; logout and reset end sessions here.
 */
import { type RawBuilder, sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { createBatcher } from './batch.ts';
import { type Clock } from './clock.ts';
import { randomToken, sha256 } from './crypto.ts';

/** SPEC §9: inactivity timeout 900000 ms. */
export const SESSION_IDLE_MS = 900_000;
/** However active, a session ends after 12 hours. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often (saves a write per request). */
const TOUCH_EVERY_MS = 30_000;

export interface SessionAccount {
  accountId: string;
  username: string;
  /**
   * How long the session lives without another request, in ms (its idle end, or its absolute
   * end when that comes first). The browser's idle prompt counts down from it (SPEC §4).
   */
  msLeft?: number;
}

interface SessionRow {
  token_hash: Buffer;
  account_id: string;
  live: boolean;
  stale: boolean;
  username: string;
  language: string | null;
  last_seen_at: Date;
  expires_at: Date;
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
 * The one rule of a session's life, as SQL over a row of `sessions` aliased `s`, at `now`:
 * `live` while it was last seen within the idle limit and has not reached its absolute end;
 * `stale` when it was last seen long enough ago to be refreshed (`touch`). `authenticate` and
 * the batched save (services/applications.ts), which checks the session inside its own
 * statement, both decide with it.
 */
export function sessionState(now: Date): { live: RawBuilder<boolean>; stale: RawBuilder<boolean> } {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const touchBefore = new Date(now.getTime() - TOUCH_EVERY_MS);
  return {
    live: sql<boolean>`(s.last_seen_at >= ${idleSince} AND s.expires_at > ${now})`,
    stale: sql<boolean>`(s.last_seen_at < ${touchBefore})`,
  };
}

/**
 * How long a live session lives without another request (ms) once this request is recorded:
 * a stale session is touched now, so its idle clock restarts; a fresh one (seen under 30 s
 * ago) was not, and ends earlier than this request alone would suggest.
 */
export function sessionMsLeft(
  session: { stale: boolean; last_seen_at: Date; expires_at: Date },
  now: number,
): number {
  const seen = session.stale ? now : session.last_seen_at.getTime();
  return Math.max(0, Math.min(seen + SESSION_IDLE_MS, session.expires_at.getTime()) - now);
}

export function createSessions(db: Db, clock: Clock) {
  // Every authenticated call looks its session up: the lookups that arrive together are one
  // query (services/batch.ts), so a busy server does not pay a round trip per request.
  const findSessions = createBatcher(
    async (hashes: readonly Buffer[]): Promise<(SessionRow | undefined)[]> => {
      const { live, stale } = sessionState(clock());
      const { rows } = await sql<SessionRow>`
        SELECT s.token_hash, s.account_id, ${live} AS live, ${stale} AS stale, a.username,
               a.language, s.last_seen_at, s.expires_at
        FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.token_hash = ANY(${hashes}::bytea[])
      `.execute(db);
      const byHash = new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
      return hashes.map((hash) => byHash.get(hash.toString('hex')));
    },
    { maxSize: 500, concurrency: 1 },
  );

  async function touch(hash: Buffer): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: clock() })
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
      const row = await findSessions(hash);
      if (row === undefined) return undefined;
      if (!row.live) {
        await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
        return undefined;
      }
      if (row.stale) await touch(hash);
      const msLeft = sessionMsLeft(row, clock().getTime());
      return { accountId: row.account_id, username: row.username, msLeft };
    },

    /** Records that the session under `hash` was used now (the idle clock restarts). */
    touch,

    /**
     * The language of a live session's account (migration 011), or undefined: a request with
     * neither `?lang` nor the language cookie speaks it (plugins/app/language.ts).
     */
    async languageOf(token: string | undefined): Promise<string | undefined> {
      const hash = sessionKey(token);
      if (hash === undefined) return undefined;
      const row = await findSessions(hash);
      return row?.live === true ? (row.language ?? undefined) : undefined;
    },

    /** Ends one session. Returns its account's id, or undefined when there was none. */
    async destroy(token: string | undefined): Promise<string | undefined> {
      if (token === undefined) return undefined;
      const ended = await db
        .deleteFrom('sessions')
        .where('token_hash', '=', sha256(token))
        .returning('account_id')
        .executeTakeFirst();
      return ended?.account_id;
    },

    /** Ends every session of an account (password reset). */
    async destroyAll(accountId: string): Promise<void> {
      await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
