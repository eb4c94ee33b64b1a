import { type Kysely, sql } from 'kysely';

/**
 * The application PDF of each account, as last rendered: the version (a hash of everything it
 * prints) and where the file is. A PDF is rebuilt when the version of the stored answers and
 * documents differs; the row tells which old file to remove.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE application_pdfs (
      account_id uuid PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      version text NOT NULL,
      file_key text NOT NULL,
      byte_size integer NOT NULL CHECK (byte_size > 0),
      rendered_at timestamptz NOT NULL
    );
  `.execute(db);
}
