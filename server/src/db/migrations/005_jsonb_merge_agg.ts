import { type Kysely, sql } from 'kysely';

/**
 * `jsonb_merge_agg(patch ORDER BY …)`: the patches of one applicant merged per key, the later
 * winning, as `a || b || c` would. The batched save (services/applications.ts) merges with it
 * the saves one applicant sent from two sessions in the same batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE AGGREGATE jsonb_merge_agg(jsonb) (
      SFUNC = jsonb_concat,
      STYPE = jsonb,
      INITCOND = '{}'
    );
  `.execute(db);
}
