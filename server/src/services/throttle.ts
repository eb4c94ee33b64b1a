/**
 * Throttles kept in the database, so they survive restarts and hold across instances:
 * a fixed window per key, counted in one statement.
 */
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { HttpError } from './errors.ts';
import { text, type Text } from './texts.ts';

export interface ThrottleRule {
  /** How many hits a window allows. */
  limit: number;
  /** The window's length. */
  windowMs: number;
}

/**
 * The 429 message, with the real wait (the Retry-After seconds) in words, rounded up: "40
 * seconds", "1 minute", "51 minutes", "23 hours"; up to two hours in minutes ("90 minutes" says
 * more than "2 hours"), then in hours.
 */
export function tooManyMessage(retryAfterSeconds: number): Text {
  if (retryAfterSeconds < 60)
    return text('server.throttle.seconds', { count: Math.max(1, Math.ceil(retryAfterSeconds)) });
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (minutes <= 120) return text('server.throttle.minutes', { count: minutes });
  return text('server.throttle.hours', { count: Math.ceil(minutes / 60) });
}

/** A 429 with `Retry-After` and a message that says how long to wait. */
export function tooManyError(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    tooManyMessage(retryAfterSeconds),
    {},
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Counts one hit on `key` atomically and answers the window's count so far (this hit
 * included) and the seconds until the window ends. Concurrent hits each get their own count:
 * a caller that allows the first N can reserve an attempt before doing the work.
 */
export async function count(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const row = await sql<{ hits: number; window_start: Date }>`
    INSERT INTO throttles (key, hits, window_start, expires_at) VALUES (${key}, 1, ${now}, ${windowEnd})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN throttles.window_start <= ${windowStart} THEN 1 ELSE throttles.hits + 1 END,
      window_start = CASE WHEN throttles.window_start <= ${windowStart} THEN ${now} ELSE throttles.window_start END,
      expires_at = CASE WHEN throttles.window_start <= ${windowStart} THEN ${windowEnd} ELSE throttles.expires_at END
    RETURNING hits, window_start
  `.execute(db);
  const state = row.rows[0];
  if (state === undefined) throw new Error(`the throttle ${key} was not counted`);
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((state.window_start.getTime() + rule.windowMs - now.getTime()) / 1000),
  );
  return { hits: state.hits, retryAfterSeconds };
}

/** Counts one hit on `key`; throws 429 with Retry-After once the window's limit is passed. */
export async function hit(db: Db, key: string, rule: ThrottleRule, now: Date): Promise<void> {
  const { hits, retryAfterSeconds } = await count(db, key, rule, now);
  if (hits > rule.limit) throw tooManyError(retryAfterSeconds);
}

/** Forgets a key's hits (e.g. failed logins after a success). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
