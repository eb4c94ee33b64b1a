/**
 * Crash safety of the embedded default (docs/architecture.md, Adapters: "WAL and fsync:
 * crash-safe"): the built server is killed with SIGKILL while saves are in flight, its embedded
 * PostgreSQL is left running on the data folder, the server is started again on the same DATA_DIR,
 * and every answer that had been acknowledged (200 received) must be there.
 *
 * Deterministic by construction, with no timing assertion: each answer key has its own chain
 * of saves, one in flight at a time, writing increasing values (s1, s2, …). Within a chain
 * the server applies saves in the order they were acknowledged, so after the restart each
 * key must hold at least its last acknowledged value (and at most the last one sent, which
 * may have committed without its 200 arriving). The kill comes from inside the response
 * handler of the N-th acknowledgement, when every other chain has a save outstanding.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  alive,
  call,
  logIn,
  ok,
  type Reply,
  REPO_ROOT,
  type ServerProcess,
  signUpAndLogIn,
  startServer,
  stopServer,
  until,
} from '../support/server.ts';

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

const servers: ServerProcess[] = [];
let dataDir = '';

/** The pid of the PostgreSQL running on our data folder, if any. */
function postgresPid(): number | undefined {
  const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

/** The built server on our data folder, with its embedded PostgreSQL. */
function startOnDataDir(): Promise<ServerProcess> {
  return startServer({
    script: 'server/dist/main.js',
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '', // the embedded default is what is under test
      SMTP_URL: '', // the dev mailbox
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    onStart: (server) => servers.push(server),
  });
}

const value = (seq: number) => `s${seq}`;
const seqOf = (stored: unknown) =>
  typeof stored === 'string' && /^s\d+$/.test(stored) ? Number(stored.slice(1)) : Number.NaN;

// ── the test ─────────────────────────────────────────────────────────────────────────────────

describe('crash safety: SIGKILL while saves are in flight', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' });
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
    const first = await startOnDataDir();
    const cookie = await signUpAndLogIn(first, USERNAME, PASSWORD);

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

    const second = await startOnDataDir();
    expect(second.output()).toContain('left by an earlier run');
    expect(second.child.exitCode).toBeNull();
    if (leftover !== undefined) expect(alive(leftover)).toBe(false);

    const profile = ok(
      'profile',
      await call(second, 'GET', '/api/profile', {
        cookie: await logIn(second, USERNAME, PASSWORD),
      }),
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
