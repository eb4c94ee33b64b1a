/**
 * GET /office/api/audit: the office's audit log page (docs/operations/office.md). Officers
 * read it newest first, 50 a page, filtered by day (in the college's time zone), staff member
 * and action; a reader is refused with a sentence; reading it writes nothing to it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT_OK } from '../../cli/run.ts';
import { cliEnv, runAdmin } from '../../test/cli.ts';
import { AUDIT_PAGE_SIZE } from '../../services/audit.ts';
import { staffMessages } from '../../services/staff.ts';
import { createTestContext, json, ORIGIN, type TestContext } from '../../test/context.ts';
import { STAFF_COOKIE } from './index.ts';

const PASSWORD = 'Hyalite-Canyon-Audit-4';

let ctx: TestContext;
let dataDir: string;
let officerCookie: string;
let readerCookie: string;

function admin(args: string[]) {
  // The app's data key: the CLI seals the TOTP secret with it, the sign-in opens it.
  return runAdmin(args, {
    env: { ...cliEnv(ctx), TENANT: 'gallatin' },
    cwd: dataDir,
    password: PASSWORD,
  });
}

/** Adds a staff member with the CLI and signs them in with the code of their app: the cookie. */
async function staffSignedIn(email: string, role: 'reader' | 'officer', address: string) {
  const added = await admin(['staff', 'add', email, '--role', role]);
  expect(added.code, added.stderr).toBe(EXIT_OK);
  const totp = URI.parse(added.stdout.trim());
  if (!(totp instanceof TOTP)) throw new Error('not a TOTP URI');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/office/api/login',
    headers: { origin: ORIGIN },
    payload: {
      username: email,
      password: PASSWORD,
      code: totp.generate({ timestamp: ctx.now().getTime() }),
    },
    remoteAddress: address,
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((candidate) => candidate.name === STAFF_COOKIE);
  if (cookie === undefined) throw new Error('no staff cookie');
  return `${STAFF_COOKIE}=${cookie.value}`;
}

interface AuditAnswer {
  total: number;
  page: number;
  page_size: number;
  rows: {
    at: string;
    who: string;
    action: string;
    reference: string | null;
    details: Record<string, unknown>;
  }[];
}

const audit = (query: string, cookie = officerCookie) =>
  ctx.app.inject({ method: 'GET', url: `/office/api/audit${query}`, headers: { cookie } });

/** 60 views by a staff member on 2026-03-10 (UTC), then one late on 2026-03-12 Montana time. */
const MARCH_10 = Date.UTC(2026, 2, 10, 15);
// 2026-03-13 03:00 UTC is still the 12th in Montana (UTC-6 then).
const MARCH_12_EVENING = new Date(Date.UTC(2026, 2, 13, 3));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admit-office-audit-'));
  chmodSync(dataDir, 0o755);
  ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  officerCookie = await staffSignedIn('officer@gallatin.example', 'officer', '10.88.0.1');
  readerCookie = await staffSignedIn('reader@gallatin.example', 'reader', '10.88.0.2');
  await ctx.db
    .insertInto('audit_log')
    .values([
      ...Array.from({ length: 60 }, (_, index) => ({
        actor: 'viewer@gallatin.example',
        action: 'view',
        target: `GAL-T${String(index).padStart(3, '0')}-AUDT`,
        details: '{}',
        at: new Date(MARCH_10 + index * 60_000),
      })),
      {
        actor: 'viewer@gallatin.example',
        action: 'export',
        target: null,
        details: JSON.stringify({ from: '2026-03-01', ssn: 'masked', format: 'csv' }),
        at: MARCH_12_EVENING,
      },
    ])
    .execute();
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /office/api/audit', () => {
  it('lists the log for an officer, newest first, 50 a page, with who, what, on which application and when', async () => {
    const response = await audit('?staff=viewer@gallatin.example');
    expect(response.statusCode, response.body).toBe(200);
    const first = json<AuditAnswer>(response);
    expect(first.total).toBe(61);
    expect(first.page_size).toBe(AUDIT_PAGE_SIZE);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toEqual({
      at: MARCH_12_EVENING.toISOString(),
      who: 'viewer@gallatin.example',
      action: 'export',
      reference: null,
      details: { from: '2026-03-01', ssn: 'masked', format: 'csv' },
    });
    expect(first.rows[1]).toMatchObject({ action: 'view', reference: 'GAL-T059-AUDT' });
    const second = json<AuditAnswer>(await audit('?staff=viewer@gallatin.example&page=2'));
    expect(second.page).toBe(2);
    expect(second.rows.map((row) => row.reference)).toEqual(
      Array.from({ length: 11 }, (_, index) => `GAL-T${String(10 - index).padStart(3, '0')}-AUDT`),
    );
  });

  it("filters by the day (from its start in the college's time zone), the staff member and the action", async () => {
    const since12 = json<AuditAnswer>(
      await audit('?since=2026-03-12&staff=viewer@gallatin.example'),
    );
    expect(since12.rows.map((row) => row.action)).toEqual(['export']);
    const since13 = json<AuditAnswer>(
      await audit('?since=2026-03-13&staff=viewer@gallatin.example'),
    );
    expect(since13.total).toBe(0);
    const views = json<AuditAnswer>(await audit('?action=view&staff=VIEWER@gallatin.example'));
    expect(views.total).toBe(60);
    // The officer's own sign-in is in the log; the CLI's adding of both staff too.
    const own = json<AuditAnswer>(await audit('?staff=officer@gallatin.example'));
    expect(own.rows.map((row) => row.action)).toContain('sign_in');
    const cli = json<AuditAnswer>(await audit('?staff=cli&action=staff_add'));
    expect(cli.total).toBe(2);
  });

  it('refuses a reader with a sentence, a day not of the calendar, and no session', async () => {
    const reader = await audit('', readerCookie);
    expect(reader.statusCode).toBe(403);
    expect(json<{ message: string }>(reader).message).toBe(staffMessages.officersOnly);
    const badDay = await audit('?since=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(json<{ message: string }>(badDay).message).toBe(
      'The since date "2026-02-30" is not a day of the calendar.',
    );
    expect((await audit('', '')).statusCode).toBe(401);
  });

  it('writes nothing to the log when it is read', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await audit('');
    await audit('?page=2');
    expect(await count()).toBe(before);
  });

  it('is in the OpenAPI document with the staff session as its security', async () => {
    const document = json<{
      paths: Record<string, { get?: { operationId?: string; security?: unknown } }>;
    }>(await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    expect(document.paths['/office/api/audit']?.get).toMatchObject({
      operationId: 'officeAuditLog',
      security: [{ staffSession: [] }],
    });
  });
});
