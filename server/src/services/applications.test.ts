/**
 * The batched save's cost must not grow with the number of applicants: at a college's scale
 * (20,000 accounts, each with a session and an application) PostgreSQL must reach both tables
 * through their keys. Before this test, the planner read every session and every application
 * once per batch (5–10 ms a batch at 20,000 instead of about 1 ms), because it could not tell
 * how many patches the batch carries.
 */
import { createHash, randomBytes } from 'node:crypto';

import { type Answers } from '@admit/form-model';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '../test/context.ts';
import { saveStatement } from './applications.ts';

const APPLICANTS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The tables an EXPLAIN (FORMAT JSON) answer reads in full. */
function seqScanned(rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[]): (string | undefined)[] {
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (plan === undefined) throw new Error('EXPLAIN gave no plan');
  return nodes(plan)
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .map((node) => node['Relation Name']);
}

let ctx: TestContext;
let client: pg.Client;
const keys: Buffer[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  client = new pg.Client({ connectionString: ctx.url });
  await client.connect();
  // The accounts, their live sessions (keyed by a hash, as sessions.ts stores them) and
  // their applications, made in the database: 20,000 sign-ups through the API would take minutes.
  await client.query(`
    INSERT INTO accounts (username, password_hash)
    SELECT 'applicant' || g || '@example.com', 'not a hash' FROM generate_series(1, ${APPLICANTS}) g;
    INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, expires_at)
    SELECT sha256(id::text::bytea), id, now(), now(), now() + interval '12 hours' FROM accounts;
    INSERT INTO applications (account_id) SELECT id FROM accounts;
    ANALYZE;
  `);
  const { rows } = await client.query<{ token_hash: Buffer }>(
    'SELECT token_hash FROM sessions ORDER BY random() LIMIT 50',
  );
  keys.push(...rows.map((row) => row.token_hash));
}, 60_000);

afterAll(async () => {
  await client.end();
  await ctx.close();
});

describe('the batched save at 20,000 applicants', () => {
  const patch = { first_name: 'Avery', county: 'Gallatin' };

  /** The tables the plan of a batch of 50 saves reads in full: `generic` for a prepared one. */
  async function tablesReadInFull(generic: boolean): Promise<(string | undefined)[]> {
    const query = saveStatement(
      keys.map((key) => ({ key, patch })),
      ctx.now(),
    ).compile(ctx.db);
    const { rows } = generic
      ? await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `EXPLAIN (FORMAT JSON, GENERIC_PLAN) ${query.sql}`,
        )
      : await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `EXPLAIN (FORMAT JSON) ${query.sql}`,
          [...query.parameters],
        );
    return seqScanned(rows);
  }

  it.each([
    ['the plan made for its values', false],
    ['the generic plan that a prepared statement may keep', true],
  ])('reads sessions and applications by their keys, in %s', async (_plan, generic) => {
    const scanned = await tablesReadInFull(generic);
    expect(scanned).not.toContain('sessions');
    expect(scanned).not.toContain('applications');
  });

  it('stores each of 50 patches in its own application and reports each as saved', async () => {
    const saves = keys.map((key, index) => ({ key, patch: { first_name: `Avery${index}` } }));
    const query = saveStatement(saves, ctx.now()).compile(ctx.db);
    const { rows } = await client.query<{ n: string; account_id: string; saved: boolean }>(
      query.sql,
      [...query.parameters],
    );
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.saved)).toBe(true);
    const stored = await client.query<{ token_hash: Buffer; first_name: string }>(
      `SELECT s.token_hash, a.answers->>'first_name' AS first_name
       FROM sessions s JOIN applications a USING (account_id) WHERE s.token_hash = ANY($1)`,
      [keys],
    );
    const byKey = new Map(
      stored.rows.map((row) => [row.token_hash.toString('hex'), row.first_name]),
    );
    keys.forEach((key, index) => {
      expect(byKey.get(key.toString('hex'))).toBe(`Avery${index}`);
    });
  });
});

// A key no session has: a forged cookie's hash.
const unknownKey = createHash('sha256').update(randomBytes(32)).digest();

describe('the batched save with sessions that are not live', () => {
  it('stores nothing for an unknown or idle session and leaves their places out of the answer', async () => {
    const live = keys[1] ?? unknownKey;
    const idle = keys[2] ?? unknownKey;
    await client.query(
      `UPDATE sessions SET last_seen_at = now() - interval '20 minutes' WHERE token_hash = $1`,
      [idle],
    );
    const saves: { key: Buffer; patch: Answers }[] = [
      { key: unknownKey, patch: { first_name: 'Mallory' } },
      { key: live, patch: { last_name: 'Okafor' } },
      { key: idle, patch: { last_name: 'Idle' } },
    ];
    const query = saveStatement(saves, ctx.now()).compile(ctx.db);
    const { rows } = await client.query<{ n: string; saved: boolean }>(query.sql, [
      ...query.parameters,
    ]);
    expect(rows.map((row) => [Number(row.n), row.saved])).toEqual([[2, true]]);
    const idleAnswers = await client.query<{ last_name: string | null }>(
      `SELECT a.answers->>'last_name' AS last_name
       FROM sessions s JOIN applications a USING (account_id) WHERE s.token_hash = $1`,
      [idle],
    );
    expect(idleAnswers.rows).toEqual([{ last_name: null }]);
  });
});
