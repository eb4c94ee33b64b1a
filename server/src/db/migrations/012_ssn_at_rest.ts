import { type Answers } from '@admit/form-model';
import { type Kysely, type Migration, sql } from 'kysely';

/** What the migration needs to seal: services/ssn.ts's `reseal` with the college and the key. */
export interface SsnSealer {
  reseal: (answers: Answers) => Answers | undefined;
}

/** Rows read and written at once: a large installation's answers never sit in memory whole. */
const PAGE = 500;

/** The stored answers of `table`, a page at a time, each resealed where it holds an SSN. */
async function sealTable(
  db: Kysely<unknown>,
  table: 'applications' | 'tmp_applications',
  id: 'account_id' | 'token_hash',
  sealer: SsnSealer,
): Promise<void> {
  let after: unknown = null;
  for (;;) {
    const page = await sql<{ id: unknown; answers: Answers }>`
      SELECT ${sql.ref(id)} AS id, answers FROM ${sql.table(table)}
      WHERE ${after === null ? sql`true` : sql`${sql.ref(id)} > ${after}`}
      ORDER BY ${sql.ref(id)} LIMIT ${PAGE}
    `.execute(db);
    for (const row of page.rows) {
      const sealed = sealer.reseal(row.answers);
      if (sealed !== undefined)
        await sql`
          UPDATE ${sql.table(table)} SET answers = ${JSON.stringify(sealed)}::jsonb
          WHERE ${sql.ref(id)} = ${row.id}
        `.execute(db);
    }
    const last = page.rows.at(-1);
    if (last === undefined || page.rows.length < PAGE) return;
    after = last.id;
  }
}

/**
 * The SSN encrypted at rest: every Social Security number stored in plain text before it (an
 * applicant's, a temporary application's prefill) is sealed with the data key
 * (services/dataKeys.ts). Which answers are SSNs is the college's to say, so the sealer comes
 * from the caller (db/database.ts `migrate`, given the college and the key by the start and the
 * CLI). Without one, the migration passes only a database that holds no answers yet (a new
 * one, a test's), and refuses any other rather than leave numbers readable.
 */
export function ssnAtRest(sealer: SsnSealer | undefined): Migration {
  return {
    async up(db) {
      if (sealer === undefined) {
        const held = await sql<{ held: boolean }>`
          SELECT EXISTS (SELECT 1 FROM applications WHERE answers <> '{}'::jsonb)
            OR EXISTS (SELECT 1 FROM tmp_applications WHERE answers <> '{}'::jsonb) AS held
        `.execute(db);
        if (held.rows[0]?.held === true)
          throw new Error(
            'the stored Social Security numbers must be encrypted, which needs the college and the data key: start the server or run an admin command on this database',
          );
        return;
      }
      await sealTable(db, 'applications', 'account_id', sealer);
      await sealTable(db, 'tmp_applications', 'token_hash', sealer);
    },
  };
}
