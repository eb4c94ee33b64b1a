import { type Kysely, sql } from 'kysely';

/**
 * A job's priority: higher runs first among the due ones. A mail carrying a code or a link
 * that expires (confirmation, password reset) is queued above receipts, so an applicant
 * signing up during a burst of submissions at a deadline gets their code in seconds, not
 * after every receipt queued before it (bench/receipts: up to 90 s). The due-jobs index
 * follows the claim's order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE jobs ADD COLUMN priority smallint NOT NULL DEFAULT 0;
    DROP INDEX jobs_due;
    CREATE INDEX jobs_due ON jobs (priority DESC, run_after, id) WHERE status = 'queued';
  `.execute(db);
}
