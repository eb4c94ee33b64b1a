import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../../cli/run.ts';
import { cliEnv, runAdmin } from '../../test/cli.ts';
import { migrate, openDatabase } from '../../db/database.ts';
import { createLocalFileStore } from '../../services/files.ts';
import { answerRules } from '../../services/applications.ts';
import { auditEntries } from '../../services/audit.ts';
import { exportColumns } from '../../services/exportColumns.ts';
import { dataKeyId, parseDataKeys, UnreadableValueError } from '../../services/dataKeys.ts';
import { createHousekeeping } from '../../services/housekeeping.ts';
import {
  newTotpSecret,
  STAFF_MAX_FAILURES,
  staffMessages,
  TOTP_PERIOD_S,
} from '../../services/staff.ts';
import { format, text } from '../../services/texts.ts';
import { openTotpSecret } from '../../services/totpSecrets.ts';
import {
  createDatabase,
  createTestContext,
  json,
  loggedApp,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../../test/context.ts';
import { OFFICE_RATE_LIMITS, officeRateMessage, STAFF_COOKIE } from './index.ts';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admit-office-test-'));
  chmodSync(dataDir, 0o755);
  ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const STAFF_PASSWORD = 'Bridger-Range-Office-7';

/**
 * Runs the staff CLI against this file's database and data key (`env` may replace it), the
 * password given on "standard input".
 */
function admin(args: string[], password = STAFF_PASSWORD, env: Record<string, string> = {}) {
  return runAdmin(args, {
    env: { ...cliEnv(ctx), TENANT: 'gallatin', ...env },
    cwd: dataDir,
    password,
  });
}

/** Adds a staff member with the CLI; answers the secret its printed otpauth:// URI holds. */
async function addStaff(email: string, role: 'reader' | 'officer') {
  const run = await admin(['staff', 'add', email, '--role', role]);
  expect(run.code, run.stderr).toBe(EXIT_OK);
  const uri = run.stdout.trim();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  return totpOf(uri);
}

/** The staff member's TOTP secret as the database holds it. */
async function storedSecret(email: string): Promise<string> {
  const row = await sql<{ totp_secret: string }>`
    SELECT totp_secret FROM staff WHERE email = ${email}
  `.execute(ctx.db);
  return row.rows[0]?.totp_secret ?? '';
}

function totpOf(uri: string): TOTP {
  const parsed = URI.parse(uri);
  if (!(parsed instanceof TOTP)) throw new Error(`not a TOTP URI: ${uri}`);
  return parsed;
}

/** The authenticator app's code now (the app's clock), or `steps` steps later. */
function codeOf(totp: TOTP, steps = 0): string {
  return totp.generate({ timestamp: ctx.now().getTime() + steps * TOTP_PERIOD_S * 1000 });
}

let addressCount = 0;
/** A client address of its own per sign-in helper, so the per-address throttle holds no test back. */
function nextAddress(): string {
  addressCount += 1;
  return `10.77.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

async function signIn(
  username: string,
  code: string,
  password = STAFF_PASSWORD,
  remoteAddress = nextAddress(),
  app: FastifyInstance = ctx.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/office/api/login',
    headers: { origin: ORIGIN },
    payload: { username, password, code },
    remoteAddress,
  });
}

function staffCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === STAFF_COOKIE);
  if (cookie === undefined) throw new Error(`no staff cookie: ${response.body}`);
  return `${STAFF_COOKIE}=${cookie.value}`;
}

/** Moves the clock to the start of the next TOTP step, so each sign-in has a fresh code. */
function nextStep(): void {
  const now = ctx.now().getTime();
  const period = TOTP_PERIOD_S * 1000;
  ctx.advance(period - (now % period) + 1000);
}

const get = (url: string, cookie: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN } });

let seeded = 0;
/** An application written straight to the database (as the applicant's saves leave it). */
async function seedApplication(options: {
  first: string;
  last: string;
  ssn?: string;
  submittedAt?: Date;
  status?: 'none' | 'started' | 'validating' | 'submitted';
}): Promise<{ id: string; email: string; reference: string | null }> {
  seeded += 1;
  const email = `applicant-${seeded}@example.org`;
  const { id } = await ctx.db
    .insertInto('accounts')
    .values({ username: email, password_hash: 'not used', confirmed_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reference =
    options.submittedAt === undefined ? null : `GAL-T${String(seeded).padStart(3, '0')}-TEST`;
  await ctx.db
    .insertInto('applications')
    .values({
      account_id: id,
      answers: JSON.stringify({
        first_name: options.first,
        last_name: options.last,
        ...(options.ssn === undefined ? {} : { ssn: options.ssn }),
      }),
      submitted_at: options.submittedAt ?? null,
      reference,
    })
    .execute();
  const status = options.status ?? (options.submittedAt === undefined ? 'started' : 'submitted');
  const chain = ['started', 'validating', 'submitted'] as const;
  const reached = status === 'none' ? 0 : chain.indexOf(status) + 1;
  if (reached > 0)
    await ctx.db
      .insertInto('web_statuses')
      .values(chain.slice(0, reached).map((web_status) => ({ account_id: id, web_status })))
      .execute();
  return { id, email, reference };
}

interface ListAnswer {
  applications: {
    id: string;
    reference: string | null;
    name: string;
    email: string;
    status: string;
    submitted_at: string | null;
    submitted_local: string | null;
    documents: { total: number; completed: number };
  }[];
  total: number;
  page: number;
  page_size: number;
}

let officer: TOTP;
let reader: TOTP;
let officerCookie: string;
let readerCookie: string;
let ada: { id: string; email: string; reference: string | null };

describe('staff accounts and sign-in', () => {
  it('adds staff with the CLI and signs them in with the password and the current TOTP code', async () => {
    officer = await addStaff('Officer@Gallatin.example', 'officer');
    reader = await addStaff('reader@gallatin.example', 'reader');
    // The authenticator app's entry: the college as issuer, RFC 6238's defaults.
    expect(officer.issuer).toBe(ctx.tenant.names.college);
    expect(officer.label).toBe('officer@gallatin.example');
    expect([officer.digits, officer.period, officer.algorithm]).toEqual([6, 30, 'SHA1']);

    const response = await signIn('officer@gallatin.example', codeOf(officer));
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({
      message: staffMessages.signedIn,
      email: 'officer@gallatin.example',
      role: 'officer',
    });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(
      /admit_staff=[^;]+; Max-Age=\d+; Path=\/office; HttpOnly; SameSite=Strict/,
    );
    officerCookie = staffCookie(response);
    const me = await get('/office/api/me', officerCookie);
    expect(json(me)).toEqual({ email: 'officer@gallatin.example', role: 'officer' });

    readerCookie = staffCookie(await signIn('reader@gallatin.example', codeOf(reader)));
  });

  it('keeps the TOTP secret sealed at rest: the stored column does not read as the secret', async () => {
    const stored = await storedSecret('officer@gallatin.example');
    expect(stored).toMatch(/^sealed:v1:[0-9a-f]{8}:[\w-]{16}:[\w-]+$/);
    const secret = officer.secret.base32;
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.toLowerCase());
    expect(stored).not.toContain(officer.secret.hex);
    // Sealed for its account: copied onto another one, it does not open.
    const { id } = await ctx.db
      .selectFrom('staff')
      .select('id')
      .where('email', '=', 'officer@gallatin.example')
      .executeTakeFirstOrThrow();
    const keys = parseDataKeys(ctx.dataKey);
    expect(openTotpSecret(keys, id, stored)).toBe(secret);
    expect(() => openTotpSecret(keys, randomUUID(), stored)).toThrow(UnreadableValueError);
  });

  it('rekey seals the secrets again with the new key, and sign-in goes on with it', async () => {
    const newKey = randomBytes(32).toString('base64');
    const newId = dataKeyId(Buffer.from(newKey, 'base64'));
    const run = await admin(['rekey'], STAFF_PASSWORD, { DATA_KEY: `${newKey},${ctx.dataKey}` });
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Sealed [1-9]\\d* records? again with key ${newId}\\. Every stored Social Security number and staff authentication secret is sealed with it`,
      ),
    );
    for (const email of ['officer@gallatin.example', 'reader@gallatin.example'])
      expect((await storedSecret(email)).startsWith(`sealed:v1:${newId}:`)).toBe(true);

    // A server holding the new key alone signs the officer in: the secret moved over whole.
    const { app } = await loggedApp(ctx, { dataKeys: parseDataKeys(newKey) }, 'error');
    try {
      nextStep();
      const response = await signIn(
        'officer@gallatin.example',
        codeOf(officer),
        STAFF_PASSWORD,
        nextAddress(),
        app,
      );
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await app.close();
    }

    // Rotated back, so this file's app (on the first key) reads every secret again.
    const back = await admin(['rekey'], STAFF_PASSWORD, {
      DATA_KEY: `${ctx.dataKey},${newKey}`,
    });
    expect(back.code, back.stderr).toBe(EXIT_OK);
    nextStep();
    expect((await signIn('reader@gallatin.example', codeOf(reader))).statusCode).toBe(200);
  });

  it('prints the CLI list, and refuses a second account for one address and a short password', async () => {
    const list = await admin(['staff', 'list']);
    expect(list.stdout).toMatch(/^officer@gallatin\.example\tofficer\tactive\tadded /m);
    expect(list.stdout).toMatch(/^reader@gallatin\.example\treader\tactive\tadded /m);
    const again = await admin(['staff', 'add', 'officer@gallatin.example', '--role', 'reader']);
    expect(again.code).toBe(EXIT_FAILED);
    expect(again.stderr).toContain('A staff account for officer@gallatin.example exists already.');
    const short = await admin(['staff', 'add', 'x@gallatin.example', '--role', 'reader'], 'short');
    expect(short.code).toBe(EXIT_FAILED);
    expect(short.stderr).toContain('at least 12 characters');
    const noRole = await admin(['staff', 'add', 'x@gallatin.example']);
    expect(noRole.code).toBe(EXIT_USAGE);
  });

  it('refuses a wrong code, a wrong password and an unknown address with one message', async () => {
    nextStep();
    const wrongCode = await signIn('reader@gallatin.example', codeOf(reader, 5));
    const wrongPassword = await signIn(
      'reader@gallatin.example',
      codeOf(reader),
      'Not-The-Password-1',
    );
    const unknown = await signIn('nobody@gallatin.example', codeOf(reader));
    for (const response of [wrongCode, wrongPassword, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ message: staffMessages.refused });
      expect(response.cookies.find((cookie) => cookie.name === STAFF_COOKIE)).toBeUndefined();
    }
  });

  it("answers in the college's first language, as the office's pages are, whatever the browser chose for applying", async () => {
    nextStep();
    const spanish = { cookie: 'admit-lang=es', 'accept-language': 'es-MX,es;q=0.9' };
    for (const url of ['/office/api/login', '/office/api/login?lang=es']) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, ...spanish },
        payload: { username: 'nobody@gallatin.example', password: STAFF_PASSWORD, code: '000000' },
        remoteAddress: nextAddress(),
      });
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toEqual({ message: staffMessages.refused });
      // `?lang` on an office address neither changes its language nor the one remembered.
      expect(refused.cookies.find((cookie) => cookie.name === 'admit-lang')).toBeUndefined();
    }
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/office/api/nothing-here',
      headers: spanish,
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(format('en', text('server.errors.notFound')));
  });

  it('accepts the code of the step before or after, and refuses a code used once already', async () => {
    nextStep();
    const code = codeOf(reader, -1);
    const first = await signIn('reader@gallatin.example', code);
    expect(first.statusCode, first.body).toBe(200);
    const reused = await signIn('reader@gallatin.example', code);
    expect(reused.statusCode).toBe(400);
    expect(json(reused)).toEqual({ message: staffMessages.refused });
    // Nor an older code still inside the window once a newer one was used.
    nextStep();
    const newer = await signIn('reader@gallatin.example', codeOf(reader));
    expect(newer.statusCode).toBe(200);
    const older = await signIn('reader@gallatin.example', codeOf(reader, -1));
    expect(older.statusCode).toBe(400);
  });

  it("throttles sign-ins to one address as the applicants' login does, known or not", async () => {
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await signIn('guess@gallatin.example', '123456')).statusCode).toBe(400);
    const throttled = await signIn('guess@gallatin.example', '123456');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(json(throttled).message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
  });

  it('locks an account after consecutive refusals, across throttle windows, until staff reset', async () => {
    const locked = await addStaff('locked@gallatin.example', 'reader');
    nextStep();
    const half = STAFF_MAX_FAILURES / 2;
    for (let attempt = 0; attempt < half; attempt += 1)
      expect((await signIn('locked@gallatin.example', '000000')).statusCode).toBe(400);
    // A new throttle window: the count of consecutive refusals goes on.
    ctx.advance(16 * 60_000);
    for (let attempt = half; attempt < STAFF_MAX_FAILURES; attempt += 1)
      expect((await signIn('locked@gallatin.example', '000000')).statusCode).toBe(400);
    nextStep();
    const right = await signIn('locked@gallatin.example', codeOf(locked));
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect((await admin(['staff', 'list'])).stdout).toMatch(
      /^locked@gallatin\.example\treader\tlocked until /m,
    );

    const reset = await admin(
      ['staff', 'reset', 'locked@gallatin.example'],
      'Another-Long-Passphrase-9',
    );
    expect(reset.code, reset.stderr).toBe(EXIT_OK);
    const renewed = totpOf(reset.stdout.trim());
    nextStep();
    // The old app's codes stop working; the new one's work, with the new password.
    const old = await signIn(
      'locked@gallatin.example',
      codeOf(locked),
      'Another-Long-Passphrase-9',
    );
    expect(old.statusCode).toBe(400);
    const fresh = await signIn(
      'locked@gallatin.example',
      codeOf(renewed),
      'Another-Long-Passphrase-9',
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('refuses a disabled account, and its open sessions end', async () => {
    const leaving = await addStaff('leaving@gallatin.example', 'officer');
    nextStep();
    const session = staffCookie(await signIn('leaving@gallatin.example', codeOf(leaving)));
    expect((await get('/office/api/me', session)).statusCode).toBe(200);
    const disabled = await admin(['staff', 'disable', 'leaving@gallatin.example']);
    expect(disabled.code).toBe(EXIT_OK);
    expect((await get('/office/api/me', session)).statusCode).toBe(401);
    nextStep();
    const refused = await signIn('leaving@gallatin.example', codeOf(leaving));
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({ message: staffMessages.refused });
    expect((await admin(['staff', 'list'])).stdout).toMatch(
      /^leaving@gallatin\.example\tofficer\tdisabled /m,
    );
  });

  it('housekeeping removes the staff sessions that ended without a request', async () => {
    nextStep();
    await signIn('reader@gallatin.example', codeOf(reader));
    ctx.advance(31 * 60_000);
    const removed = await createHousekeeping({ db: ctx.db, clock: ctx.now })();
    expect(removed.staffSessions).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.selectFrom('staff_sessions').select('staff_id').execute()).toEqual([]);
  });

  it('ends a staff session after 30 minutes without a request', async () => {
    nextStep();
    const session = staffCookie(await signIn('reader@gallatin.example', codeOf(reader)));
    ctx.advance(29 * 60_000);
    expect((await get('/office/api/me', session)).statusCode).toBe(200);
    ctx.advance(29 * 60_000);
    expect((await get('/office/api/me', session)).statusCode).toBe(200);
    ctx.advance(31 * 60_000);
    const ended = await get('/office/api/me', session);
    expect(ended.statusCode).toBe(401);
    expect(json(ended)).toEqual({ message: staffMessages.sessionInvalid });
    // The long waits above ended the other sessions too: sign the two staff members in again.
    nextStep();
    officerCookie = staffCookie(await signIn('officer@gallatin.example', codeOf(officer)));
    readerCookie = staffCookie(await signIn('reader@gallatin.example', codeOf(reader)));
  });

  it('signs out: the session ends on the server', async () => {
    nextStep();
    const session = staffCookie(await signIn('reader@gallatin.example', codeOf(reader)));
    const out = await post('/office/api/logout', session);
    expect(out.statusCode).toBe(200);
    expect((await get('/office/api/me', session)).statusCode).toBe(401);
  });
});

