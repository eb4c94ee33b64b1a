/**
 * bench/api: PUT /api/answer throughput and latency at 100 connections, beside a bare Fastify
 * route measured in the same run on the same machine. Prints figures; never fails on them.
 *
 *   npx tsx bench/api/run.ts [--connections=100] [--duration=10] [--warmup=3] [--rounds=5] [--applicants=100]
 *                            [--population=10000] [--breakdown] [--cpu-prof] [--server=path/to/main.js]
 *                            [--node-arg=…] [--compare=path/to/other/main.js] [--compare-node-arg=…]
 *
 * What it does: builds and starts the real server (`node server/dist/main.js`, as `npm start`
 * does) on loopback with an embedded PostgreSQL in a temporary DATA_DIR (or on DATABASE_URL
 * when set); signs up, confirms and logs in one applicant per connection; starts the bare
 * Fastify baseline as its own process; then runs autocannon against each (a warm-up each, then
 * the measured seconds in `--rounds` slices, the two routes taking turns) and prints req/s, p50/p99, errors, the answer/bare ratio and the p99 against
 * their targets. Everything it started is stopped and the temporary folder removed, also on
 * Ctrl-C or when the overall time limit is reached.
 *
 * To find where the time goes: `--breakdown` also measures GET /api/health (the plugin stack
 * and one trivial query) and GET /api/tabs (the stack, the session lookup and one read), so
 * the cost of the session and of the write can be told apart; `--cpu-prof` runs the server
 * under `node --cpu-prof` and prints the functions and packages that cost the most.
 * `--server` measures another build of the server (an A/B of a proposed change) instead of
 * building server/dist/main.js. `--compare` starts a second build on the same database, with the
 * same sessions, and measures it in the same turns: an A/B that meets the same machine.
 * `--node-arg` (and `--compare-node-arg`) pass flags to node, e.g. `--max-semi-space-size=64`.
 * `--population` writes that many other applicants into the database first (default 10,000):
 * a save meets tables of a college's size, and every application holds a complete
 * application's worth of answers.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { runningEmbeddedUrl } from '@admit/server';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';

import { summariseCpuProfile } from './cpu-profile.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    'lead-in': { type: 'string', default: '250' },
    applicants: { type: 'string', default: '' },
    breakdown: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    server: { type: 'string', default: '' },
    'node-arg': { type: 'string', multiple: true, default: [] },
    population: { type: 'string', default: '10000' },
    compare: { type: 'string', default: '' },
    'compare-node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const CONNECTIONS = Number(flags.connections);
const DURATION_S = Number(flags.duration);
const WARMUP_S = Number(flags.warmup);
/**
 * The measured seconds of each route are cut into this many slices, the two routes taking
 * turns: a shared machine that slows down for a while slows both alike, so their ratio holds.
 */
const ROUNDS = Number(flags.rounds);
/**
 * Each turn opens its connections anew, and their first requests arrive in one burst: what a
 * server meets once after a restart, not while it runs. The responses of each turn's first
 * milliseconds (default 250 of 2,000) are left out of the figures of both routes alike.
 */
const LEAD_IN_MS = Number(flags['lead-in']);
/** One applicant per connection: 100 sessions, 100 application rows, no shared row lock. */
const APPLICANTS = flags.applicants === '' ? CONNECTIONS : Number(flags.applicants);
/**
 * Other applicants already in the database, each with an account, a live session and an
 * application, written straight into it: a college's season, so the save meets tables of a
 * real size (a plan that reads every session shows here, not with 100 rows).
 */
const POPULATION = Number(flags.population);
/** The whole run, set-up and clean-up included, stops by itself after this. */
const TIME_LIMIT_MS = 10 * 60_000;
const PASSWORD = 'Gallatin-Valley-2027';
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;
const fmt = (value: number, digits = 1) => value.toFixed(digits);

