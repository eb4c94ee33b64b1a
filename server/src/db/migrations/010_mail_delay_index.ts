import { type Kysely, sql } from 'kysely';

/**
 * "Is mail failing now?" (`mailDelayed`, asked on every resend and forgot) reads the latest
 * attempted job of one kind. Without an index it scanned every job ever kept (receipts stay
 * for months); this one answers it from the newest entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX jobs_attempted_latest ON jobs (kind, updated_at DESC) WHERE attempts > 0;
  `.execute(db);
}