describe('the applicant and staff sessions are apart', () => {
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  interface OpenApi {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  }

  /**
   * Every route the app serves, read from its own route table (Fastify's `printRoutes` tree,
   * each line a path segment under its parent), not from a list kept by hand: a route added
   * later is checked without a change here. HEAD answers as GET does, and is left out.
   */
  function routeTable(app: FastifyInstance): { method: Method; url: string }[] {
    const parents: string[] = [];
    const routes: { method: Method; url: string }[] = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^([│ ]*)[├└]── (.+) \(([^)]*)\)$/.exec(line);
      if (match === null) continue;
      const [, indent = '', segment = '', methods = ''] = match;
      const depth = indent.length / 4;
      const url = `${depth === 0 ? '' : (parents[depth - 1] ?? '')}${segment}`;
      parents[depth] = url;
      for (const method of methods.split(', '))
        if (!['-', 'HEAD', 'OPTIONS'].includes(method))
          routes.push({ method: method as Method, url });
    }
    return routes;
  }

  /** A URL of the route: any value fills a path parameter, the session is refused before. */
  const concrete = (url: string) => url.replace(/:[A-Za-z_]+|\*/g, 'GAL-0000-0000');

  /** The routes the OpenAPI document says need `scheme`, as route-table URLs. */
  async function documented(scheme: string): Promise<string[]> {
    const document = json<OpenApi>(await ctx.app.inject({ url: '/api/openapi.json' }));
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((entry) => scheme in entry) === true)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
  }

  const call = (route: { method: Method; url: string }, cookie?: string) =>
    ctx.app.inject({
      method: route.method,
      url: concrete(route.url),
      headers: { origin: ORIGIN, ...(cookie === undefined ? {} : { cookie }) },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      remoteAddress: nextAddress(),
    });

  it('reads every route from the route table, the documented ones among them', async () => {
    const table = routeTable(ctx.app).map((route) => `${route.method} ${route.url}`);
    expect(table).toContain('POST /office/api/login');
    expect(table).toContain('GET /api/profile');
    for (const route of [...(await documented('staffSession')), ...(await documented('session'))])
      expect(table).toContain(route);
  });

  it("answers an applicant's session 401 on every office route", async () => {
    const applicant = await signedIn(ctx.app, 'office-crossing@example.org');
    const routes = routeTable(ctx.app).filter(
      (route) =>
        route.url.startsWith('/office/api/') &&
        !(route.method === 'POST' && route.url === '/office/api/login'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const route of routes) {
      const response = await call(route, applicant);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(json(response), `${route.method} ${route.url}`).toEqual({
        message: staffMessages.sessionInvalid,
      });
    }
  });

  it('answers a staff session 401 on every applicant route that needs a session, and grants nothing on the others', async () => {
    const routes = routeTable(ctx.app).filter((route) => route.url.startsWith('/api/'));
    const needSession: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const anonymous = await call(route);
      const staffed = await call(route, officerCookie);
      // The staff cookie changes nothing: what needs an applicant's session is refused as if
      // no one were signed in, and the public routes answer as they do to anyone.
      expect(staffed.statusCode, name).toBe(anonymous.statusCode);
      if (anonymous.statusCode === 401) needSession.push(name);
    }
    // The routes the OpenAPI document gives the applicant's session are among those refused.
    const sessionRoutes = await documented('session');
    expect(sessionRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of sessionRoutes) expect(needSession, route).toContain(route);
  });
});