for (const [name, value] of Object.entries({
  CONNECTIONS,
  DURATION_S,
  WARMUP_S,
  ROUNDS,
  APPLICANTS,
  POPULATION,
  LEAD_IN_MS,
})) {
  if (
    !Number.isInteger(value) ||
    value < (['WARMUP_S', 'POPULATION', 'LEAD_IN_MS'].includes(name) ? 0 : 1)
  ) {
    throw new Error(
      `bench/api: ${name.toLowerCase()} must be a whole number, not ${String(value)}`,
    );
  }
}

// ── processes and clean-up ──────────────────────────────────────────────────────────────────

const children = new Set<ChildProcess>();
let dataDir: string | undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

async function stopChild(child: ChildProcess): Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  if (running()) {
    child.kill('SIGTERM');
    if (!(await waitFor(() => !running(), 30_000))) child.kill('SIGKILL');
  }
  children.delete(child);
}

/** The embedded PostgreSQL of our DATA_DIR, if one is running (it outlives a killed server). */
function embeddedPostgresPid(): number | undefined {
  if (dataDir === undefined) return undefined;
  const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

/** The URL of our embedded PostgreSQL, found as the server's staff CLI finds a running one. */
function embeddedPostgresUrl(): string {
  const url = runningEmbeddedUrl(join(dataDir ?? '', 'pg'));
  if (url === undefined) throw new Error('bench/api: the embedded PostgreSQL is not running');
  return url;
}

/**
 * Writes `count` other applicants straight into the database (an account, a live session
 * under a random key, a complete application's worth of answers), fills the bench's own
 * applications as much, and vacuums and analyses, as a database in use for a season is.
 */
async function populate(url: string, count: number, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Every application holds as much as a complete one, which each save rewrites
    // (answers || patch): 30 answers, 0.9 KB of JSON. The complete application of the
    // server's and the journeys' tests has 29 to 36 answers, 831 bytes for the journeys'.
    const complete = `(SELECT jsonb_object_agg('answer_' || g, 'an answer, 16 ch')
                       FROM generate_series(1, 30) g)`;
    await client.query(
      `UPDATE applications SET answers = ${complete} || answers
       WHERE account_id IN (SELECT id FROM accounts WHERE username LIKE 'bench-' || $1 || '-%')`,
      [runId],
    );
    await client.query(
      `WITH a AS (
         INSERT INTO accounts (username, password_hash, confirmed_at)
         SELECT 'bench-' || $1 || '-other-' || g || '@example.com', '!', now()
         FROM generate_series(1, $2::int) g
         RETURNING id
       ), s AS (
         INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, expires_at)
         SELECT gen_random_bytes(32), id, now(), now(), now() + interval '12 hours' FROM a
       )
       INSERT INTO applications (account_id, answers) SELECT id, ${complete} FROM a`,
      [runId, count],
    );
    // A database in use is vacuumed and analysed as it goes (autovacuum); right after a bulk
    // write it is not, and every save would meet a table of dead rows and stale statistics.
    await client.query('VACUUM (ANALYZE) accounts, sessions, applications');
  } finally {
    await client.end();
  }
}

let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stopChild));
    const pid = embeddedPostgresPid();
    if (pid !== undefined) {
      process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
      if (!(await waitFor(() => !alive(pid), 30_000))) process.kill(pid, 'SIGKILL');
    }
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

async function abort(why: string, code: number): Promise<never> {
  console.error(`bench/api: ${why}`);
  await cleanUp();
  process.exit(code);
}

process.once('SIGINT', () => void abort('interrupted; cleaned up', 130));
process.once('SIGTERM', () => void abort('terminated; cleaned up', 143));
setTimeout(
  () => void abort(`stopped after the ${TIME_LIMIT_MS / 60_000} min time limit`, 2),
  TIME_LIMIT_MS,
).unref();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** Starts a Node child; keeps the tail of its output for error messages. */
function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, output: () => tail };
}

// ── HTTP for the set-up (node:http, so each applicant can come from its own loopback address) ─

interface Reply {
  status: number;
  body: string;
  setCookie: string[];
}

