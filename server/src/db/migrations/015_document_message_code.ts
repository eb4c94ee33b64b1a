import { type Kysely, sql } from 'kysely';

/**
 * Why a document's conversion failed, kept as what to say rather than as words: the catalogue
 * id of the message (`server.convert.image`, `server.documents.conversionFailed`, …) and its
 * values, so the applicant reads it in their language and staff in the college's, whoever
 * converted it. `message` stays for rows written before: it holds their English sentence,
 * which the server recognises and says in the reader's language when it can
 * (services/documents.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE documents
      ADD COLUMN message_id text,
      ADD COLUMN message_values jsonb
        CHECK (message_values IS NULL OR jsonb_typeof(message_values) = 'object');
  `.execute(db);
}
