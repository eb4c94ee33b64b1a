/**
 * How long applicants' data is kept (docs/operations/backup.md, "Retention"): applications and
 * their accounts until the college purges them (`npm run admin -- purge`), and accounts never
 * confirmed for UNCONFIRMED_ACCOUNT_DAYS, after which housekeeping deletes them by itself.
 *
 * Deleting an account deletes every row that belongs to it (each table's foreign key cascades
 * from accounts), the jobs and mail queued for it, and then its stored files. Files go after
 * the rows commit: a crash in between leaves files nothing points at, which the housekeeping
 * sweep removes, and never a row pointing at a missing file.
 */
import { DERIVED_WEB_STATUSES, type DerivedWebStatus } from '@admit/form-model';
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { type FileStore } from './files.ts';
import { CONVERTED_PREFIX, ORIGINALS_PREFIX, UPLOADS_PREFIX } from './uploadGrants.ts';

/** An account nobody confirmed is deleted this many days after it was created. */
export const UNCONFIRMED_ACCOUNT_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
/** Accounts deleted per transaction: a purge of thousands never holds a long lock. */
const BATCH = 200;
/** Where an account's application PDFs are kept (services/pdf.ts). */
const APPLICATION_PDF_PREFIX = 'application-pdf/';

/** Where an applicant stands (SPEC §4); its index is the status's level. */
export type ApplicationStatus = DerivedWebStatus;
const STATUS_LEVELS = DERIVED_WEB_STATUSES;

export interface PurgeCandidate {
  accountId: string;
  username: string;
  status: ApplicationStatus;
  /** The latest of sign-up, the last save, the last status and the last document change. */
  lastChange: Date;
  reference: string | null;
}

/**
 * The accounts whose application last changed before `before`, with one of `statuses` (all
 * when empty), oldest first. `ids` narrows to those accounts (the recheck under lock).
 */
function candidatesQuery(
  db: Db,
  before: Date,
  statuses: readonly ApplicationStatus[],
  ids?: readonly string[],
) {
  const levels = statuses.map((status) => STATUS_LEVELS.indexOf(status));
  return sql<{
    account_id: string;
    username: string;
    level: number;
    last_change: Date;
    reference: string | null;
  }>`
    SELECT * FROM (
      SELECT accounts.id AS account_id, accounts.username::text AS username,
        applications.reference,
        coalesce(status.level, 0)::int AS level,
        greatest(accounts.created_at, applications.updated_at, status.last_at, docs.last_at)
          AS last_change
      FROM accounts
      LEFT JOIN applications ON applications.account_id = accounts.id
      LEFT JOIN LATERAL (
        SELECT max(CASE web_status WHEN 'started' THEN 1 WHEN 'validating' THEN 2 ELSE 3 END)
          AS level, max(created_at) AS last_at
        FROM web_statuses WHERE web_statuses.account_id = accounts.id
      ) AS status ON true
      LEFT JOIN LATERAL (
        SELECT max(updated_at) AS last_at FROM documents WHERE documents.account_id = accounts.id
      ) AS docs ON true
      ${ids === undefined ? sql`` : sql`WHERE accounts.id = ANY(${[...ids]}::uuid[])`}
    ) AS summary
    WHERE last_change < ${before}
      ${levels.length === 0 ? sql`` : sql`AND level = ANY(${levels}::int[])`}
    ORDER BY last_change, username
  `.execute(db);
}

/** What `purge --dry-run` lists and `purge` deletes. */
export async function purgeCandidates(
  db: Db,
  options: { before: Date; statuses?: readonly ApplicationStatus[] },
): Promise<PurgeCandidate[]> {
  const result = await candidatesQuery(db, options.before, options.statuses ?? []);
  return result.rows.map((row) => ({
    accountId: row.account_id,
    username: row.username,
    status: STATUS_LEVELS[row.level] ?? 'none',
    lastChange: row.last_change,
    reference: row.reference,
  }));
}

export interface DeletionCounts {
  accounts: number;
  documents: number;
  files: number;
}

/**
 * Deletes the accounts of `ids` that `recheck` still answers (run in the deleting transaction,
 * with the applications locked: a save that came in meanwhile keeps its applicant), with every
 * row of theirs, their queued jobs and mail; then their files from `files`.
 */