function call(
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; localAddress?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers,
        localAddress: options.localAddress,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: res.headers['set-cookie'] ?? [],
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForHealth(
  port: number,
  started: { child: ChildProcess; output: () => string },
): Promise<void> {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (started.child.exitCode !== null)
      throw new Error(`the server exited (${started.child.exitCode}):\n${started.output()}`);
    const reply = await call(port, 'GET', '/api/health').catch(() => undefined);
    if (reply?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within 120 s:\n${started.output()}`);
}

/**
 * Signs up, reads the code from the dev mailbox, confirms and logs in; returns the session
 * cookie. Each applicant comes from its own loopback address (127.1.x.y), as real applicants
 * come from their own: the per-address throttles (signup 20/h) stay on and are not hit.
 */
async function signUp(port: number, username: string, localAddress: string): Promise<string> {
  const expectOk = (step: string, reply: Reply) => {
    if (reply.status !== 200)
      throw new Error(`${step} for ${username} failed: ${reply.status} ${reply.body}`);
    return reply;
  };
  expectOk(
    'signup',
    await call(port, 'POST', '/public/signup', {
      body: { username, password: PASSWORD },
      localAddress,
    }),
  );
  const mail = expectOk(
    'the dev mailbox',
    await call(port, 'GET', `/dev/mail?to=${encodeURIComponent(username)}&limit=1`),
  );
  const [latest] = JSON.parse(mail.body) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no confirmation code in the mail to ${username}`);
  expectOk(
    'confirm',
    await call(port, 'POST', '/public/confirm', { body: { username, code }, localAddress }),
  );
  const login = expectOk(
    'login',
    await call(port, 'POST', '/public/login', {
      body: { username, password: PASSWORD },
      localAddress,
    }),
  );
  const session = login.setCookie
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('admit_session='));
  if (session === undefined) throw new Error(`login for ${username} set no session cookie`);
  return session;
}

async function inBatches<T>(
  count: number,
  width: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, i) => task(start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

// ── CPU accounting (Linux /proc): who spends the machine's cores ─────────────────────────────

const TICKS_PER_SECOND = 100;

/** CPU time (ms) of a process from /proc, user and kernel, or 0 where /proc is not there. */
function cpuTimes(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      user: (Number(fields[11]) * 1000) / TICKS_PER_SECOND,
      system: (Number(fields[12]) * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return { user: 0, system: 0 };
  }
}

function cpuMs(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/** CPU time (ms) of the embedded PostgreSQL: the postmaster and its backends. */
function postgresCpuMs(postmaster: number | undefined): number {
  if (postmaster === undefined || !existsSync('/proc')) return 0;
  let total = cpuMs(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === postmaster) total += cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

interface CpuShare {
  /** The server process, of which `serverSystem` in the kernel (sockets). */
  server: number;
  serverSystem: number;
  postgres: number;
  loadGenerator: number;
}

/** Runs `task` and reports the CPU ms each party spent during it. */
async function withCpu<T>(
  serverPid: number | undefined,
  task: () => Promise<T>,
): Promise<{ value: T; cpu: CpuShare }> {
  const postmaster = embeddedPostgresPid();
  const server = () => (serverPid === undefined ? { user: 0, system: 0 } : cpuTimes(serverPid));
  const before = {
    server: server(),
    postgres: postgresCpuMs(postmaster),
    self: process.cpuUsage(),
  };
  const value = await task();
  const self = process.cpuUsage(before.self);
  const after = server();
  return {
    value,
    cpu: {
      server: after.user + after.system - before.server.user - before.server.system,
      serverSystem: after.system - before.server.system,
      // A backend that exits during the run (an autovacuum worker) takes its CPU time with it.
      postgres: Math.max(0, postgresCpuMs(postmaster) - before.postgres),
      loadGenerator: (self.user + self.system) / 1000,
    },
  };
}

// ── load ─────────────────────────────────────────────────────────────────────────────────────

interface Client {
  headers: Record<string, string>;
  /** Absent for a GET. */
  body?: string;
}

/** A realistic small save: the few keys a person changes on one page between two saves. */
function patchFor(index: number): string {
  return JSON.stringify({
    first_name: `Avery${index}`,
    last_name: 'Lindqvist-Okafor',
    birth_city: 'Bozeman',
    county: 'Gallatin',
  });
}

/** What one slice of load gave, with every response's latency (ms) kept for percentiles. */
interface Slice {
  result: Result;
  /** The latency (ms) of every response counted: those after the slice's lead-in. */
  latencies: number[];
  /** Responses counted, and the seconds they came in. */
  requests: number;
  seconds: number;
}

async function load(url: string, seconds: number, clients: Client[]): Promise<Slice> {
  let next = 0;
  const latencies: number[] = [];
  const begin = performance.now();
  return new Promise<Slice>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: clients[0]?.body === undefined ? 'GET' : 'PUT',
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        setupClient: (client) => {
          // Connection n speaks for applicant n (mod the number of applicants).
          const assigned = clients[next % clients.length];
          next += 1;
          if (assigned === undefined) return;
          const { headers, body } = assigned;
          if (body === undefined) client.setHeaders(headers);
          else client.setHeadersAndBody(headers, body);
        },
      },
      (error, result) => {
        if (error === null) {
          resolve({
            result,
            latencies,
            requests: latencies.length,
            seconds: Math.max(result.duration - LEAD_IN_MS / 1000, 1e-3),
          });
        } else reject(error);
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (performance.now() - begin >= LEAD_IN_MS) latencies.push(responseTime);
    });
  });
}

