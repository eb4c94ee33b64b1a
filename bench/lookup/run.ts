/**
 * bench/lookup: GET /lookup/find latency over the full high-school list (target p99 ≤ 10 ms),
 * as an applicant types. Prints figures; never fails on them.
 *
 *   npx tsx bench/lookup/run.ts [--schools=250] [--seed=2027] [--max-results=5]
 *
 * What it does: builds the server and the staff CLI (scripts/build.mjs); starts the real server
 * (`node server/dist/main.js`) on loopback with an embedded PostgreSQL in a temporary DATA_DIR
 * (or on DATABASE_URL when set), which imports the lookup data the repository ships
 * (server/lookups) at its first start; on DATABASE_URL, whose lists may come from another
 * import, the CLI imports that folder again (`lookups:import server/lookups`); then asks
 * for suggestions one request at a time over HTTP keep-alive, the way a browser does:
 *
 * - typing: every prefix of `--schools` names drawn from the list (lower case, as typed);
 * - typos: each of those names with one letter dropped, doubled or swapped;
 * - name + city: "lincoln high school portland", to tell same-named schools apart;
 * - common words: "high", "school", "academy", … (the most matches, the worst case);
 * - colleges and addresses: a few realistic queries each, for comparison.
 *
 * Requests come from 100 loopback addresses in turn, so the per-address throttle (1,200 a
 * minute) stays in place and is never met. Everything it started is stopped and the
 * temporary folder removed, also on Ctrl-C or after the 10-minute time limit.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The public lookup data the repository ships (the server imports it at its first start). */
const LOOKUPS_DIR = join(root, 'server', 'lookups');
const HIGH_SCHOOLS = join(LOOKUPS_DIR, 'nces_ceeb_crosswalk.csv.gz');

const { values: flags } = parseArgs({
  options: {
    schools: { type: 'string', default: '250' },
    seed: { type: 'string', default: '2027' },
    'max-results': { type: 'string', default: '5' },
  },
});
const SCHOOLS = Number(flags.schools);
const SEED = Number(flags.seed);
const MAX_RESULTS = Number(flags['max-results']);
for (const [name, value] of Object.entries({ SCHOOLS, SEED, MAX_RESULTS })) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`bench/lookup: ${name.toLowerCase()} must be a whole number from 1`);
}
const TARGET_P99_MS = 10;
const TIME_LIMIT_MS = 10 * 60_000;
const WARMUP_REQUESTS = 300;
const CLIENT_ADDRESSES = 100;

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

