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
const TOUCH_EVERY_MS = 30_000;

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
      if (token === undefined || token.length < 32 || token.length > 64) return undefined;
      const now = clock();
      const hash = sha256(token);
      const row = await findSessions(hash);
      if (row === undefined) return undefined;
      const idleFor = now.getTime() - row.last_seen_at.getTime();
      if (idleFor > SESSION_IDLE_MS || now >= row.expires_at) {
        await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
        return undefined;
      }
      if (idleFor > TOUCH_EVERY_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now })
          .where('token_hash', '=', hash)
          .execute();
      }
      return { accountId: row.account_id, username: row.username };
    },

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