interface Measured {
  name: string;
  /** Responses counted (after each turn's lead-in), and the seconds they came in. */
  requests: number;
  seconds: number;
  /** Every response, lead-ins included: what the CPU times are divided by. */
  served: number;
  /** Every response's latency in ms, over all the slices. */
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  cpu: CpuShare;
}

/** A route to measure: where, with which clients, and the process whose CPU counts. */
interface Target {
  name: string;
  url: string;
  clients: Client[];
  serverPid: number | undefined;
}

/**
 * Warms each target up, then measures them in `ROUNDS` slices of `DURATION_S / ROUNDS`
 * seconds, taking turns (a, b, a, b, …), and adds the slices up per target.
 */
async function measureInTurns(targets: Target[]): Promise<Measured[]> {
  const measured: Measured[] = targets.map(({ name }) => ({
    name,
    requests: 0,
    seconds: 0,
    served: 0,
    latencies: [],
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: {},
    cpu: { server: 0, serverSystem: 0, postgres: 0, loadGenerator: 0 },
  }));
  if (WARMUP_S > 0) {
    for (const target of targets) {
      console.log(`… ${target.name}: ${WARMUP_S} s warm-up`);
      await load(target.url, WARMUP_S, target.clients);
    }
  }
  const slice = DURATION_S / ROUNDS;
  console.log(
    `… measuring ${targets.map(({ name }) => name).join(' and ')}: ${ROUNDS} turns of ${fmt(slice)} s each (after a ${LEAD_IN_MS} ms lead-in per turn)`,
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) {
      const total = measured[index];
      if (total === undefined) continue;
      const { value, cpu } = await withCpu(target.serverPid, () =>
        load(target.url, slice + LEAD_IN_MS / 1000, target.clients),
      );
      total.requests += value.requests;
      total.seconds += value.seconds;
      total.served += value.result.requests.total;
      for (const latency of value.latencies) total.latencies.push(latency);
      total.non2xx += value.result.non2xx;
      total.errors += value.result.errors;
      total.timeouts += value.result.timeouts;
      for (const [code, stats] of Object.entries(value.result.statusCodeStats)) {
        total.statusCodes[code] = (total.statusCodes[code] ?? 0) + stats.count;
      }
      total.cpu.server += cpu.server;
      total.cpu.serverSystem += cpu.serverSystem;
      total.cpu.postgres += cpu.postgres;
      total.cpu.loadGenerator += cpu.loadGenerator;
    }
  }
  return measured;
}

