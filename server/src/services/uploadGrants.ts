/**
 * Upload grants: the permission a presigned POST carries, recorded in the database when the
 * URL is handed out, so that it is used once and then ends. A grant is `issued` (its policy may
 * write the file once), `uploaded` (the embedded storage endpoint wrote it: a second write is
 * refused), `converted` (a conversion request took the file) or `superseded` (a newer grant for
 * the same question, or the document was deleted). Uploads are refused after submission.
 *
 * On S3 the browser posts to the bucket, which knows nothing of grants: there the conversion
 * request is the gate (services/documents.ts), and the housekeeping sweep (`sweep`) removes
 * what was written that no document points at. See server/README.md, "Upload grants".
 */
import { type Kysely } from 'kysely';

import { type Db } from '../db/database.ts';
import { type Database } from '../db/schema.ts';
import { text } from './texts.ts';
import { applicationMessages } from './applications.ts';
import { type Clock } from './clock.ts';
import { HttpError } from './errors.ts';
import { type FileStore, type StoredFile } from './files.ts';
import { randomToken } from './crypto.ts';

/** A presigned upload may be turned into a document for an hour after it was handed out. */
export const UPLOAD_GRANT_TTL_MS = 60 * 60_000;
/**
 * Presigned URLs per applicant in any hour. An applicant re-choosing a file a few times uses a
 * handful; 30 leaves room for many more and bounds what one account can make the store hold.
 */
export const PRESIGN_LIMIT = 30;
export const PRESIGN_WINDOW_MS = 60 * 60_000;
/**
 * Files under `originals/` and `converted/` are written just before the commit that points a
 * document at them: the sweep leaves a file that young alone, whatever the rows say yet.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** Keys listed and checked against the database together by the sweep. */
const SWEEP_PAGE = 500;

/** Where presigned uploads land; nothing else is written there. */
export const UPLOADS_PREFIX = 'uploads/';
/** The checked bytes of each document (services/documents.ts). */
export const ORIGINALS_PREFIX = 'originals/';
/** Each document's PDF (services/documents.ts). */
export const CONVERTED_PREFIX = 'converted/';

export const uploadMessages = {
  tooMany: (minutes: number) => text('server.uploads.tooMany', { minutes }),
  alreadyUploaded: text('server.uploads.alreadyUploaded'),
  superseded: text('server.uploads.superseded'),
  ended: text('server.uploads.ended'),
} as const;

/** The server-chosen key of a new upload: unguessable, and never handed out twice. */
export function uploadKey(accountId: string, answerKey: string): string {
  return `${UPLOADS_PREFIX}${accountId}/${answerKey}/${randomToken(18)}`;
}

/** What the sweep removed, by kind. */
export interface SweepResult {
  grants: number;
  files: number;
}

