/**
 * Removes what can no longer be used, so it is not kept: sessions that ended (idle past the
 * limit, or past their absolute end; logout and reset delete theirs at once), reset links
 * that were used or expired, and throttle counts whose window has passed. Each is a single
 * DELETE, safe to run on several instances at once. With `uploads`, also upload grants past
 * their hour and stored files nothing points at (services/uploadGrants.ts `sweep`). The job
 * worker runs it every hour (services/jobs.ts `housekeeping`).
 */
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { THROTTLES } from './accounts.ts';
import { type Clock } from './clock.ts';
import { type FileStore } from './files.ts';
import { sessionState } from './sessions.ts';
import { type UploadGrants } from './uploadGrants.ts';

/** The longest throttle window: a count older than this no longer limits anyone. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(THROTTLES).map((rule) => rule.windowMs));

/** Rows removed, by kind: a record, as the job worker logs it. */
export type HousekeepingResult = Record<'sessions' | 'resets' | 'throttles', number> &
  Partial<Record<'uploadGrants' | 'files', number>>;

export function createHousekeeping(deps: {
  db: Db;
  clock: Clock;
  uploads?: { grants: UploadGrants; files: FileStore };
}) {
  const { db, clock } = deps;
  return async function housekeeping(): Promise<HousekeepingResult> {
    const now = clock();
    const { live } = sessionState(now);
    const sessions = await sql`DELETE FROM sessions s WHERE NOT ${live}`.execute(db);
    const resets = await db
      .deleteFrom('password_resets')
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
      .executeTakeFirst();
    const throttles = await db
      .deleteFrom('throttles')
      .where('window_start', '<', new Date(now.getTime() - LONGEST_WINDOW_MS))
      .executeTakeFirst();
    const swept = await deps.uploads?.grants.sweep(deps.uploads.files);
    return {
      sessions: Number(sessions.numAffectedRows ?? 0n),
      resets: Number(resets.numDeletedRows),
      throttles: Number(throttles.numDeletedRows),
      ...(swept === undefined ? {} : { uploadGrants: swept.grants, files: swept.files }),
    };
  };
}
