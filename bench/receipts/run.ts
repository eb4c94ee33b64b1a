/**
 * bench/receipts: 1,000 applicants submit at once, and the built server mails each one its
 * receipt with the application PDF attached, through SMTP to a mail sink on loopback. Prints
 * how fast the submissions went in, how fast the receipts came out, how long after the
 * submissions the last receipt arrived (target: within 2 minutes of the last submission),
 * the p50/p95 of each applicant's submit → receipt time and the server's peak RSS. Prints
 * figures; exits 1 only when a receipt is missing or wrong (then the figures are not valid).
 *
 *   npx tsx bench/receipts/run.ts [--applicants=1000] [--connections=50] [--server=path/to/main.js]
 *                                 [--wait=600] [--node-arg=…]
 *
 * What it does:
 * 1. Builds the server bundle as `npm start` does (scripts/build.mjs), unless `--server` names
 *    a build, and starts a mail sink (bench/receipts/sink.ts) and `node server/dist/main.js` on
 *    free loopback ports, with the embedded PostgreSQL in a temporary DATA_DIR and
 *    `SMTP_URL=smtp://127.0.0.1:<sink>` (the dev mailbox off, as in production: the outbox
 *    keeps no PDF).
 * 2. Seeds the applicants. The accounts and their sessions are written straight into the
 *    database (a confirmed account and a live session each, the session's token known to the
 *    bench): through the API every sign-up and login costs an argon2id hash (19 MiB, two
 *    passes) and a confirmation mail through the same mail queue, which would make the
 *    seeding, not the receipts, the long part of a run, and would put 1,000 confirmation mails
 *    in the sink. Everything the application holds goes through the real API, as the SPA
 *    sends it: the tab chosen (`PUT /api/tabs`), the add-another counts (`PUT
 *    /api/add-another`) and the answers (`PUT /api/answer`): bench/pdf's fully answered
 *    gallatin application (every question the answers reveal, a 7,000-character essay, two
 *    parents, two colleges), with the applicant's own name, in turn from 20 names in Latin
 *    with diacritics, Vietnamese, Polish, Turkish, Greek, Cyrillic, Korean, Thai, Arabic,
 *    Persian, Hebrew, Devanagari, Bengali, Tamil, Chinese and Japanese.
 * 3. Submits all of them (`POST /api/submit`) as fast as the API takes them, `--connections`
 *    at a time (default 50), and notes each acknowledgement (200 with the reference number).
 * 4. Waits until the sink holds every applicant's receipt (at most `--wait` seconds after the
 *    last acknowledgement), sampling the server's RSS; then checks each receipt: to the
 *    applicant, naming its reference, with one PDF attached that is a whole PDF (`%PDF-` …
 *    `%%EOF`) whose text (`pdftotext`) holds the applicant's reference
 *    number and account. When receipts are missing it prints the mail jobs' states and errors.
 * 5. Stops the server (SIGTERM, then SIGKILL after 30 s), stops the embedded PostgreSQL if it
 *    outlived the server, and removes the temporary folder; also on Ctrl-C and at the time
 *    limit.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { type Answers, type FormContext, visitQuestions } from '@admit/form-model';
import { type TenantConfig } from '@admit/tenant-config';
import { runningEmbeddedUrl } from '@admit/server';
import { loadTenant } from '@admit/tenant-config/node';
import pg from 'pg';

import {
  alive,
  call,
  ok,
  REPO_ROOT,
  type ServerProcess,
  startServer,
  stopServer,
  until,
} from '../../tests/support/server.ts';
import { fullyAnsweredApplication } from '../pdf/application.ts';
import { type Arrival, parseReceipt, startMailSink } from './sink.ts';

const { values: flags } = parseArgs({
  options: {
    applicants: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    server: { type: 'string', default: '' },
    wait: { type: 'string', default: '600' },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const APPLICANTS = Number(flags.applicants);
const CONNECTIONS = Number(flags.connections);
const WAIT_MS = Number(flags.wait) * 1000;
for (const [name, value] of Object.entries({ APPLICANTS, CONNECTIONS, WAIT_MS })) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`bench/receipts: ${name.toLowerCase()} must be a whole number above 0`);
}
/** The target: every receipt sent within this long of the last submission. */
const TARGET_MS = 120_000;
/** The whole run, set-up and checks included, stops by itself after this. */
const TIME_LIMIT_MS = 30 * 60_000;
const RECEIPT_SUBJECT = /^Your application to .* was received: reference (\S+)$/;

