/**
 * A submission's reference number when the drawn one is already another's: drawn again, the
 * submission goes through. Two submissions may draw the same number at once (one chance in
 * 34 billion per pair); the one that loses must not fail with a 500.
 */
import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '../test/context.ts';
import { createApplications } from './applications.ts';
import { makeReference } from './reference.ts';
import { text } from './texts.ts';

let ctx: TestContext;
/** A connection of the test's own, for a transaction held open beside the service's. */
let client: pg.Client;

beforeAll(async () => {
  ctx = await createTestContext();
  client = new pg.Client({ connectionString: ctx.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await ctx.close();
});

/** A reference with a valid check character: `digit` seven times, then the check. */
const repeated = (digit: number) => makeReference('GAL', () => digit);

let applicants = 0;
/** An account whose application holds every required answer, not yet submitted. */
async function completeApplicant(): Promise<string> {
  applicants += 1;
  const { rows } = await client.query<{ id: string }>(
    'INSERT INTO accounts (username, password_hash) VALUES ($1, $2) RETURNING id',
    [`reference-${applicants}@example.com`, 'not a hash'],
  );
  const id = rows[0]?.id ?? '';
  await client.query('INSERT INTO applications (account_id, answers) VALUES ($1, $2)', [
    id,
    COMPLETE_APPLICATION,
  ]);
  return id;
}

/** The service, drawing the given references in turn. */
function applicationsDrawing(...references: string[]) {
  return createApplications({
    db: ctx.db,
    clock: ctx.now,
    tenant: ctx.tenant,
    ssn: ctx.ssn,
    drawReference: () => {
      const next = references.shift();
      if (next === undefined) throw new Error('drew more references than the test gave');
      return next;
    },
  });
}

async function storedReference(accountId: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('applications')
    .select('reference')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.reference;
}

it('a reference another application holds is drawn again, and the submission goes through', async () => {
  const first = await completeApplicant();
  const second = await completeApplicant();
  const applications = applicationsDrawing(repeated(0), repeated(0), repeated(1));
  expect((await applications.submit(first)).reference_number).toBe(repeated(0));
  expect(await applications.submit(second)).toEqual({
    message: text('server.application.submitted'),
    reference_number: repeated(1),
  });
  expect(await storedReference(first)).toBe(repeated(0));
  expect(await storedReference(second)).toBe(repeated(1));
});

it('a reference drawn by a submission not yet committed is drawn again once it commits (the race)', async () => {
  const holder = await completeApplicant();
  const applicant = await completeApplicant();
  // The other submission: it has written its number and not committed, so no query sees it yet.
  await client.query('BEGIN');
  await client.query(
    'UPDATE applications SET submitted_at = now(), reference = $1 WHERE account_id = $2',
    [repeated(2), holder],
  );
  const applications = applicationsDrawing(repeated(2), repeated(3));
  const submitted = applications.submit(applicant);
  // The unique index makes the service's write of repeated(2) wait for the other transaction.
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
    `.execute(ctx.db);
    if ((rows[0]?.waiting ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await client.query('COMMIT');
  expect((await submitted).reference_number).toBe(repeated(3));
  expect(await storedReference(holder)).toBe(repeated(2));
  expect(await storedReference(applicant)).toBe(repeated(3));
});
