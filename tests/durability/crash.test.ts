/**
 * Crash safety of the embedded default (issue 4, ARCHITECTURE "WAL and fsync: crash-safe"):
 * the built server is killed with SIGKILL while saves are in flight, its embedded PostgreSQL
 * is left running on the data folder, the server is started again on the same DATA_DIR, and
 * every answer that had been acknowledged (200 received) must be there.
 *
 * Deterministic by construction, with no timing assertion: each answer key has its own chain
 * of saves, one in flight at a time, writing increasing values (s1, s2, …). Within a chain
 * the server applies saves in the order they were acknowledged, so after the restart each
 * key must hold at least its last acknowledged value (and at most the last one sent, which
 * may have committed without its 200 arriving). The kill comes from inside the response
 * handler of the N-th acknowledgement, when every other chain has a save outstanding.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const USERNAME = 'crash.test@example.com';
const PASSWORD = 'Gallatin-Valley-2027';
/** Text keys of the gallatin form (45 characters at most); one save chain each. */
const KEYS = [
  'first_name',
  'middle_name',
  'last_name',
  'prev_name',
  'county',
  'birth_city',
  'city',
  'mailing_city',
  'parent_first_name',
  'parent_last_name',
  'parent_city',
  'parent_2_first_name',
  'parent_2_last_name',
  'parent_2_city',
  'military_city',
  'ged_location',
] as const;
type Key = (typeof KEYS)[number];
/** The kill comes with this acknowledgement. */
const ACKS_BEFORE_KILL = 400;

// ── processes ────────────────────────────────────────────────────────────────────────────────

interface Server {
  child: ChildProcess;
  port: number;
  origin: string;
  output: () => string;
  exited: Promise<void>;
}

const servers: Server[] = [];
let dataDir = '';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** The pid of the PostgreSQL running on our data folder, if any. */
function postgresPid(): number | undefined {
  const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '', // the embedded default is what is under test
      SMTP_URL: '', // the dev mailbox
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const server = { child, port, origin, output: () => output, exited };
  servers.push(server);
  for (const end = Date.now() + 120_000; Date.now() < end;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const health = await call(server, 'GET', '/api/health').catch(() => undefined);
    if (health?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within 120 s:\n${output}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([
    server.exited.then(() => true),
    new Promise<boolean>((resolve) => {
      setTimeout(() => {
        resolve(false);
      }, 30_000).unref();
    }),
  ]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

// ── HTTP (node:http: no retries, an error is an error) ─────────────────────────────────────────

interface Reply {
  status: number;
  body: string;
  setCookie: string[];
}

function call(
  server: Server,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; agent?: Agent } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { origin: server.origin };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers,
        agent: options.agent,
        timeout: 60_000,
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

function ok(step: string, reply: Reply): Reply {
  if (reply.status !== 200) throw new Error(`${step}: ${reply.status} ${reply.body}`);
  return reply;
}

async function logIn(server: Server): Promise<string> {
  const login = ok(
    'login',
    await call(server, 'POST', '/public/login', {
      body: { username: USERNAME, password: PASSWORD },
    }),
  );
  const session = login.setCookie
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('admit_session='));
  if (session === undefined) throw new Error('login set no session cookie');
  return session;
}

async function signUpAndLogIn(server: Server): Promise<string> {
  ok(
    'signup',
    await call(server, 'POST', '/public/signup', {
      body: { username: USERNAME, password: PASSWORD },
    }),
  );
  const mail = ok(
    'dev mailbox',
    await call(server, 'GET', `/dev/mail?to=${encodeURIComponent(USERNAME)}&limit=1`),
  );
  const code = /\b(\d{6})\b/.exec(
    (JSON.parse(mail.body) as { text: string }[])[0]?.text ?? '',
  )?.[1];
  if (code === undefined) throw new Error('no confirmation code in the mail');
  ok(
    'confirm',
    await call(server, 'POST', '/public/confirm', { body: { username: USERNAME, code } }),
  );
  return logIn(server);
}

const value = (seq: number) => `s${seq}`;
const seqOf = (stored: unknown) =>
  typeof stored === 'string' && /^s\d+$/.test(stored) ? Number(stored.slice(1)) : Number.NaN;

// ── the test ─────────────────────────────────────────────────────────────────────────────────

describe('crash safety: SIGKILL while saves are in flight', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'pipe' });
    dataDir = mkdtempSync(join(tmpdir(), 'admit-crash-'));
    // As root the embedded PostgreSQL runs as "postgres", which must traverse the folder.
    chmodSync(dataDir, 0o755);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    const pid = postgresPid();
    if (pid !== undefined) {
      process.kill(pid, 'SIGINT');
      if (!(await until(() => !alive(pid), 30_000))) process.kill(pid, 'SIGKILL');
    }
    if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('finds every acknowledged answer after a restart on the same DATA_DIR', async () => {
    const first = await startServer();
    const cookie = await signUpAndLogIn(first);

    // Every key starts acknowledged at s0, so every key has something to find afterwards.
    ok(
      'first save',
      await call(first, 'PUT', '/api/answer', {
        body: Object.fromEntries(KEYS.map((key) => [key, value(0)])),
        cookie,
      }),
    );
    const acked = new Map<Key, number>(KEYS.map((key) => [key, 0]));
    const sent = new Map<Key, number>(KEYS.map((key) => [key, 0]));
    const refused: string[] = [];
    let acks = 0;
    let inFlightAtKill = -1;

    const agent = new Agent({ keepAlive: true, maxSockets: KEYS.length });
    const chain = async (key: Key) => {
      for (let seq = 1; ; seq += 1) {
        sent.set(key, seq);
        let reply: Reply;
        try {
          reply = await call(first, 'PUT', '/api/answer', {
            body: { [key]: value(seq) },
            cookie,
            agent,
          });
        } catch {
          return; // the server is gone: this save was in flight, or sent after the kill
        }
        if (reply.status !== 200) {
          refused.push(`${key}=${value(seq)}: ${reply.status} ${reply.body}`);
          return;
        }
        acked.set(key, seq);
        acks += 1;
        if (acks === ACKS_BEFORE_KILL) {
          first.child.kill('SIGKILL');
          inFlightAtKill = KEYS.filter((k) => (sent.get(k) ?? 0) > (acked.get(k) ?? 0)).length;
        }
      }
    };
    await Promise.all(KEYS.map(chain));
    agent.destroy();
    await first.exited;

    expect(refused).toEqual([]);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acks).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect(inFlightAtKill).toBeGreaterThan(0);
    // The killed server's PostgreSQL lives on, holding the data folder.
    const leftover = postgresPid();
    expect(leftover).toBeDefined();

    const second = await startServer();
    expect(second.output()).toContain('left by an earlier run');
    expect(second.child.exitCode).toBeNull();
    if (leftover !== undefined) expect(alive(leftover)).toBe(false);

    const profile = ok(
      'profile',
      await call(second, 'GET', '/api/profile', { cookie: await logIn(second) }),
    );
    const { answer } = JSON.parse(profile.body) as { answer: Record<string, unknown> };
    const lost = KEYS.flatMap((key) => {
      const stored = seqOf(answer[key]);
      const lastAcked = acked.get(key) ?? 0;
      const lastSent = sent.get(key) ?? 0;
      return stored >= lastAcked && stored <= lastSent
        ? []
        : [
            `${key}: stored ${String(answer[key])}, last acknowledged ${value(lastAcked)}, last sent ${value(lastSent)}`,
          ];
    });
    expect(lost).toEqual([]);
  }, 300_000);
});
