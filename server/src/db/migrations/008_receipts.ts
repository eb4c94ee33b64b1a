import { type Kysely, sql } from 'kysely';

/**
 * Receipts. Each submitted application gets a reference number, written in the
 * submission's transaction under the row lock (services/reference.ts says how it is made);
 * the unique index makes two applications with one reference impossible, whatever races.
 * Applications submitted before this migration get theirs the first time it is asked for.
 *
 * A mail in the outbox may ask for an attachment that its job builds when it sends the mail:
 * `attachment` names what ('application-pdf': the submitted application's PDF of
 * `account_id`). `attachment_name` records what was attached (null: nothing was, see the
 * job); the bytes are kept (`attachment_data`) only while the dev mailbox shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications ADD COLUMN reference text;
    CREATE UNIQUE INDEX applications_reference ON applications (reference);
    ALTER TABLE applications ADD CONSTRAINT applications_reference_submitted
      CHECK (reference IS NULL OR submitted_at IS NOT NULL);

    ALTER TABLE mail_outbox
      ADD COLUMN account_id uuid REFERENCES accounts ON DELETE CASCADE,
      ADD COLUMN attachment text CHECK (attachment IN ('application-pdf')),
      ADD COLUMN attachment_name text,
      ADD COLUMN attachment_data bytea,
      ADD CONSTRAINT mail_outbox_attachment_account
        CHECK (attachment IS NULL OR account_id IS NOT NULL);
  `.execute(db);
}