// ── report ───────────────────────────────────────────────────────────────────────────────────

const rps = (measured: Measured) => measured.requests / Math.max(measured.seconds, 1e-9);

/** The latency at percentile `p` (0–100): the nearest rank of the sorted latencies. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

function report(bare: Measured, answer: Measured, extra: Measured[], database: string): void {
  const p99Of = new Map<Measured, number>();
  const rows = [bare, answer, ...extra].map((measured) => {
    const { name, cpu } = measured;
    const total = Math.max(1, measured.served);
    const sorted = Float64Array.from(measured.latencies).sort();
    const numbers = Array.from(sorted);
    p99Of.set(measured, percentile(numbers, 99));
    return [
      name,
      fmt(rps(measured), 0),
      fmt(percentile(numbers, 50)),
      fmt(percentile(numbers, 99)),
      fmt(numbers.at(-1) ?? 0),
      String(measured.non2xx),
      String(measured.errors),
      String(measured.timeouts),
      [cpu.server, cpu.serverSystem, cpu.postgres, cpu.loadGenerator]
        .map((ms) => fmt((ms * 1000) / total, 0))
        .join(' / '),
    ];
  });
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'non-2xx',
    'errors',
    'timeouts',
    'CPU µs/req: node (of it kernel) / pg / autocannon',
  ];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  const cpu = cpus();
  console.log('');
  console.log(`bench/api — ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${database}`,
  );
  console.log(
    `load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s measured per route in ${ROUNDS} turns after ${WARMUP_S} s warm-up, ${APPLICANTS} applicants (one session per connection) among ${POPULATION + APPLICANTS} in the database`,
  );
  console.log('');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('');
  const ratio = rps(answer) / rps(bare);
  const p99 = p99Of.get(answer) ?? 0;
  console.log(
    `ratio answer/bare: ${fmt(ratio, 2)} (target ≥ ${TARGET_RATIO})  ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `p99 PUT /api/answer: ${fmt(p99)} ms (target ≤ ${TARGET_P99_MS} ms)  ${p99 <= TARGET_P99_MS ? 'PASS' : 'MISS'}`,
  );
  for (const other of extra.filter(({ name }) => name.endsWith(' B'))) {
    console.log(
      `${other.name} (--compare): ratio ${fmt(rps(other) / rps(bare), 2)}, p99 ${fmt(p99Of.get(other) ?? 0)} ms, ${other.non2xx + other.errors + other.timeouts} failed`,
    );
  }
  const failed = answer.non2xx + answer.errors + answer.timeouts;
  console.log(
    failed === 0
      ? 'PUT /api/answer: every response 2xx, no errors'
      : `PUT /api/answer: ${failed} failed responses — status codes ${JSON.stringify(answer.statusCodes)}; the figures above are not valid`,
  );
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const serverMain = flags.server === '' ? join(root, 'server/dist/main.js') : flags.server;
  if (flags.server === '') {
    console.log('… building the server bundle (scripts/build.mjs)');
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server bundle did not build');
  }

  const external = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';
  if (!external) {
    dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-'));
    // As root the embedded PostgreSQL runs as "postgres", which must traverse the folder.
    chmodSync(dataDir, 0o755);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    NODE_ENV: 'development', // the dev mailbox is how the bench reads confirmation codes
    SMTP_URL: '',
    ...(dataDir === undefined ? {} : { DATA_DIR: dataDir, DATABASE_URL: '' }),
  };
  console.log(
    `… starting ${serverMain} on ${origin} (${external ? 'DATABASE_URL' : `embedded PostgreSQL in ${dataDir ?? ''}`})`,
  );
  const profileDir = flags['cpu-prof']
    ? mkdtempSync(join(tmpdir(), 'admit-bench-prof-'))
    : undefined;
  const profileArgs =
    profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const server = startChild(
    [...profileArgs, ...flags['node-arg'], '--enable-source-maps', serverMain],
    env,
  );
  await waitForHealth(port, server);

  console.log(`… signing up, confirming and logging in ${APPLICANTS} applicants`);
  const runId = Date.now().toString(36);
  const cookies = await inBatches(APPLICANTS, 4, (i) =>
    signUp(
      port,
      `bench-${runId}-${i}@example.com`,
      `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    ),
  );
  if (POPULATION > 0) {
    console.log(`… writing ${POPULATION} other applicants into the database`);
    await populate(
      external ? (process.env.DATABASE_URL ?? '') : embeddedPostgresUrl(),
      POPULATION,
      runId,
    );
  }
  const clients: Client[] = cookies.map((cookie, i) => ({
    headers: { 'content-type': 'application/json', origin, cookie },
    body: patchFor(i),
  }));
  const probe = await call(port, 'PUT', '/api/answer', {
    body: JSON.parse(clients[0]?.body ?? '{}'),
    cookie: cookies[0],
  });
  if (probe.status !== 200)
    throw new Error(`PUT /api/answer refused the bench's patch: ${probe.status} ${probe.body}`);

  const barePort = await freePort();
  const bareServer = startChild(['--import', 'tsx', 'bench/api/bare-server.ts'], {
    ...process.env,
    PORT: String(barePort),
  });
  if (!(await waitFor(() => bareServer.output().includes('listening'), 30_000))) {
    throw new Error(`the bare Fastify did not start:\n${bareServer.output()}`);
  }

  // An A/B in one run: the other build on the same database, with the same sessions and the
  // same PUBLIC_ORIGIN (so the same clients' cookies and Origin header), measured in the same turns.
  const compared: Target[] = [];
  if (flags.compare !== '') {
    const comparePort = await freePort();
    const compareServer = startChild(
      [...flags['compare-node-arg'], '--enable-source-maps', flags.compare],
      {
        ...env,
        PORT: String(comparePort),
        DATABASE_URL: external ? process.env.DATABASE_URL : embeddedPostgresUrl(),
        DATA_DIR: mkdtempSync(join(dataDir ?? tmpdir(), 'compare-')),
      },
    );
    await waitForHealth(comparePort, compareServer);
    compared.push({
      name: 'PUT /api/answer B',
      url: `http://127.0.0.1:${comparePort}/api/answer`,
      clients,
      serverPid: compareServer.child.pid,
    });
  }

  const [bare, answer, ...comparison] = await measureInTurns([
    {
      name: 'bare Fastify PUT',
      url: `http://127.0.0.1:${barePort}/api/answer`,
      clients,
      serverPid: bareServer.child.pid,
    },
    { name: 'PUT /api/answer', url: `${origin}/api/answer`, clients, serverPid: server.child.pid },
    ...compared,
  ]);
  await stopChild(bareServer.child);
  if (bare === undefined || answer === undefined) throw new Error('bench/api: nothing measured');
  const extra: Measured[] = [];
  if (flags.breakdown) {
    const reads = clients.map(({ headers }) => ({
      headers: { origin, cookie: headers.cookie ?? '' },
    }));
    extra.push(
      ...(await measureInTurns([
        {
          name: 'GET /api/health',
          url: `${origin}/api/health`,
          clients: reads,
          serverPid: server.child.pid,
        },
        {
          name: 'GET /api/tabs',
          url: `${origin}/api/tabs`,
          clients: reads,
          serverPid: server.child.pid,
        },
      ])),
    );
  }
  report(
    bare,
    answer,
    [...comparison, ...extra],
    external ? 'PostgreSQL at DATABASE_URL' : 'embedded PostgreSQL (temporary DATA_DIR)',
  );
  const failed = answer.non2xx + answer.errors + answer.timeouts;
  if (failed > 0) process.exitCode = 1;
  if (profileDir !== undefined) {
    await stopChild(server.child); // the profile is written as the server exits
    for (const file of readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
      console.log(`\nserver CPU profile (whole run, set-up included): ${join(profileDir, file)}`);
      console.log(summariseCpuProfile(join(profileDir, file)));
    }
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench/api failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
