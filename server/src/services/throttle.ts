/**
 * Throttles kept in the database, so they survive restarts and hold across instances:
 * a fixed window per key, counted in one statement.
 */
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

export interface ThrottleRule {
  /** How many hits a window allows. */
  limit: number;
  /** The window's length. */
  windowMs: number;
}

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/** Counts one hit on `key`; throws 429 with Retry-After once the window's limit is passed. */
export async function hit(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now: Date,
  message = TOO_MANY_MESSAGE,
): Promise<void> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const row = await sql<{ hits: number; window_start: Date }>`
    INSERT INTO throttles (key, hits, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN throttles.window_start <= ${windowStart} THEN 1 ELSE throttles.hits + 1 END,
      window_start = CASE WHEN throttles.window_start <= ${windowStart} THEN ${now} ELSE throttles.window_start END
    RETURNING hits, window_start
  `.execute(db);
  const state = row.rows[0];
  if (state !== undefined && state.hits > rule.limit) {
    const retryAfter = Math.max(
      1,
      Math.ceil((state.window_start.getTime() + rule.windowMs - now.getTime()) / 1000),
    );
    throw new HttpError(429, message, {}, { 'retry-after': String(retryAfter) });
  }
}

/** Forgets a key's hits (e.g. failed logins after a success). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