/**
 * Applicants' names, in turn: most in Latin letters (with diacritics), the rest in the scripts
 * of applicants a US college commonly has. `[first, last]`.
 */
const NAMES: readonly (readonly [string, string])[] = [
  ['Avery', 'Lindqvist-Okafor'],
  ['José', 'Martínez García'],
  ['Siobhán', 'Ó Briain'],
  ['Ánh Thị', 'Nguyễn'],
  ['Łucja', 'Wiśniewska'],
  ['Şükrü', 'Öztürk'],
  ['Zoë', 'Brontë'],
  ['Mateo', 'Hernández'],
  ['Ελένη', 'Παπαδοπούλου'],
  ['Ярослав', 'Петренко'],
  ['민준', '김'],
  ['สมชาย', 'ใจดี'],
  ['محمد', 'العلي'],
  ['زهرا', 'رضایی'],
  ['דוד', 'כהן'],
  ['अनिल', 'शर्मा'],
  ['সৌমিত্র', 'দাস'],
  ['செல்வன்', 'முருகன்'],
  ['小明', '王'],
  ['優希', '田中'],
];

/**
 * Applicant `index`'s own application: the bench application with the applicant's name, own
 * street numbers and essays of its own. Real applications differ in every typed answer; were
 * they all alike, Typst would find each paragraph's layout in its memo (services/pdf/typst
 * keeps recent layouts between renders) and the render would cost a seventh of a real one.
 */
function ownAnswers(
  tenant: TenantConfig,
  base: Answers,
  context: FormContext,
  index: number,
  [first, last]: readonly [string, string],
): Answers {
  const own: Answers = {
    ...base,
    first_name: first,
    last_name: last,
    mailing_address_line_1: `${101 + index} Main St`,
    address_line_1: `${2200 + index} Ranch Road`,
  };
  for (const { question, visible } of visitQuestions(tenant.pages, base, context)) {
    const answer = base[question.key];
    if (visible && question.type === 'textarea' && typeof answer === 'string')
      own[question.key] =
        `In ${2010 + (index % 15)}, the ${index + 1}th spring on our ranch, I rebuilt a trailer hitch on my own. ${answer}`.slice(
          0,
          answer.length,
        );
  }
  return own;
}

// ── processes and clean-up ──────────────────────────────────────────────────────────────────

let server: ServerProcess | undefined;
let dataDir: string | undefined;
let closeSink: (() => Promise<void>) | undefined;

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
    if (server !== undefined) await stopServer(server);
    const pid = embeddedPostgresPid();
    if (pid !== undefined) {
      process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
      if (!(await until(() => !alive(pid), 30_000))) process.kill(pid, 'SIGKILL');
    }
    await closeSink?.();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

async function abort(why: string, code: number): Promise<never> {
  console.error(`bench/receipts: ${why}`);
  await cleanUp();
  process.exit(code);
}

process.once('SIGINT', () => void abort('interrupted; cleaned up', 130));
process.once('SIGTERM', () => void abort('terminated; cleaned up', 143));
setTimeout(
  () => void abort(`stopped after the ${TIME_LIMIT_MS / 60_000} min time limit`, 2),
  TIME_LIMIT_MS,
).unref();

// ── measuring the server ────────────────────────────────────────────────────────────────────

