import { type Kysely, sql } from 'kysely';

/**
 * The language an applicant reads Admit in (a BCP 47 tag: `en`, `es`): set at sign-up from the
 * request's language and changed by `PUT /api/language`, so that a login, a mail and the PDF
 * come in it. Null for accounts made before languages: they read the college's first language.
 * A queued mail keeps the language it was written in, for its `Content-Language`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE accounts ADD COLUMN language text
      CHECK (language ~ '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
    ALTER TABLE mail_outbox ADD COLUMN language text;
  `.execute(db);
}
