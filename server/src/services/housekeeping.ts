/**
 * Removes what can no longer be used, so it is not kept: sessions that ended (idle past the
 * limit, or past their absolute end; logout and reset delete theirs at once), reset links
 * that were used or expired, throttle counts whose window has passed, and outbox mail past
 * its week (the text of sent mail is already gone unless the dev mailbox is on). Each is a
 * single statement, safe to run on several instances at once. With `uploads`, also upload
 * grants past their hour and stored files nothing points at (services/uploadGrants.ts
 * `sweep`), and temporary files of writes that never finished (a crash, a kill) older than
 * `STALE_TEMPORARY_MS`, LibreOffice's work folders included (services/convert.ts). The job
 * worker runs it at start and every hour (services/jobs.ts `housekeeping`).
 *
 * Accounts never confirmed go UNCONFIRMED_ACCOUNT_DAYS after sign-up, and service tokens and
 * temporary applications once expired or revoked (services/retention.ts).
 */
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { type Clock } from './clock.ts';
import { sweepSofficeFolders } from './convert.ts';
import { type FileStore } from './files.ts';
import { pruneOutbox } from './mail.ts';
import { deleteEndedTokens, deleteUnconfirmedAccounts } from './retention.ts';
import { sessionState } from './sessions.ts';
import { deleteEndedStaffSessions } from './staff.ts';
import { type UploadGrants } from './uploadGrants.ts';

/**
 * A temporary file untouched this long belongs to no write in progress (a write of at most a
 * few megabytes takes seconds, even on a slow disk).
 */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** Rows removed, by kind: a record, as the job worker logs it. */
export type HousekeepingResult = Record<
  | 'sessions'
  | 'staffSessions'
  | 'resets'
  | 'throttles'
  | 'mail'
  | 'unconfirmedAccounts'
  | 'endedTokens',
  number
> &
  Partial<Record<'uploadGrants' | 'files' | 'temporaryFiles' | 'conversionFolders', number>>;

export function createHousekeeping(deps: {
  db: Db;
  clock: Clock;
  devMailbox?: boolean;
  uploads?: { grants: UploadGrants; files: FileStore };
}) {
  const { db, clock } = deps;
  return async function housekeeping(): Promise<HousekeepingResult> {
    const now = clock();
    const { live } = sessionState(now);
    const sessions = await sql`DELETE FROM sessions s WHERE NOT ${live}`.execute(db);
    const staffSessions = await deleteEndedStaffSessions(db, now);
    const resets = await db
      .deleteFrom('password_resets')
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
      .executeTakeFirst();
    const throttles = await db
      .deleteFrom('throttles')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    const mail = await pruneOutbox(db, now, { devMailbox: deps.devMailbox ?? false });
    const unconfirmedAccounts = await deleteUnconfirmedAccounts(db, now, deps.uploads?.files);
    const endedTokens = await deleteEndedTokens(db, now);
    const swept = await deps.uploads?.grants.sweep(deps.uploads.files);
    const temporaryFiles = await deps.uploads?.files.sweepTemporary?.(
      new Date(now.getTime() - STALE_TEMPORARY_MS),
    );
    // The system's temporary folder is shared with other processes: judged by the real time.
    const conversionFolders =
      deps.uploads === undefined
        ? undefined
        : await sweepSofficeFolders(new Date(Date.now() - STALE_TEMPORARY_MS));
    return {
      sessions: Number(sessions.numAffectedRows ?? 0n),
      staffSessions,
      resets: Number(resets.numDeletedRows),
      throttles: Number(throttles.numDeletedRows),
      mail,
      unconfirmedAccounts,
      endedTokens,
      ...(swept === undefined ? {} : { uploadGrants: swept.grants, files: swept.files }),
      ...(temporaryFiles === undefined ? {} : { temporaryFiles }),
      ...(conversionFolders === undefined ? {} : { conversionFolders }),
    };
  };
}