/** A field of /proc/PID/status in MiB (VmRSS now, VmHWM the peak since the start); 0 elsewhere. */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return kib / 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + kernel) a process has spent, from /proc; 0 elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The value at percentile `p` (0–100) of sorted values: the nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** Runs `task` over 0…count-1, `width` at a time. */
async function pool<T>(
  count: number,
  width: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

// ── seeding ─────────────────────────────────────────────────────────────────────────────────

interface Applicant {
  username: string;
  cookie: string;
  first: string;
  last: string;
}

/**
 * Confirmed accounts, each with an application row and a live session whose token the bench
 * keeps (the server stores its SHA-256, services/sessions.ts), written in one statement.
 */
async function seedAccounts(url: string, runId: string): Promise<Applicant[]> {
  const applicants = Array.from({ length: APPLICANTS }, (_, index) => {
    const [first, last] = NAMES[index % NAMES.length] ?? ['Avery', 'Lindqvist-Okafor'];
    return {
      username: `receipt-${runId}-${index}@example.com`,
      token: randomBytes(32).toString('base64url'),
      first,
      last,
    };
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[]) AS t(username, token)
       ), a AS (
         INSERT INTO accounts (username, password_hash, confirmed_at)
         SELECT username, '!', now() FROM input
         RETURNING id, username
       ), s AS (
         INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, expires_at)
         SELECT digest(input.token, 'sha256'), a.id, now(), now(), now() + interval '12 hours'
         FROM a JOIN input USING (username)
       )
       INSERT INTO applications (account_id) SELECT id FROM a`,
      [applicants.map(({ username }) => username), applicants.map(({ token }) => token)],
    );
  } finally {
    await client.end();
  }
  return applicants.map(({ username, token, first, last }) => ({
    username,
    cookie: `admit_session=${token}`,
    first,
    last,
  }));
}

/** What the bench's mail jobs came to, for a run whose receipts did not all arrive. */
async function mailJobStates(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      status: string;
      count: string;
      last_error: string | null;
    }>(
      `SELECT status, count(*)::text AS count, max(last_error) AS last_error
       FROM jobs WHERE kind = 'send-mail' GROUP BY status ORDER BY status`,
    );
    return rows
      .map(
        (row) =>
          `  ${row.status}: ${row.count}${row.last_error === null ? '' : ` (an error: ${row.last_error})`}`,
      )
      .join('\n');
  } finally {
    await client.end();
  }
}

// ── checking a receipt ──────────────────────────────────────────────────────────────────────

interface Submitted {
  applicant: Applicant;
  reference: string;
  /** performance.now() when the request went, and when its 200 came back. */
  sentAt: number;
  ackAt: number;
}

/** Why a receipt is not the applicant's receipt with its PDF, or undefined when it is. */
async function problemWith(submitted: Submitted, arrival: Arrival): Promise<string | undefined> {
  const { subject, pdf, fileName } = parseReceipt(arrival.raw);
  if (RECEIPT_SUBJECT.exec(subject)?.[1] !== submitted.reference)
    return `the subject "${subject}" does not name the reference ${submitted.reference}`;
  if (pdf === undefined) return 'no PDF attached';
  if (fileName === undefined) return 'the PDF attachment has no file name';
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return 'the attachment is not a PDF';
  if (!pdf.subarray(-1024).toString('latin1').includes('%%EOF')) return 'the PDF is cut short';
  const text = await pdftotext(pdf);
  if (text === undefined) return 'pdftotext cannot read the PDF';
  if (!text.includes(submitted.reference))
    return `the PDF does not hold the reference ${submitted.reference}`;
  if (!text.includes(submitted.applicant.username))
    return `the PDF does not hold the account ${submitted.applicant.username}`;
  return undefined;
}

/** The PDF's text layer (poppler's pdftotext), or undefined when poppler cannot read it. */
function pdftotext(pdf: Buffer): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = execFile(
      'pdftotext',
      ['-enc', 'UTF-8', '-', '-'],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        resolve(error === null ? stdout : undefined);
      },
    );
    child.stdin?.end(pdf);
  });
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────

const fmt = (value: number, digits = 1) => value.toFixed(digits);
const seconds = (ms: number) => `${fmt(ms / 1000)} s`;

async function main(): Promise<void> {
  const script = flags.server === '' ? join(REPO_ROOT, 'server/dist/main.js') : flags.server;
  if (flags.server === '') {
    console.log('… building the server bundle (scripts/build.mjs)');
    const build = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build.mjs')], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server bundle did not build');
  }
  const tenant = loadTenant('gallatin');
  const { answers, context } = fullyAnsweredApplication(tenant);

  const sink = await startMailSink();
  closeSink = sink.close;
  dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-receipts-'));
  // As root the embedded PostgreSQL runs as "postgres", which must traverse the folder.
  chmodSync(dataDir, 0o755);
  console.log(
    `… starting ${script} (embedded PostgreSQL in ${dataDir}, mail to the sink on port ${sink.port})`,
  );
  server = await startServer({
    script,
    env: {
      NODE_ENV: 'production',
      TENANT: 'gallatin',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      DEV_MAILBOX: '0',
      LOG_LEVEL: 'warn',
      ...(flags['node-arg'].length > 0 ? { NODE_OPTIONS: flags['node-arg'].join(' ') } : {}),
    },
  });
  const pid = server.child.pid ?? 0;
  const url = runningEmbeddedUrl(join(dataDir, 'pg'));
  if (url === undefined) throw new Error('the embedded PostgreSQL is not running');

  const runId = Date.now().toString(36);
  const seedStart = performance.now();
  console.log(
    `… seeding ${APPLICANTS} applicants (accounts and sessions in the database, answers through the API)`,
  );
  const applicants = await seedAccounts(url, runId);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const endpoint = server;
  await pool(applicants.length, CONNECTIONS, async (index) => {
    const applicant = applicants[index];
    if (applicant === undefined) return;
    const { cookie } = applicant;
    for (const [tab_id, chosen_tab] of Object.entries(context.tabs ?? {}))
      ok(
        'PUT /api/tabs',
        await call(endpoint, 'PUT', '/api/tabs', { body: { tab_id, chosen_tab }, cookie, agent }),
      );
    for (const [button_id, num_components] of Object.entries(context.addAnother ?? {}))
      ok(
        'PUT /api/add-another',
        await call(endpoint, 'PUT', '/api/add-another', {
          body: { button_id, num_components },
          cookie,
          agent,
        }),
      );
    const own = ownAnswers(tenant, answers, context, index, [applicant.first, applicant.last]);
    ok('PUT /api/answer', await call(endpoint, 'PUT', '/api/answer', { body: own, cookie, agent }));
  });
  console.log(`  seeded in ${seconds(performance.now() - seedStart)}`);

  // ── the measured part ─────────────────────────────────────────────────────────────────────
  const byRecipient = new Map<string, Arrival>();
  let receiptsIn = 0;
  let lastReceiptAt = 0;
  let firstReceiptAt = Number.POSITIVE_INFINITY;
  sink.onArrival((arrival) => {
    byRecipient.set(arrival.to, arrival);
    receiptsIn += 1;
    lastReceiptAt = Math.max(lastReceiptAt, arrival.at);
    firstReceiptAt = Math.min(firstReceiptAt, arrival.at);
  });
  let peakRss = memoryMiB(pid, 'VmRSS');
  const rssBefore = peakRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryMiB(pid, 'VmRSS'));
  }, 100);
  const cpuBefore = cpuSeconds(pid);
  const loadBefore = loadavg()[0] ?? 0;

  console.log(`… submitting ${APPLICANTS} applications, ${CONNECTIONS} at a time`);
  const submitStart = performance.now();
  const submitted = await pool(
    applicants.length,
    CONNECTIONS,
    async (index): Promise<Submitted> => {
      const applicant = applicants[index];
      if (applicant === undefined) throw new Error('no applicant');
      const sentAt = performance.now();
      const reply = ok(
        `POST /api/submit for ${applicant.username}`,
        await call(endpoint, 'POST', '/api/submit', { cookie: applicant.cookie, agent }),
      );
      const ackAt = performance.now();
      const { reference_number: reference } = JSON.parse(reply.body) as {
        reference_number: string;
      };
      return { applicant, reference, sentAt, ackAt };
    },
  );
  const firstAck = Math.min(...submitted.map(({ ackAt }) => ackAt));
  const lastAck = Math.max(...submitted.map(({ ackAt }) => ackAt));
  console.log(
    `  ${APPLICANTS} acknowledged in ${seconds(lastAck - submitStart)}; ${receiptsIn} receipts in the sink by then`,
  );
  const allIn = await until(
    () => receiptsIn >= APPLICANTS || server?.child.exitCode !== null,
    WAIT_MS,
  );
  const doneAt = performance.now();
  clearInterval(sampler);
  const cpuUsed = cpuSeconds(pid) - cpuBefore;
  const peakSinceStart = memoryMiB(pid, 'VmHWM');
  agent.destroy();

  // ── checks (after the measuring, so they cost it nothing) ──────────────────────────────────
  console.log(`… checking the ${byRecipient.size} receipts (subject, PDF attachment, its text)`);
  const problems: string[] = [];
  const latencies: number[] = [];
  await pool(submitted.length, Math.max(1, cpus().length), async (index) => {
    const item = submitted[index];
    if (item === undefined) return;
    const arrival = byRecipient.get(item.applicant.username);
    if (arrival === undefined) {
      problems.push(`${item.applicant.username}: no receipt arrived`);
      return;
    }
    latencies.push(arrival.at - item.ackAt);
    const problem = await problemWith(item, arrival);
    if (problem !== undefined) problems.push(`${item.applicant.username}: ${problem}`);
  });
  if (sink.arrivals.length > byRecipient.size)
    problems.push(`${sink.arrivals.length - byRecipient.size} applicants got more than one mail`);
  latencies.sort((a, b) => a - b);
  const jobs = allIn ? '' : await mailJobStates(url);
  const bytes = sink.arrivals.reduce((sum, { raw }) => sum + raw.length, 0);

  // ── report ────────────────────────────────────────────────────────────────────────────────
  const cpu = cpus();
  const submitSeconds = (lastAck - submitStart) / 1000;
  const sendSeconds = (lastReceiptAt - firstReceiptAt) / 1000;
  const afterLast = lastReceiptAt - lastAck;
  console.log('');
  console.log(`bench/receipts — ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${fmt(loadBefore, 2)} before the submissions; embedded PostgreSQL, mail by SMTP to a loopback sink`,
  );
  console.log(
    `${APPLICANTS} applicants, bench/pdf's fully answered application each (${JSON.stringify(answers).length} bytes of answers), ${CONNECTIONS} submissions at a time`,
  );
  console.log('');
  console.log(
    `submissions: ${fmt(APPLICANTS / submitSeconds, 0)}/s (${APPLICANTS} in ${fmt(submitSeconds)} s)`,
  );
  console.log(
    `receipts: ${receiptsIn} of ${APPLICANTS} arrived, ${fmt(receiptsIn / Math.max(sendSeconds, 1e-3), 1)}/s (first to last receipt ${fmt(sendSeconds)} s), ${fmt(bytes / receiptsIn / 1024, 0)} KiB a mail`,
  );
  console.log(
    allIn
      ? `all sent: ${seconds(afterLast)} after the last submission's acknowledgement, ${seconds(lastReceiptAt - firstAck)} after the first's`
      : `NOT all sent: ${APPLICANTS - receiptsIn} receipts missing ${seconds(doneAt - lastAck)} after the last submission`,
  );
  console.log(
    `submit → receipt (each applicant, from its acknowledgement): p50 ${seconds(percentile(latencies, 50))}, p95 ${seconds(percentile(latencies, 95))}, max ${seconds(latencies.at(-1) ?? 0)}`,
  );
  console.log(
    `server: peak RSS ${fmt(peakRss, 0)} MiB during the run (${fmt(rssBefore, 0)} MiB before the submissions; VmHWM ${fmt(peakSinceStart, 0)} MiB since its start), ${fmt(cpuUsed)} CPU s from the first submission to the last receipt`,
  );
  const pass = allIn && afterLast <= TARGET_MS;
  console.log(
    `target: every receipt within ${TARGET_MS / 1000} s of the last submission  ${pass ? 'PASS' : 'MISS'}`,
  );
  if (jobs !== '') console.log(`the mail jobs:\n${jobs}`);
  if (problems.length === 0)
    console.log(
      `every receipt checked: to its applicant, its reference, a whole PDF with the applicant's reference and account`,
    );
  else {
    console.log(`${problems.length} receipts wrong or missing; the figures above are not valid:`);
    for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench/receipts failed: ${error instanceof Error ? error.message : String(error)}`);
  if (server !== undefined) console.error(server.output().slice(-4000));
  process.exitCode = 1;
} finally {
  await cleanUp();
}