let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stopChild));
    if (dataDir === undefined) return;
    // A server that died leaves its PostgreSQL running: stop it (fast shutdown) before removing.
    const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid > 0 && alive(pid)) {
      process.kill(pid, 'SIGINT');
      if (!(await waitFor(() => !alive(pid), 30_000))) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

async function abort(why: string, code: number): Promise<never> {
  console.error(`bench/lookup: ${why}`);
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

// ── HTTP: one keep-alive connection per loopback address, one request at a time ──────────────

const agents = Array.from(
  { length: CLIENT_ADDRESSES },
  (_, index) =>
    [
      `127.0.0.${index + 2}`,
      new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${index + 2}` }),
    ] as const,
);
let nextAgent = 0;

/** One GET; `fresh` uses a new connection (for polls far apart, which a keep-alive would outlive). */
function get(port: number, path: string, fresh = false): Promise<{ status: number; body: string }> {
  const [, pooled] = agents[nextAgent % agents.length] ?? [];
  nextAgent += 1;
  const agent = fresh ? false : pooled;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

// ── the queries ─────────────────────────────────────────────────────────────────────────────

/** A small seeded PRNG (mulberry32): the same seed draws the same schools and typos. */
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

/** The fields of one CSV line (RFC 4180 quotes; the crosswalk has no line breaks in fields). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line.charAt(i);
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

interface School {
  name: string;
  city: string;
  ceeb: string;
}

function readSchools(): School[] {
  const [header = '', ...lines] = gunzipSync(readFileSync(HIGH_SCHOOLS))
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split(/\r?\n/);
  const columns = csvFields(header);
  const at = (name: string) => columns.indexOf(name);
  const [name, city, ceeb] = [at('HS_NAME'), at('HS_CITY'), at('HS_CEEB')];
  return lines
    .map(csvFields)
    .map((fields) => ({
      name: (fields[name] ?? '').trim(),
      city: (fields[city] ?? '').trim(),
      ceeb: (fields[ceeb] ?? '').trim().padStart(6, '0'),
    }))
    .filter((school) => school.name.length >= 3);
}

interface Query {
  group: string;
  text: string;
  category: 'hs_ceeb' | 'college_ceeb' | 'address';
  /** The CEEB code the applicant is after, when the query should find one school. */
  wanted?: string;
}

function typo(text: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (text.length - 2));
  const kind = Math.floor(next() * 3);
  if (kind === 0) return text.slice(0, at) + text.slice(at + 1); // dropped
  if (kind === 1) return text.slice(0, at) + (text[at] ?? '') + text.slice(at); // doubled
  return text.slice(0, at - 1) + (text[at] ?? '') + (text[at - 1] ?? '') + text.slice(at + 1); // swapped
}

function queries(schools: School[]): Query[] {
  const next = random(SEED);
  const drawn = Array.from(
    { length: SCHOOLS },
    () => schools[Math.floor(next() * schools.length)],
  ).filter((school) => school !== undefined);
  const list: Query[] = [];
  for (const school of drawn) {
    const typed = school.name.toLowerCase();
    // Every prefix as typed: the worst case (a debounced browser sends fewer).
    for (let length = 1; length <= Math.min(typed.length, 40); length += 1)
      list.push({
        group: 'typing (every prefix)',
        text: typed.slice(0, length),
        category: 'hs_ceeb',
        ...(length === typed.length ? { wanted: school.ceeb } : {}),
      });
    list.push({
      group: 'typos',
      text: typo(typed, next),
      category: 'hs_ceeb',
      wanted: school.ceeb,
    });
    list.push({
      group: 'name + city',
      text: `${typed} ${school.city.toLowerCase()}`,
      category: 'hs_ceeb',
      wanted: school.ceeb,
    });
  }
  for (const text of [
    'high',
    'school',
    'high school',
    'academy',
    'charter',
    'senior high',
    'christian',
    'st',
    'saint',
    'central',
    'county high',
    'online',
  ])
    list.push({ group: 'common words', text, category: 'hs_ceeb' });
  for (const text of [
    'montana state',
    'montana state university',
    'univ of montana',
    'university of',
    'harvard',
    'gallatin college',
    'flathead valley',
    'state university',
    'community college',
    'colorado',
    'msu',
    'univeristy of washington',
  ])
    list.push({ group: 'colleges', text, category: 'college_ceeb' });
  for (const text of [
    '5',
    '59',
    '597',
    '5971',
    '59715',
    'boz',
    'bozeman',
    'bozeman mt',
    'new york, ny',
    'springfield',
    '101 main st, 59715',
    '101 main st, bozeman',
  ])
    list.push({ group: 'addresses', text, category: 'address' });
  return list;
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

const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);

async function main(): Promise<void> {
  if (!existsSync(HIGH_SCHOOLS)) await abort(`the lookup data is not at ${LOOKUPS_DIR}`, 1);
  console.log('… building the server and the CLI (scripts/build.mjs)');
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) await abort('the server bundle did not build', 1);

  dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-lookup-'));
  // As root, the embedded PostgreSQL runs as "postgres", which must reach the folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
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
    up = await get(port, '/api/health', true).then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!up) await abort(`the server did not start:\n${serverOutput}`, 1);
  console.log(
    `… server up on 127.0.0.1:${port} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  for (const line of serverOutput.match(/^lookups: imported .*$/gm) ?? []) console.log(`  ${line}`);
  if (process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '') {
    console.log(`… importing ${LOOKUPS_DIR} with the CLI (into the running server's database)`);
    const imported = spawnSync(
      process.execPath,
      [join(root, 'server/dist/cli.js'), 'lookups:import', LOOKUPS_DIR],
      { cwd: root, env, encoding: 'utf8' },
    );
    if (imported.status !== 0) await abort(`the import failed:\n${imported.stderr}`, 1);
    console.log(`  ${imported.stdout.trim()}`);
  }

  const schools = readSchools();
  const all = queries(schools);
  const path = (query: Query) =>
    `/lookup/find?${new URLSearchParams({ text: query.text, category: query.category, max_results: String(MAX_RESULTS) }).toString()}`;

  // Warm-up: connections, the ZIP list, PostgreSQL's caches and plans.
  for (const query of all.slice(0, WARMUP_REQUESTS)) await get(port, path(query));
  for (const query of all.filter((q) => q.category !== 'hs_ceeb')) await get(port, path(query));

  console.log(`… measuring ${all.length} lookups, one at a time`);
  const ticksBefore = serverTicks(server.pid ?? 0);
  const measureStart = performance.now();
  const timings = new Map<string, number[]>();
  const found = new Map<string, { wanted: number; found: number; empty: number }>();
  for (const query of all) {
    const begin = performance.now();
    const reply = await get(port, path(query));
    const elapsed = performance.now() - begin;
    if (reply.status !== 200)
      await abort(`GET ${path(query)} answered ${reply.status}: ${reply.body}`, 1);
    const list = timings.get(query.group) ?? [];
    list.push(elapsed);
    timings.set(query.group, list);
    const suggestions = JSON.parse(reply.body) as { sub_text: string }[];
    const tally = found.get(query.group) ?? { wanted: 0, found: 0, empty: 0 };
    if (suggestions.length === 0) tally.empty += 1;
    if (query.wanted !== undefined) {
      tally.wanted += 1;
      if (suggestions.some((s) => s.sub_text.endsWith(`CEEB ${query.wanted ?? ''}`)))
        tally.found += 1;
    }
    found.set(query.group, tally);
  }

  const measuredMs = performance.now() - measureStart;
  const ticksAfter = serverTicks(server.pid ?? 0);
  const schoolTimes = [...timings.entries()]
    .filter(([group]) => group !== 'colleges' && group !== 'addresses')
    .flatMap(([, list]) => list)
    .sort((a, b) => a - b);
  console.log('');
  console.log(
    `bench/lookup: GET /lookup/find over HTTP keep-alive, ${schools.length.toLocaleString('en-US')} high schools, max_results=${MAX_RESULTS}`,
  );
  console.log(
    `${'group'.padEnd(24)}${'n'.padStart(6)}${'p50'.padStart(10)}${'p90'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}   found in top ${MAX_RESULTS} / empty`,
  );
  for (const [group, list] of timings) {
    const sorted = [...list].sort((a, b) => a - b);
    const tally = found.get(group) ?? { wanted: 0, found: 0, empty: 0 };
    const share =
      tally.wanted === 0
        ? '—'
        : `${((100 * tally.found) / tally.wanted).toFixed(0)}% of ${tally.wanted}`;
    console.log(
      `${group.padEnd(24)}${String(sorted.length).padStart(6)}${ms(percentile(sorted, 50))}${ms(percentile(sorted, 90))}${ms(percentile(sorted, 99))}${ms(sorted.at(-1) ?? Number.NaN)}   ${share} / ${tally.empty}`,
    );
  }
  const p99 = percentile(schoolTimes, 99);
  console.log(
    `${'high schools, all'.padEnd(24)}${String(schoolTimes.length).padStart(6)}${ms(percentile(schoolTimes, 50))}${ms(percentile(schoolTimes, 90))}${ms(p99)}${ms(schoolTimes.at(-1) ?? Number.NaN)}`,
  );
  console.log('');
  if (ticksBefore !== undefined && ticksAfter !== undefined) {
    const cpuMs = ((ticksAfter - ticksBefore) * 1000) / TICKS_PER_SECOND;
    console.log(
      `CPU of the server and PostgreSQL: ${(cpuMs / all.length).toFixed(2)} ms per lookup on average (${(cpuMs / 1000).toFixed(1)} s over ${(measuredMs / 1000).toFixed(1)} s of requests)`,
    );
  }
  const [load1 = 0] = loadavg();
  console.log(
    `machine: load average ${load1.toFixed(1)} over ${availableParallelism()} CPUs while measuring (latency on a busy machine includes waiting for a CPU)`,
  );
  console.log(
    `high-school lookup p99 ${p99.toFixed(2)} ms (target ≤ ${TARGET_P99_MS} ms): ${p99 <= TARGET_P99_MS ? 'PASS' : 'MISS'}`,
  );
  await cleanUp();
}

main().catch(async (error: unknown) => {
  await abort(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
});
