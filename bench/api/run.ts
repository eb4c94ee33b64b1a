/**
 * bench/api: PUT /api/answer throughput and latency at 100 connections, beside a bare Fastify
 * route measured in the same run on the same machine. Prints figures; never fails on them.
 *
 *   npx tsx bench/api/run.ts [--connections=100] [--duration=10] [--warmup=3] [--applicants=100]
 *                            [--breakdown] [--cpu-prof] [--server=path/to/main.js]
 *
 * What it does: builds and starts the real server (`node server/dist/main.js`, as `npm start`
 * does) on loopback with an embedded PostgreSQL in a temporary DATA_DIR (or on DATABASE_URL
 * when set); signs up, confirms and logs in one applicant per connection; starts the bare
 * Fastify baseline as its own process; then runs autocannon against each (warm-up, then the
 * measured run) and prints req/s, p50/p99, errors, the answer/bare ratio and the p99 against
 * their targets. Everything it started is stopped and the temporary folder removed, also on
 * Ctrl-C or when the overall time limit is reached.
 *
 * To find where the time goes: `--breakdown` also measures GET /api/health (the plugin stack
 * and one trivial query) and GET /api/tabs (the stack, the session lookup and one read), so
 * the cost of the session and of the write can be told apart; `--cpu-prof` runs the server
 * under `node --cpu-prof` and prints the functions and packages that cost the most.
 * `--server` measures another build of the server (an A/B of a proposed change) instead of
 * building server/dist/main.js.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import autocannon, { type Result } from 'autocannon';

import { summariseCpuProfile } from './cpu-profile.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const { values: flags } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    applicants: { type: 'string', default: '' },
    breakdown: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    server: { type: 'string', default: '' },
  },
});
const CONNECTIONS = Number(flags.connections);
const DURATION_S = Number(flags.duration);
const WARMUP_S = Number(flags.warmup);
/** One applicant per connection: 100 sessions, 100 application rows, no shared row lock. */
const APPLICANTS = flags.applicants === '' ? CONNECTIONS : Number(flags.applicants);
/** The whole run, set-up and clean-up included, stops by itself after this. */
const TIME_LIMIT_MS = 10 * 60_000;
const PASSWORD = 'Gallatin-Valley-2027';
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;

for (const [name, value] of Object.entries({ CONNECTIONS, DURATION_S, WARMUP_S, APPLICANTS })) {
  if (!Number.isInteger(value) || value < (name === 'WARMUP_S' ? 0 : 1)) {
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
      postgres: postgresCpuMs(postmaster) - before.postgres,
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

async function load(url: string, seconds: number, clients: Client[]): Promise<Result> {
  let next = 0;
  return autocannon({
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
  });
}

interface Measured {
  name: string;
  result: Result;
  cpu: CpuShare;
}

async function measure(
  name: string,
  url: string,
  clients: Client[],
  serverPid: number | undefined,
): Promise<Measured> {
  if (WARMUP_S > 0) {
    console.log(`… ${name}: ${WARMUP_S} s warm-up`);
    await load(url, WARMUP_S, clients);
  }
  console.log(`… ${name}: ${DURATION_S} s measured`);
  const { value: result, cpu } = await withCpu(serverPid, () => load(url, DURATION_S, clients));
  return { name, result, cpu };
}

// ── report ───────────────────────────────────────────────────────────────────────────────────

const rps = (result: Result) => result.requests.total / result.duration;
const fmt = (value: number, digits = 1) => value.toFixed(digits);

function report(bare: Measured, answer: Measured, extra: Measured[], database: string): void {
  const rows = [bare, answer, ...extra].map(({ name, result, cpu }) => {
    const total = Math.max(1, result.requests.total);
    return [
      name,
      fmt(rps(result), 0),
      fmt(result.latency.p50),
      fmt(result.latency.p99),
      fmt(result.latency.max),
      String(result.non2xx),
      String(result.errors),
      String(result.timeouts),
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
    `load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s measured after ${WARMUP_S} s warm-up, ${APPLICANTS} applicants (one session per connection)`,
  );
  console.log('');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('');
  const ratio = rps(answer.result) / rps(bare.result);
  const p99 = answer.result.latency.p99;
  console.log(
    `ratio answer/bare: ${fmt(ratio, 2)} (target ≥ ${TARGET_RATIO})  ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `p99 PUT /api/answer: ${fmt(p99)} ms (target ≤ ${TARGET_P99_MS} ms)  ${p99 <= TARGET_P99_MS ? 'PASS' : 'MISS'}`,
  );
  const failed = answer.result.non2xx + answer.result.errors + answer.result.timeouts;
  console.log(
    failed === 0
      ? 'PUT /api/answer: every response 2xx, no errors'
      : `PUT /api/answer: ${failed} failed responses — status codes ${JSON.stringify(answer.result.statusCodeStats)}; the figures above are not valid`,
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
  const server = startChild([...profileArgs, '--enable-source-maps', serverMain], env);
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

  const bare = await measure(
    'bare Fastify PUT',
    `http://127.0.0.1:${barePort}/api/answer`,
    clients,
    bareServer.child.pid,
  );
  await stopChild(bareServer.child);
  const answer = await measure(
    'PUT /api/answer',
    `${origin}/api/answer`,
    clients,
    server.child.pid,
  );
  const extra: Measured[] = [];
  if (flags.breakdown) {
    const reads = clients.map(({ headers }) => ({
      headers: { origin, cookie: headers.cookie ?? '' },
    }));
    extra.push(await measure('GET /api/health', `${origin}/api/health`, reads, server.child.pid));
    extra.push(await measure('GET /api/tabs', `${origin}/api/tabs`, reads, server.child.pid));
  }
  report(
    bare,
    answer,
    extra,
    external ? 'PostgreSQL at DATABASE_URL' : 'embedded PostgreSQL (temporary DATA_DIR)',
  );
  const failed = answer.result.non2xx + answer.result.errors + answer.result.timeouts;
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
