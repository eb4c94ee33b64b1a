/**
 * bench/office: the admissions office's list at a college's size. Target: the first page, a
 * search and a filter each answer in under 100 ms at p95 with 10,000 applications. Prints
 * figures; never fails on them.
 *
 *   npx tsx bench/office/run.ts [--applications=10000] [--requests=200] [--seed=2027] [--plans]
 *
 * What it does: builds the server and the staff CLI (scripts/build.mjs); starts the real server
 * (`node server/dist/main.js`) on loopback with an embedded PostgreSQL in a temporary DATA_DIR
 * (or on DATABASE_URL when set: then what it writes stays there); writes `--applications`
 * applicants straight into the database, each with the complete application the PDF bench
 * prints (essays included, so answers are of a real size), 85% of them submitted over the
 * last 120 days with two documents each, then VACUUM (ANALYZE) as autovacuum would; adds an
 * officer with `staff add` (the password on standard input), signs in over HTTP with the code
 * computed from the printed otpauth:// URI, as the staff member's app would; then asks, one
 * request at a time over HTTP keep-alive, as a browser does:
 *
 * - first page: `GET /office/api/applications` (the newest submissions, 25 rows, the total);
 * - search: `?q=` a last name, part of one, an e-mail address or a reference, drawn at random;
 * - filter: `?status=submitted&from=&to=`, a random span of days.
 *
 * Each request also writes its audit row, as in use. Then the same three kinds of query again,
 * without HTTP: the office's own list function (services/office.ts) in this process on the same
 * database, timed, and each kind's plan with EXPLAIN ANALYZE, so that on a busy machine the
 * database's share can be told from waiting for a CPU. It prints the CPU the server and its
 * PostgreSQL spent per request too (Linux), which the machine's other work does not change.
 *
 * Everything it started is stopped and the
 * temporary folder removed, also on Ctrl-C or after the 10-minute time limit.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import {
  createOffice,
  createSsnVault,
  type OfficeFilters,
  openDatabase,
  parseDataKeys,
  runningEmbeddedUrl,
} from '@admit/server';
import { loadTenant } from '@admit/tenant-config/node';
import { TOTP, URI } from 'otpauth';
import pg from 'pg';

import { fullyAnsweredApplication } from '../pdf/application.ts';
import { freePort, until } from '../../tests/support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    applications: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '200' },
    seed: { type: 'string', default: '2027' },
    plans: { type: 'boolean', default: false },
  },
});
const APPLICATIONS = Number(flags.applications);
const REQUESTS = Number(flags.requests);
const SEED = Number(flags.seed);
for (const [name, value] of Object.entries({ APPLICATIONS, REQUESTS, SEED })) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`bench/office: ${name.toLowerCase()} must be a whole number from 1`);
}
const TARGET_P95_MS = 100;
const TIME_LIMIT_MS = 10 * 60_000;
const WARMUP_REQUESTS = 20;
const BATCH = 1000;
const STAFF_EMAIL = 'bench-officer@example.edu';
const STAFF_PASSWORD = 'Bench-Office-Passphrase-2027';

// ── processes and clean-up ──────────────────────────────────────────────────────────────────

const children = new Set<ChildProcess>();
let dataDir: string | undefined;
let pool: pg.Pool | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  if (running()) {
    child.kill('SIGTERM');
    if (!(await until(() => !running(), 30_000))) child.kill('SIGKILL');
  }
  children.delete(child);
}

let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await pool?.end().catch(() => undefined);
    await Promise.all([...children].map(stopChild));
    if (dataDir === undefined) return;
    // A server that died leaves its PostgreSQL running: stop it (fast shutdown) before removing.
    const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid > 0 && alive(pid)) {
      process.kill(pid, 'SIGINT');
      if (!(await until(() => !alive(pid), 30_000))) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

async function abort(why: string, code: number): Promise<never> {
  console.error(`bench/office: ${why}`);
  await cleanUp();
  process.exit(code);
}

process.once('SIGINT', () => void abort('interrupted; cleaned up', 130));
process.once('SIGTERM', () => void abort('terminated; cleaned up', 143));
setTimeout(
  () => void abort(`stopped after the ${TIME_LIMIT_MS / 60_000} min time limit`, 2),
  TIME_LIMIT_MS,
).unref();

// ── HTTP: one keep-alive connection, one request at a time ──────────────────────────────────

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function call(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  options: { cookie?: string; body?: object } = {},
): Promise<{ status: number; body: string; cookies: string[] }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        timeout: 30_000,
        headers: {
          ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cookies: res.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

// ── the applications ────────────────────────────────────────────────────────────────────────

/** A small seeded PRNG (mulberry32): the same seed writes the same applications and queries. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Dorothy',
  'Mary',
  'John',
  'Maria',
  'Wei',
  'Aisha',
  'Carlos',
  'Fatima',
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Mateo',
  'Sofia',
  'Yuki',
  'Ivan',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Vaughan',
  'Jackson',
  'Smith',
  'Garcia',
  'Chen',
  'Khan',
  'Rodriguez',
  'Nguyen',
  'Brown',
  'Martinez',
  'Williams',
  'Kim',
  'Okafor',
  'Novak',
  'Silva',
  'Tanaka',
  'Müller',
  'Oyelaran',
  'Fitzgerald',
  'Whitehorse',
  'Redcloud',
];
const REFERENCE_CHARS = Array.from('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
const DAY_MS = 86_400_000;

interface Seeded {
  emails: string[];
  references: string[];
  names: string[];
}

async function seed(db: pg.Pool, tenantName: string): Promise<Seeded> {
  const next = random(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const base = fullyAnsweredApplication(loadTenant(tenantName)).answers;
  const now = Date.now();
  const seeded: Seeded = { emails: [], references: [], names: [] };
  for (let start = 0; start < APPLICATIONS; start += BATCH) {
    const size = Math.min(BATCH, APPLICATIONS - start);
    const ids: string[] = [];
    const emails: string[] = [];
    const answers: string[] = [];
    const submitted: (Date | null)[] = [];
    const references: (string | null)[] = [];
    const statusIds: string[] = [];
    const statuses: string[] = [];
    for (let index = 0; index < size; index += 1) {
      const id = randomUUID();
      const first = pick(FIRST);
      const last = pick(LAST);
      const email = `${first}.${last}.${start + index}@example.org`.toLowerCase();
      ids.push(id);
      emails.push(email);
      answers.push(JSON.stringify({ ...base, first_name: first, last_name: last }));
      const isSubmitted = next() < 0.85;
      submitted.push(isSubmitted ? new Date(now - Math.floor(next() * 120 * DAY_MS)) : null);
      const reference = isSubmitted
        ? `GAL-${Array.from({ length: 8 }, () => pick(REFERENCE_CHARS))
            .join('')
            .replace(/^(.{4})/, '$1-')}`
        : null;
      references.push(reference);
      const reached = isSubmitted ? 3 : Math.floor(next() * 3);
      for (const status of ['started', 'validating', 'submitted'].slice(0, reached)) {
        statusIds.push(id);
        statuses.push(status);
      }
      if (index % 50 === 0) {
        seeded.emails.push(email);
        seeded.names.push(`${first} ${last}`);
        if (reference !== null) seeded.references.push(reference);
      }
    }
    await db.query(
      `INSERT INTO accounts (id, username, password_hash, confirmed_at)
       SELECT id, username, 'bench: never signs in', now() FROM unnest($1::uuid[], $2::text[]) AS t(id, username)`,
      [ids, emails],
    );
    await db.query(
      `INSERT INTO applications (account_id, answers, submitted_at, reference)
       SELECT * FROM unnest($1::uuid[], $2::jsonb[], $3::timestamptz[], $4::text[])`,
      [ids, answers, submitted, references],
    );
    await db.query(
      `INSERT INTO web_statuses (account_id, web_status) SELECT * FROM unnest($1::uuid[], $2::text[])`,
      [statusIds, statuses],
    );
    // Two documents for each submitted application: what the list's documents column counts.
    await db.query(
      `INSERT INTO documents (account_id, answer_key, original_key, file_name, file_size, sniffed_type,
         status, message, conversion_id, converted_key, created_at, updated_at)
       SELECT a.account_id, k.key, 'originals/' || a.account_id || '/' || k.key || '/bench',
         k.key || '.pdf', 120000, 'pdf', 'completed', NULL, NULL,
         'converted/' || a.account_id || '/' || k.key, now(), now()
       FROM applications a CROSS JOIN (VALUES ('transcript'), ('decision_essay_file')) AS k(key)
       WHERE a.account_id = ANY($1::uuid[]) AND a.submitted_at IS NOT NULL`,
      [ids],
    );
    process.stdout.write(`\r… ${(start + size).toLocaleString('en-US')} applications written`);
  }
  process.stdout.write('\n');
  await db.query('VACUUM (ANALYZE)');
  return seeded;
}

// ── CPU: what the server and its PostgreSQL spent, whatever else the machine is doing ────────

/** utime + stime of a process and its parent's id, in clock ticks (Linux /proc). */
function processTicks(pid: number): { ticks: number; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), parent: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** CPU ticks of the server and of the embedded PostgreSQL with all its backends. */
function serverTicks(serverPid: number): number | undefined {
  if (!existsSync('/proc/self/stat') || dataDir === undefined) return undefined;
  const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
  const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  let total = processTicks(serverPid)?.ticks ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const info = processTicks(pid);
    if (info !== undefined && (pid === postmaster || info.parent === postmaster))
      total += info.ticks;
  }
  return total;
}