export async function deleteAccounts(
  db: Db,
  files: FileStore | undefined,
  ids: readonly string[],
  recheck: (trx: Db, ids: readonly string[]) => Promise<string[]>,
): Promise<DeletionCounts> {
  const counts: DeletionCounts = { accounts: 0, documents: 0, files: 0 };
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const { deleted, keys } = await db.transaction().execute(async (trx) => {
      // A save, an upload or a submission in flight commits first, or waits and then finds
      // no application (and answers as for a deleted account).
      await trx
        .selectFrom('applications')
        .select('account_id')
        .where('account_id', 'in', batch)
        .forUpdate()
        .execute();
      const still = await recheck(trx, batch);
      if (still.length === 0) return { deleted: [] as string[], keys: [] as string[] };
      const documents = await trx
        .selectFrom('documents')
        .select(['original_key', 'converted_key', 'upload_key'])
        .where('account_id', 'in', still)
        .execute();
      counts.documents += documents.length;
      const pdfs = await trx
        .selectFrom('application_pdfs')
        .select('file_key')
        .where('account_id', 'in', still)
        .execute();
      const grants = await trx
        .selectFrom('upload_grants')
        .select('file_key')
        .where('account_id', 'in', still)
        .execute();
      const usernames = await trx
        .selectFrom('accounts')
        .select(sql<string>`username::text`.as('username'))
        .where('id', 'in', still)
        .execute();
      const recipients = usernames.map((row) => row.username.toLowerCase());
      // Jobs name their subject in the payload, not by a foreign key: a conversion its account,
      // a mail its outbox row (a code or a receipt to the applicant, a notice about them).
      await sql`
        DELETE FROM jobs
        WHERE payload->>'accountId' = ANY(${still}::text[])
          OR (payload ? 'outboxId' AND (payload->>'outboxId') IN (
            SELECT id::text FROM mail_outbox
            WHERE account_id = ANY(${still}::uuid[]) OR lower(recipient) = ANY(${recipients}::text[])
          ))
      `.execute(trx);
      await sql`DELETE FROM mail_outbox WHERE lower(recipient) = ANY(${recipients}::text[])`.execute(
        trx,
      );
      await trx.deleteFrom('accounts').where('id', 'in', still).execute();
      const keys = [
        ...documents.flatMap((row) => [row.original_key, row.converted_key, row.upload_key]),
        ...pdfs.map((row) => row.file_key),
        ...grants.map((row) => row.file_key),
      ].filter((key): key is string => typeof key === 'string');
      return { deleted: still, keys };
    });
    counts.accounts += deleted.length;
    if (files === undefined) continue;
    // After the commit: a crash here leaves orphans for the sweep, never a dangling row.
    const removed = new Set<string>();
    const remove = async (key: string) => {
      if (removed.has(key)) return;
      removed.add(key);
      if ((await files.size(key)) === undefined) return;
      await files.delete(key);
      counts.files += 1;
    };
    for (const key of keys) await remove(key);
    // Whatever else was kept under the account's folders (an upload never turned into a
    // document, a PDF of before): keys name their account.
    for (const accountId of deleted)
      for (const prefix of [
        UPLOADS_PREFIX,
        ORIGINALS_PREFIX,
        CONVERTED_PREFIX,
        APPLICATION_PDF_PREFIX,
      ])
        for await (const file of files.list(`${prefix}${accountId}/`)) await remove(file.key);
  }
  return counts;
}

/**
 * Application PDFs of accounts that no longer exist: left when a purge or housekeeping
 * stopped between its commit and its file deletions. (The housekeeping sweep covers uploads,
 * originals and conversions; application PDFs are kept per account, so they are swept here.)
 */
async function sweepApplicationPdfs(db: Db, files: FileStore): Promise<number> {
  const byAccount = new Map<string, string[]>();
  for await (const file of files.list(APPLICATION_PDF_PREFIX)) {
    const accountId = file.key.slice(APPLICATION_PDF_PREFIX.length).split('/')[0] ?? '';
    byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), file.key]);
  }
  const ids = [...byAccount.keys()].filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (ids.length === 0) return 0;
  const existing = new Set(
    (await db.selectFrom('accounts').select('id').where('id', 'in', ids).execute()).map(
      (row) => row.id,
    ),
  );
  let removed = 0;
  for (const id of ids) {
    if (existing.has(id)) continue;
    for (const key of byAccount.get(id) ?? []) {
      await files.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/** `purge`: deletes what purgeCandidates lists, checking each again under lock. */
export async function purgeApplications(
  db: Db,
  files: FileStore | undefined,
  options: { before: Date; statuses?: readonly ApplicationStatus[] },
): Promise<DeletionCounts & { candidates: PurgeCandidate[] }> {
  const candidates = await purgeCandidates(db, options);
  if (files !== undefined) await sweepApplicationPdfs(db, files);
  const counts = await deleteAccounts(
    db,
    files,
    candidates.map((candidate) => candidate.accountId),
    async (trx, ids) =>
      (await candidatesQuery(trx, options.before, options.statuses ?? [], ids)).rows.map(
        (row) => row.account_id,
      ),
  );
  return { ...counts, candidates };
}

/**
 * Housekeeping: deletes service tokens and temporary applications (prefilled answers) once
 * they expired or were revoked: they can no longer open anything, and a temporary
 * application holds personal data.
 */
export async function deleteEndedTokens(db: Db, now: Date): Promise<number> {
  const ended = (table: 'service_tokens' | 'tmp_applications') =>
    db
      .deleteFrom(table)
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
      .executeTakeFirst();
  const [service, tmp] = await Promise.all([ended('service_tokens'), ended('tmp_applications')]);
  return Number(service.numDeletedRows) + Number(tmp.numDeletedRows);
}

/**
 * Housekeeping: deletes accounts never confirmed UNCONFIRMED_ACCOUNT_DAYS after they were
 * made, unless a confirmation code sent since is still good (someone signed up again and may
 * be typing it). Such an account cannot log in, so it holds no answers or files of its own.
 */
export async function deleteUnconfirmedAccounts(
  db: Db,
  now: Date,
  files?: FileStore,
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * DAY_MS);
  const stale = (executor: Db, ids?: readonly string[]) =>
    executor
      .selectFrom('accounts')
      .select('id')
      .where('confirmed_at', 'is', null)
      .where('created_at', '<', cutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('confirmation_codes')
              .select('account_id')
              .whereRef('confirmation_codes.account_id', '=', 'accounts.id')
              .where('confirmation_codes.expires_at', '>', now),
          ),
        ),
      )
      .$if(ids !== undefined, (query) => query.where('id', 'in', ids ?? []))
      .execute();
  const ids = (await stale(db)).map((row) => row.id);
  if (ids.length === 0) return 0;
  const { accounts } = await deleteAccounts(db, files, ids, async (trx, batch) =>
    (await stale(trx, batch)).map((row) => row.id),
  );
  return accounts;
}