async function* pages<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let page: T[] = [];
  for await (const item of items) {
    page.push(item);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

export function createUploadGrants(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const liveSince = (now: Date) => new Date(now.getTime() - UPLOAD_GRANT_TTL_MS);

  /** Ends the applicant's unconverted grants for `answerKey`; returns their keys. */
  async function supersede(
    trx: Kysely<Database>,
    accountId: string,
    answerKey: string,
  ): Promise<string[]> {
    const rows = await trx
      .updateTable('upload_grants')
      .set({ state: 'superseded' })
      .where('account_id', '=', accountId)
      .where('answer_key', '=', answerKey)
      .where('state', 'in', ['issued', 'uploaded'])
      .returning('file_key')
      .execute();
    return rows.map((row) => row.file_key);
  }

  return {
    supersede,

    /**
     * Records a new grant for `answerKey` and supersedes the applicant's unconverted ones for
     * it; 429 with Retry-After past PRESIGN_LIMIT in PRESIGN_WINDOW_MS. Run it in a transaction
     * that holds the application row, so one applicant's presigns are counted one at a time.
     * Returns the new key and the keys whose files are no longer wanted.
     */
    async issue(
      trx: Kysely<Database>,
      accountId: string,
      answerKey: string,
      policyTtlMs: number,
    ): Promise<{ key: string; superseded: string[] }> {
      const now = clock();
      const recent = await trx
        .selectFrom('upload_grants')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('account_id', '=', accountId)
        .where('created_at', '>', new Date(now.getTime() - PRESIGN_WINDOW_MS))
        .executeTakeFirstOrThrow();
      if (recent.count >= PRESIGN_LIMIT) {
        // The real wait: until the oldest grant of the window leaves it.
        const oldest = recent.oldest.getTime();
        const seconds = Math.max(1, Math.ceil((oldest + PRESIGN_WINDOW_MS - now.getTime()) / 1000));
        throw new HttpError(
          429,
          uploadMessages.tooMany(Math.ceil(seconds / 60)),
          {},
          { 'retry-after': String(seconds) },
        );
      }
      const superseded = await supersede(trx, accountId, answerKey);
      const key = uploadKey(accountId, answerKey);
      await trx
        .insertInto('upload_grants')
        .values({
          file_key: key,
          account_id: accountId,
          answer_key: answerKey,
          created_at: now,
          policy_expires_at: new Date(now.getTime() + policyTtlMs),
        })
        .execute();
      return { key, superseded };
    },

    /**
     * Whether `fileKey` is a grant of this applicant and question that a conversion request
     * may still take: issued or uploaded, within UPLOAD_GRANT_TTL_MS.
     */
    async usable(accountId: string, answerKey: string, fileKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('upload_grants')
        .select('file_key')
        .where('file_key', '=', fileKey)
        .where('account_id', '=', accountId)
        .where('answer_key', '=', answerKey)
        .where('state', 'in', ['issued', 'uploaded'])
        .where('created_at', '>=', liveSince(clock()))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Takes the grant for a conversion, exactly once even under a race; false if it cannot. */
    async consume(
      trx: Kysely<Database>,
      accountId: string,
      answerKey: string,
      fileKey: string,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('upload_grants')
        .set({ state: 'converted' })
        .where('file_key', '=', fileKey)
        .where('account_id', '=', accountId)
        .where('answer_key', '=', answerKey)
        .where('state', 'in', ['issued', 'uploaded'])
        .where('created_at', '>=', liveSince(clock()))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * The embedded storage endpoint's gate: `write` runs only for a key with an issued grant
     * whose policy is still running, of an application not submitted, and then the grant is
     * `uploaded`, so the key is written once. The grant row stays locked while the file is
     * written: a second POST of the same form waits and is then refused; a submission waits
     * for the write (and an upload after it is refused). Nothing is written on a refusal.
     */
    async writeOnce(key: string, write: () => Promise<void>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const grant = await trx
          .selectFrom('upload_grants')
          .select(['account_id', 'state', 'policy_expires_at'])
          .where('file_key', '=', key)
          .forUpdate()
          .executeTakeFirst();
        if (grant === undefined) throw new HttpError(403, uploadMessages.ended);
        // KEY SHARE: answer saves go on meanwhile; only a submission (FOR UPDATE) waits.
        const application = await trx
          .selectFrom('applications')
          .select('submitted_at')
          .where('account_id', '=', grant.account_id)
          .forKeyShare()
          .executeTakeFirst();
        if (application === undefined) throw new HttpError(403, uploadMessages.ended);
        if (application.submitted_at !== null)
          throw new HttpError(409, applicationMessages.alreadySubmitted);
        if (grant.state === 'uploaded' || grant.state === 'converted')
          throw new HttpError(409, uploadMessages.alreadyUploaded);
        if (grant.state === 'superseded') throw new HttpError(403, uploadMessages.superseded);
        const now = clock();
        if (now.getTime() >= grant.policy_expires_at.getTime())
          throw new HttpError(403, uploadMessages.ended);
        await write();
        await trx
          .updateTable('upload_grants')
          .set({ state: 'uploaded', uploaded_at: now })
          .where('file_key', '=', key)
          .execute();
      });
    },

    /**
     * Housekeeping: removes grants past their hour, files under `uploads/` whose grant has
     * ended and that no document points at (superseded, converted and copied, never used,
     * or written to S3 after their grant ended), and files under `originals/` and `converted/`
     * that no document points at (left by a crash between a write and its commit).
     */
    async sweep(files: FileStore): Promise<SweepResult> {
      const now = clock();
      const ended = await db
        .deleteFrom('upload_grants')
        .where(
          'created_at',
          '<',
          new Date(now.getTime() - Math.max(UPLOAD_GRANT_TTL_MS, PRESIGN_WINDOW_MS)),
        )
        .executeTakeFirst();

      const referenced = async (keys: string[]): Promise<Set<string>> => {
        const rows = await db
          .selectFrom('documents')
          .select(['original_key', 'converted_key'])
          .where((eb) => eb.or([eb('original_key', 'in', keys), eb('converted_key', 'in', keys)]))
          .execute();
        return new Set(rows.flatMap((row) => [row.original_key, row.converted_key ?? '']));
      };
      let removed = 0;
      const remove = async (page: StoredFile[], keep: Set<string>) => {
        for (const { key } of page) {
          if (keep.has(key)) continue;
          await files.delete(key);
          removed += 1;
        }
      };

      for await (const page of pages(files.list(UPLOADS_PREFIX), SWEEP_PAGE)) {
        const keys = page.map((file) => file.key);
        const live = await db
          .selectFrom('upload_grants')
          .select('file_key')
          .where('file_key', 'in', keys)
          .where('state', 'in', ['issued', 'uploaded'])
          .where('created_at', '>=', liveSince(now))
          .execute();
        const keep = await referenced(keys);
        for (const row of live) keep.add(row.file_key);
        await remove(page, keep);
      }
      const graceSince = now.getTime() - ORPHAN_GRACE_MS;
      for (const prefix of [ORIGINALS_PREFIX, CONVERTED_PREFIX]) {
        for await (const listed of pages(files.list(prefix), SWEEP_PAGE)) {
          const page = listed.filter((file) => file.modifiedAt.getTime() < graceSince);
          if (page.length === 0) continue;
          await remove(page, await referenced(page.map((file) => file.key)));
        }
      }
      return { grants: Number(ended.numDeletedRows), files: removed };
    },
  };
}

export type UploadGrants = ReturnType<typeof createUploadGrants>;
