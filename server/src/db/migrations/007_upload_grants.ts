import { type Kysely, sql } from 'kysely';

/**
 * Upload grants live until they end, and say how far they went: `issued` (the presigned POST
 * may write once, until `policy_expires_at`), `uploaded` (the storage endpoint wrote it: no
 * second write), `converted` (a conversion request took the file), `superseded` (a newer grant
 * for the same question, or the document was deleted). Rows are kept for an hour after they
 * were issued: the per-applicant presign limit counts them, and the housekeeping sweep keeps a
 * file under `uploads/` only while its grant is alive.
 *
 * Documents keep the bytes the conversion request checked under a key of their own
 * (`originals/…`, which no presigned policy names); `upload_key` is the key the applicant
 * uploaded to, by which a conversion may be requested again after its PDF was deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE upload_grants
      ADD COLUMN state text NOT NULL DEFAULT 'issued'
        CHECK (state IN ('issued', 'uploaded', 'converted', 'superseded')),
      ADD COLUMN policy_expires_at timestamptz,
      ADD COLUMN uploaded_at timestamptz;
    -- Grants of before: their policies lasted 5 minutes.
    UPDATE upload_grants SET policy_expires_at = created_at + interval '5 minutes';
    ALTER TABLE upload_grants ALTER COLUMN policy_expires_at SET NOT NULL;
    -- The presign limit counts an applicant's grants of the last hour.
    CREATE INDEX upload_grants_recent ON upload_grants (account_id, created_at);

    ALTER TABLE documents ADD COLUMN upload_key text;
    UPDATE documents SET upload_key = original_key;
  `.execute(db);
}