describe('the office reads applications', () => {
  const march = (day: number, hour = 12) => new Date(Date.UTC(2026, 2, day, hour));

  beforeAll(async () => {
    ada = await seedApplication({
      first: 'Ada',
      last: 'Lovelace',
      ssn: '123-45-6789',
      submittedAt: march(10),
    });
    await seedApplication({ first: 'Grace', last: 'Hopper', submittedAt: march(12) });
    // Submitted on the 14th at 05:00 UTC: still the 13th in Montana (UTC-6 in March).
    await seedApplication({ first: 'Katherine', last: 'Johnson', submittedAt: march(14, 5) });
    await seedApplication({ first: 'Dorothy', last: 'Vaughan', status: 'validating' });
    await seedApplication({ first: 'Mary', last: 'Jackson', status: 'none' });
    for (let index = 0; index < 30; index += 1)
      await seedApplication({
        first: `Student${String(index).padStart(2, '0')}`,
        last: 'Many',
        submittedAt: march(20, index % 24),
      });
  });

  it('lists the newest submissions first, a page at a time, with the time in the college zone', async () => {
    const first = await get('/office/api/applications', readerCookie);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = json<ListAnswer>(first);
    // The applicant of the crossing test has an application too.
    expect(page1.total).toBe(36);
    expect(page1.page_size).toBe(25);
    expect(page1.applications).toHaveLength(25);
    const dates = page1.applications.map((row) => row.submitted_at ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const page2 = json<ListAnswer>(await get('/office/api/applications?page=2', readerCookie));
    expect(page2.applications).toHaveLength(11);
    // Not yet submitted: last, with no reference.
    expect(page2.applications.slice(-3).every((row) => row.submitted_at === null)).toBe(true);
    const adaRow = page2.applications.find((row) => row.email === ada.email);
    expect(adaRow).toMatchObject({
      name: 'Ada Lovelace',
      reference: ada.reference,
      status: 'submitted',
      submitted_at: '2026-03-10T12:00:00.000Z',
      submitted_local: 'Mar 10, 2026, 6:00 AM MDT',
      documents: { total: 0, completed: 0 },
    });
  });

  it('searches names, e-mail addresses and references, in any case', async () => {
    const search = async (q: string) =>
      json<ListAnswer>(
        await get(`/office/api/applications?q=${encodeURIComponent(q)}`, readerCookie),
      ).applications.map((row) => row.name);
    expect(await search('lovel')).toEqual(['Ada Lovelace']);
    expect(await search('ADA LOVELACE')).toEqual(['Ada Lovelace']);
    expect(await search(ada.email.toUpperCase())).toEqual(['Ada Lovelace']);
    expect(await search(ada.reference?.toLowerCase() ?? '')).toEqual(['Ada Lovelace']);
    // LIKE's wildcards are taken as the characters they are.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('filters by status and by the days submitted (in the college time zone), and sorts', async () => {
    const names = async (query: string) =>
      json<ListAnswer>(
        await get(`/office/api/applications?${query}`, readerCookie),
      ).applications.map((row) => row.name);
    expect(await names('status=validating')).toEqual(['Dorothy Vaughan']);
    // The applicant of the crossing test signed up and answered nothing: no name yet.
    expect((await names('status=none')).sort()).toEqual(['', 'Mary Jackson']);
    expect(await names('from=2026-03-10&to=2026-03-13&sort=submitted')).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Katherine Johnson',
    ]);
    expect(await names('from=2026-03-14&to=2026-03-14')).toEqual([]);
    expect(await names('q=many&sort=-name&status=submitted')).toHaveLength(25);
    expect(await names('q=son&sort=name')).toEqual(['Mary Jackson', 'Katherine Johnson']);
    expect(await names('q=son&sort=-name')).toEqual(['Katherine Johnson', 'Mary Jackson']);
    const wrongDay = await get('/office/api/applications?from=2026-02-30', readerCookie);
    expect(wrongDay.statusCode).toBe(400);
    expect(json(wrongDay).message).toBe('The from date "2026-02-30" is not a day of the calendar.');
    expect((await get('/office/api/applications?status=archived', readerCookie)).statusCode).toBe(
      400,
    );
  });

  it('shows one application as the print model renders it, the SSN masked', async () => {
    const response = await get(`/office/api/applications/${ada.reference ?? ''}`, readerCookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = json<{
      name: string;
      ssn: string;
      pdf_url: string;
      model: { steps: { title: string }[] };
    }>(response);
    expect(body.name).toBe('Ada Lovelace');
    expect(body.ssn).toBe('XXX-XX-6789');
    expect(body.pdf_url).toBe(`/office/api/applications/${ada.reference ?? ''}/application.pdf`);
    expect(body.model.steps.length).toBeGreaterThan(0);
    expect(response.body).not.toContain('123-45-6789');
    expect(response.body).toContain('XXX-XX-6789');
    expect((await get('/office/api/applications/GAL-NONE-NONE', readerCookie)).statusCode).toBe(
      404,
    );
  });

  it('reveals the full SSN to an officer only', async () => {
    const url = `/office/api/applications/${ada.reference ?? ''}/ssn`;
    const refused = await post(url, readerCookie);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ message: staffMessages.officersOnly });
    const revealed = await post(url, officerCookie);
    expect(revealed.statusCode).toBe(200);
    expect(json(revealed)).toEqual({ ssn: '123-45-6789' });
  });

  it('downloads the application PDF and a document through the office', async () => {
    const pdf = await get(
      `/office/api/applications/${ada.reference ?? ''}/application.pdf`,
      readerCookie,
    );
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const files = createLocalFileStore(join(dataDir, 'files'));
    const originalKey = `originals/${ada.id}/transcript/abc`;
    await files.put(originalKey, new TextEncoder().encode('%PDF-1.7 the transcript'));
    await ctx.db
      .insertInto('documents')
      .values({
        account_id: ada.id,
        answer_key: 'transcript',
        original_key: originalKey,
        file_name: 'Transcript é.pdf',
        file_size: 23,
        sniffed_type: 'pdf',
        status: 'unprocessed',
        message: null,
        conversion_id: null,
        converted_key: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const view = json<{ documents: { url: string; file_name: string }[] }>(
      await get(`/office/api/applications/${ada.reference ?? ''}`, readerCookie),
    );
    expect(view.documents).toEqual([
      expect.objectContaining({ file_name: 'Transcript é.pdf', answer_key: 'transcript' }),
    ]);
    const document = await get(view.documents[0]?.url ?? '', readerCookie);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.body).toBe('%PDF-1.7 the transcript');
    expect(String(document.headers['content-disposition'])).toContain(
      "filename*=UTF-8''Transcript%20%C3%A9.pdf",
    );
    const missing = await get(
      `/office/api/applications/${ada.reference ?? ''}/documents/essay`,
      readerCookie,
    );
    expect(missing.statusCode).toBe(404);
  });

  it("exports the list's applications with the college's labels, the SSN masked", async () => {
    const csv = await get(
      '/office/api/export.csv?from=2026-03-10&to=2026-03-13&sort=submitted',
      readerCookie,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 4)).toEqual([
      'Reference',
      'E-mail address',
      'Status',
      'Submitted (UTC)',
    ]);
    expect(header).toContain('Social Security Number');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(ada.email);
    expect(csv.body).toContain('XXX-XX-6789');
    expect(csv.body).not.toContain('123-45-6789');

    const full = await get('/office/api/export.json?q=lovelace&ssn=full', readerCookie);
    expect(full.statusCode).toBe(403);
    const officerJson = await get('/office/api/export.json?q=lovelace&ssn=full', officerCookie);
    expect(officerJson.statusCode).toBe(200);
    const body = json<{
      columns: { key: string; label: string }[];
      applications: { reference: string; answers: Record<string, string> }[];
    }>(officerJson);
    expect(body.columns).toContainEqual(
      expect.objectContaining({ key: 'ssn', label: 'Social Security Number', kind: 'ssn' }),
    );
    // The columns are named as `admin export` names them: one function serves both.
    const formColumns = body.columns.slice(4);
    expect(formColumns).toEqual(
      exportColumns(ctx.tenant.pages, [...answerRules(ctx.tenant).keys()]),
    );
    expect(formColumns).toContainEqual(
      expect.objectContaining({ key: 'us_citizen_desc', kind: 'description' }),
    );
    expect(body.applications).toEqual([
      expect.objectContaining({
        reference: ada.reference,
        answers: expect.objectContaining({ ssn: '123-45-6789' }) as unknown,
      }),
    ]);
  });

  it('writes every step to the audit log, and never an SSN', async () => {
    const entries = await auditEntries(ctx.db);
    const actions = (actor: string) =>
      new Set(entries.filter((entry) => entry.actor === actor).map((entry) => entry.action));
    expect(actions('reader@gallatin.example')).toEqual(
      new Set([
        'sign_in',
        'sign_in_refused',
        'sign_out',
        'list',
        'view',
        'download_pdf',
        'download_document',
        'export',
        'ssn_reveal_refused',
        'ssn_export_refused',
      ]),
    );
    expect(actions('officer@gallatin.example')).toEqual(
      new Set(['sign_in', 'ssn_reveal', 'export']),
    );
    expect(actions('nobody@gallatin.example')).toEqual(new Set(['sign_in_refused']));
    expect(actions('cli')).toEqual(new Set(['staff_add', 'staff_disable', 'staff_reset']));
    const reveal = entries.find((entry) => entry.action === 'ssn_reveal');
    expect(reveal?.target).toBe(ada.reference);
    // A reader's refused reveal and refused full export are there too, with what was asked.
    const refusedReveal = entries.find((entry) => entry.action === 'ssn_reveal_refused');
    expect(refusedReveal).toMatchObject({
      actor: 'reader@gallatin.example',
      target: ada.reference,
    });
    const refusedExport = entries.find((entry) => entry.action === 'ssn_export_refused');
    expect(refusedExport).toMatchObject({
      actor: 'reader@gallatin.example',
      details: { q: 'lovelace', format: 'json' },
    });
    const fullExport = entries.find(
      (entry) => entry.action === 'export' && entry.actor === 'officer@gallatin.example',
    );
    expect(fullExport?.details).toMatchObject({ q: 'lovelace', ssn: 'full', format: 'json' });
    const reasons = entries
      .filter((entry) => entry.action === 'sign_in_refused')
      .map((entry) => entry.details.reason);
    expect(new Set(reasons)).toEqual(
      new Set([
        'wrong_code',
        'wrong_password',
        'unknown_staff',
        'reused_code',
        'disabled',
        'locked',
        'throttled_account',
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain('123-45-6789');

    // The CLI lists them, for one staff member and since a time.
    const run = await admin(['audit', '--staff', 'officer@gallatin.example']);
    expect(run.code).toBe(EXIT_OK);
    expect(run.stdout).toMatch(
      new RegExp(`\\tofficer@gallatin\\.example\\tssn_reveal\\t${ada.reference ?? ''}$`, 'm'),
    );
    expect(run.stdout).not.toContain('reader@gallatin.example');
    const later = await admin(['audit', '--since', '2999-01-01']);
    expect(later.stdout).toBe('');
    expect(later.stderr).toContain('0 audit entries.');
  });

  it('changes no applicant data', async () => {
    const row = await ctx.db
      .selectFrom('applications')
      .select(['answers', 'updated_at'])
      .where('account_id', '=', ada.id)
      .executeTakeFirstOrThrow();
    expect(row.answers).toEqual({ first_name: 'Ada', last_name: 'Lovelace', ssn: '123-45-6789' });
    // No applicant session was made by the office.
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('account_id')
      .where('account_id', '=', ada.id)
      .execute();
    expect(sessions).toEqual([]);
  });
});

describe('the office rate limit', () => {
  it('answers 429 with a sentence and Retry-After past the limit of a minute, that staff member only, and lets them go on after', async () => {
    // An app on a clock that stands still: the whole burst falls in one window, however slow
    // the machine.
    let at = ctx.now().getTime();
    const { app } = await loggedApp(ctx, { clock: () => new Date(at) }, 'error');
    try {
      const busy = await addStaff('busy@gallatin.example', 'reader');
      const calm = await addStaff('calm@gallatin.example', 'reader');
      const code = (totp: TOTP) => totp.generate({ timestamp: at });
      const session = async (email: string, totp: TOTP) =>
        staffCookie(await signIn(email, code(totp), STAFF_PASSWORD, nextAddress(), app));
      const busyCookie = await session('busy@gallatin.example', busy);
      const calmCookie = await session('calm@gallatin.example', calm);
      const me = (cookie: string) =>
        app.inject({ method: 'GET', url: '/office/api/me', headers: { cookie } });

      const [minute] = OFFICE_RATE_LIMITS;
      for (let request = 0; request < minute.limit; request += 1) {
        const response = await me(busyCookie);
        if (response.statusCode !== 200)
          throw new Error(
            `request ${request + 1} answered ${response.statusCode}: ${response.body}`,
          );
      }
      const limited = await me(busyCookie);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
      expect(json(limited)).toEqual({ message: officeRateMessage(60) });
      expect(officeRateMessage(60)).toBe(
        'This office session has made too many requests in a short time. Please wait 1 minute, then go on.',
      );
      expect(officeRateMessage(1)).toContain('Please wait 1 second, then go on.');
      // Another staff member is not held back.
      expect((await me(calmCookie)).statusCode).toBe(200);
      // The next minute, the busy one goes on.
      at += minute.windowMs;
      expect((await me(busyCookie)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('migration 014', () => {
  it('seals the TOTP secrets stored in plain text before it, and refuses to run on them without the key', async () => {
    const { url, drop } = await createDatabase();
    const db = openDatabase(url, 2);
    try {
      await migrate(db, { upTo: '013_staff_and_audit' });
      const secret = newTotpSecret();
      const added = await sql<{ id: string }>`
        INSERT INTO staff (email, role, password_hash, totp_secret)
        VALUES ('plain@gallatin.example', 'officer', 'x', ${secret}) RETURNING id
      `.execute(db);
      const id = added.rows[0]?.id ?? '';

      await expect(migrate(db)).rejects.toThrow(
        /014_totp_secrets_sealed failed: the staff's authentication secrets must be encrypted/,
      );
      const keys = parseDataKeys(ctx.dataKey);
      await migrate(db, { dataKeys: keys });
      const stored = await sql<{ totp_secret: string }>`SELECT totp_secret FROM staff`.execute(db);
      const sealed = stored.rows[0]?.totp_secret ?? '';
      expect(sealed).toMatch(/^sealed:v1:/);
      expect(sealed).not.toContain(secret);
      expect(openTotpSecret(keys, id, sealed)).toBe(secret);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});

describe('no log line holds an SSN the office handles', () => {
  it('a reveal and a full export, logged at trace, never write its digits', async () => {
    const { app, lines } = await loggedApp(ctx, {}, 'info');
    app.log.level = 'trace';
    try {
      nextStep();
      const cookie = staffCookie(
        await signIn(
          'officer@gallatin.example',
          codeOf(officer),
          STAFF_PASSWORD,
          nextAddress(),
          app,
        ),
      );
      const officeCall = (method: 'GET' | 'POST', url: string) =>
        app.inject({ method, url, headers: { cookie, origin: ORIGIN } });
      const reference = ada.reference ?? '';
      const revealed = await officeCall('POST', `/office/api/applications/${reference}/ssn`);
      expect(json(revealed)).toEqual({ ssn: '123-45-6789' });
      const exported = await officeCall('GET', '/office/api/export.csv?q=lovelace&ssn=full');
      expect(exported.body).toContain('123-45-6789');
      expect((await officeCall('GET', `/office/api/applications/${reference}`)).statusCode).toBe(
        200,
      );
      expect(lines.length).toBeGreaterThan(5);
      for (const line of lines) {
        expect(line).not.toContain('123-45-6789');
        expect(line).not.toContain('123456789');
      }
    } finally {
      await app.close();
    }
  });
});