/** Clock ticks per second (USER_HZ): 100 on Linux. */
const TICKS_PER_SECOND = 100;

// ── figures ─────────────────────────────────────────────────────────────────────────────────

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

async function main(): Promise<void> {
  console.log('… building the server and the CLI (scripts/build.mjs)');
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) await abort('the server bundle did not build', 1);

  dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-office-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const tenantName = 'gallatin';
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TENANT: 'gallatin',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  };
  const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(server);
  let serverOutput = '';
  const keep = (chunk: Buffer) => {
    serverOutput = (serverOutput + chunk.toString('utf8')).slice(-4000);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const started = Date.now();
  let up = false;
  while (!up && Date.now() - started < 120_000 && server.exitCode === null) {
    up = await call(port, 'GET', '/api/health').then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!up) await abort(`the server did not start:\n${serverOutput}`, 1);
  console.log(
    `… server up on 127.0.0.1:${port} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const url =
    process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== ''
      ? process.env.DATABASE_URL
      : runningEmbeddedUrl(join(dataDir, 'pg'));
  if (url === undefined) return abort('the embedded PostgreSQL is not running', 1);
  pool = new pg.Pool({ connectionString: url, max: 2 });
  // The database stops at the end, its idle connections with it: not an error of the bench.
  pool.on('error', () => undefined);
  const seedStart = Date.now();
  const seeded = await seed(pool, tenantName);
  console.log(
    `… ${APPLICATIONS.toLocaleString('en-US')} applications in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const added = spawnSync(
    process.execPath,
    [join(root, 'server/dist/cli.js'), 'staff', 'add', STAFF_EMAIL, '--role', 'officer'],
    { cwd: root, env, input: `${STAFF_PASSWORD}\n`, encoding: 'utf8' },
  );
  if (added.status !== 0) await abort(`staff add failed:\n${added.stderr}`, 1);
  const totp = URI.parse(added.stdout.trim());
  if (!(totp instanceof TOTP)) return abort(`staff add printed no TOTP URI: ${added.stdout}`, 1);
  const login = await call(port, 'POST', '/office/api/login', {
    body: { username: STAFF_EMAIL, password: STAFF_PASSWORD, code: totp.generate() },
  });
  if (login.status !== 200) await abort(`the sign-in failed: ${login.status} ${login.body}`, 1);
  const cookie = login.cookies.map((line) => line.split(';')[0]).join('; ');

  const next = random(SEED + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  const kinds: Record<string, () => OfficeFilters> = {
    'first page': () => ({}),
    search: () => {
      const which = Math.floor(next() * 4);
      const text =
        which === 0
          ? pick(LAST)
          : which === 1
            ? pick(LAST).slice(0, 4).toLowerCase()
            : which === 2
              ? pick(seeded.emails)
              : pick(seeded.references);
      return { q: text };
    },
    filter: () => {
      const from = 5 + Math.floor(next() * 100);
      const span = 1 + Math.floor(next() * 30);
      return { status: 'submitted', from: day(from), to: day(from - span) };
    },
  };
  const pathOf = (filters: OfficeFilters) =>
    `/office/api/applications?${new URLSearchParams(filters as Record<string, string>).toString()}`;

  const totals: Record<string, number> = {};
  for (const [kind, path] of Object.entries(kinds))
    for (let index = 0; index < WARMUP_REQUESTS; index += 1) {
      const reply = await call(port, 'GET', pathOf(path()), { cookie });
      if (reply.status !== 200) await abort(`${kind} answered ${reply.status}: ${reply.body}`, 1);
    }
  console.log(`… measuring ${REQUESTS} requests of each kind, one at a time`);
  const timings = new Map<string, number[]>();
  const ticksBefore = serverTicks(server.pid ?? 0);
  // In turns, so a moment of load on the shared machine falls on every kind alike.
  for (let round = 0; round < REQUESTS; round += 1)
    for (const [kind, path] of Object.entries(kinds)) {
      const target = pathOf(path());
      const begin = performance.now();
      const reply = await call(port, 'GET', target, { cookie });
      const elapsed = performance.now() - begin;
      if (reply.status !== 200)
        await abort(`GET ${target} answered ${reply.status}: ${reply.body}`, 1);
      const list = timings.get(kind) ?? [];
      list.push(elapsed);
      timings.set(kind, list);
      totals[kind] = (totals[kind] ?? 0) + (JSON.parse(reply.body) as { total: number }).total;
    }

  const ticksAfter = serverTicks(server.pid ?? 0);

  // The office's own queries, in this process: the database's share of each request.
  // The statements it sends are kept, for EXPLAIN: node-postgres's Client is the one module
  // both this file and the server's pool load, so its query method sees each of them.
  const queries: { sql: string; parameters: unknown[] }[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, and called with its client
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args;
    if (
      typeof text === 'string' &&
      !text.startsWith('EXPLAIN') &&
      text.includes('FROM applications a')
    )
      queries.push({ sql: text, parameters: Array.isArray(values) ? values : [] });
    return (clientQuery as (...given: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  const db = openDatabase(url, 2);
  const tenant = loadTenant(tenantName);
  // The list, the search and the filter open no SSN; a key of the run's own serves the vault.
  const ssn = createSsnVault(tenant.pages, parseDataKeys(randomBytes(32).toString('base64')));
  const office = createOffice({ db, tenant, ssn });
  const direct = new Map<string, number[]>();
  const plans = new Map<string, string[]>();
  for (let round = 0; round < REQUESTS; round += 1)
    for (const [kind, filters] of Object.entries(kinds)) {
      queries.length = 0;
      const begin = performance.now();
      await office.list(filters(), '-submitted', 1);
      const list = direct.get(kind) ?? [];
      list.push(performance.now() - begin);
      direct.set(kind, list);
      if (round === REQUESTS - 1) {
        const lines: string[] = [];
        // A copy: the EXPLAIN statements below go through the same method.
        for (const query of [...queries]) {
          const plan = await pool.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
            [...query.parameters],
          );
          lines.push(...plan.rows.map((row) => row['QUERY PLAN']), '');
        }
        plans.set(kind, lines);
      }
    }
  pg.Client.prototype.query = clientQuery;
  await db.destroy();

  console.log('');
  console.log(
    `bench/office: GET /office/api/applications over HTTP keep-alive, ${APPLICATIONS.toLocaleString('en-US')} applications, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2) ?? '?'}`,
  );
  console.log(
    `${'request'.padEnd(12)}${'n'.padStart(6)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}   mean rows found   p95 < ${TARGET_P95_MS} ms`,
  );
  for (const [kind, list] of timings) {
    const sorted = [...list].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(
      `${kind.padEnd(12)}${String(sorted.length).padStart(6)}${ms(percentile(sorted, 50))}${ms(p95)}${ms(percentile(sorted, 99))}${ms(sorted.at(-1) ?? Number.NaN)}   ${String(Math.round((totals[kind] ?? 0) / sorted.length)).padStart(15)}   ${p95 < TARGET_P95_MS ? 'held' : 'MISSED'}`,
    );
  }
  if (ticksBefore !== undefined && ticksAfter !== undefined) {
    const cpuMs = ((ticksAfter - ticksBefore) * 1000) / TICKS_PER_SECOND;
    const count = REQUESTS * Object.keys(kinds).length;
    console.log(
      `CPU of the server and its PostgreSQL: ${(cpuMs / count).toFixed(1)} ms per request (${count} requests, all kinds)`,
    );
  }
  console.log('');
  console.log("the office's list function alone (services/office.ts, the two queries of a page):");
  for (const [kind, list] of direct) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(12)}${String(sorted.length).padStart(6)}${ms(percentile(sorted, 50))}${ms(percentile(sorted, 95))}${ms(percentile(sorted, 99))}${ms(sorted.at(-1) ?? Number.NaN)}`,
    );
  }
  if (flags.plans)
    for (const [kind, lines] of plans) {
      console.log(`\n── ${kind}: EXPLAIN (ANALYZE, BUFFERS) of its last request`);
      for (const line of lines) console.log(`  ${line}`);
    }
  else
    for (const [kind, lines] of plans) {
      const times = lines.filter((line) => line.startsWith('Execution Time'));
      console.log(`${kind}: ${times.join(', ')} (--plans prints the plans)`);
    }
  await cleanUp();
}

main().catch(async (error: unknown) => {
  await abort(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
});
