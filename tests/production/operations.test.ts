/**
 * What a college's IT sees of the server as it is built for production (main.js bundled by
 * scripts/build.mjs's `bundleServer`), in docs/operations/observability.md:
 *
 * - every line the process prints is JSON (pino), the embedded PostgreSQL's and the lookup
 *   import's included, with one access line per request that names the route, never the
 *   query, a password or a code;
 * - the health endpoints and the Prometheus listener;
 * - a slow body is cut after REQUEST_TIMEOUT_S, and connections past MAX_CONNECTIONS are
 *   refused;
 * - a configuration it refuses is said as JSON on stderr, exit status 78;
 * - a database role that may not create extensions is told which three to ask its DBA for.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { bundleServer as bundle } from '../../scripts/build.mjs';
import { type ExternalPostgres, startExternalPostgres } from '../support/postgres.ts';
import {
  call,
  confirmationCode,
  freePort,
  ok,
  ready,
  REPO_ROOT,
  type ServerProcess,
  startServer,
  stopServer,
} from '../support/server.ts';

const bundleProduction = bundle as (outDir: string) => Promise<string[]>;

const USERNAME = 'operations@example.com';
const PASSWORD = 'Gallatin-Valley-2027';
const WRONG_PASSWORD = 'Not-The-Password-2027';
/** The request timeout the slow-body test runs with (the default is 30 s). */
const REQUEST_TIMEOUT_S = 3;
const MAX_CONNECTIONS = 40;

interface LogLine {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

const folders: string[] = [];
let bundleDir = '';
let script = '';
let server: ServerProcess | undefined;
let metricsPort = 0;

/** The server the embedded-database tests run against. */
function started(): ServerProcess {
  if (server === undefined) throw new Error('the server did not start');
  return server;
}

const log = (line: string) => {
  console.log(`[operations] ${line}`);
};

/** Every line of `output`, parsed; a line that is not a JSON object with level, time, msg fails. */
function jsonLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new Error(`a line of the server's output is not JSON: ${line}`);
      }
      expect(parsed, line).toMatchObject({
        level: expect.any(Number) as number,
        time: expect.any(Number) as number,
        msg: expect.any(String) as string,
      });
      return parsed as LogLine;
    });
}

/** Runs the built server to its exit (a start it refuses); answers its status and output. */
function runToExit(env: Record<string, string>): {
  status: number | null;
  stdout: string;
  stderr: string;
} {
  const result = spawnSync(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  mkdirSync(join(REPO_ROOT, 'server', 'dist'), { recursive: true });
  bundleDir = mkdtempSync(join(REPO_ROOT, 'server', 'dist', 'operations-'));
  folders.push(bundleDir);
  await bundleProduction(relative(REPO_ROOT, bundleDir));
  script = relative(REPO_ROOT, join(bundleDir, 'main.js'));
}, 120_000);

afterAll(async () => {
  if (server !== undefined) await stopServer(server);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 60_000);

describe('the built server on its embedded PostgreSQL', () => {
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admit-operations-'));
    folders.push(dataDir);
    metricsPort = await freePort();
    server = await startServer({
      script,
      env: {
        DATA_DIR: dataDir,
        SMTP_URL: '',
        DEV_MAILBOX: '1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SOFFICE: 'off',
        // The bundle sits a folder deeper than server/dist/main.js: the lists are beside it.
        LOOKUPS_DIR: join(REPO_ROOT, 'server', 'lookups'),
        METRICS_PORT: String(metricsPort),
        REQUEST_TIMEOUT_S: String(REQUEST_TIMEOUT_S),
        MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      },
    });
    log(`server ${server.origin}, metrics on 127.0.0.1:${metricsPort}`);
  }, 180_000);

  it('answers the health endpoints as JSON, and unknown paths a program asks for as JSON 404s', async () => {
    const running = started();
    expect(JSON.parse(ok('live', await call(running, 'GET', '/health/live')).body)).toEqual({
      status: 'ok',
    });
    const readiness = JSON.parse(ok('ready', await ready(running)).body) as {
      status: string;
    };
    expect(readiness.status).toBe('ready');
    for (const path of ['/api/nope', '/healthz', '/readyz', '/metrics', '/health/nope']) {
      const reply = await call(running, 'GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(reply.body), path).toEqual({ message: 'Not found.' });
    }
  });

  it('serves Prometheus text on METRICS_PORT with request-duration histograms by route', async () => {
    const running = started();
    ok('lookup', await call(running, 'GET', '/lookup/find?category=hs_ceeb&text=bozeman'));
    const scrape = await call(
      { ...running, port: metricsPort, origin: `http://127.0.0.1:${metricsPort}` },
      'GET',
      '/metrics',
    );
    expect(scrape.status).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scrape.body).toMatch(
      /^admit_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/lookup\/find",status="200"\} \d+$/m,
    );
    expect(scrape.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(scrape.body).toMatch(/^admit_database_up 1$/m);
    expect(scrape.body).not.toContain('bozeman');
  });

  it(`cuts a body sent a byte at a time after REQUEST_TIMEOUT_S (${REQUEST_TIMEOUT_S} s here), with 408`, async () => {
    const running = started();
    const socket = connect(running.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    const closed = new Promise<number>((resolve) => {
      socket.on('close', () => {
        resolve(performance.now());
      });
    });
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) =>
      socket.once('connect', () => {
        resolve();
      }),
    );
    const sentAt = performance.now();
    socket.write(
      `POST /public/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${running.origin}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`,
    );
    // A byte a second: the connection is never idle, only slow.
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('{');
    }, 1_000);
    try {
      const closedAt = await closed;
      // The bound: the timeout, plus Node's check every second, plus a busy machine's margin.
      expect(closedAt - sentAt).toBeLessThan((REQUEST_TIMEOUT_S + 5) * 1000);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    // The server goes on.
    ok('live after the cut', await call(running, 'GET', '/health/live'));
  }, 30_000);

  it(`refuses connections past MAX_CONNECTIONS (${MAX_CONNECTIONS} here), and takes new ones once they close`, async () => {
    const running = started();
    const sockets: Socket[] = [];
    const refused: Promise<boolean>[] = [];
    for (let i = 0; i < MAX_CONNECTIONS + 10; i += 1) {
      const socket = connect(running.port, '127.0.0.1');
      socket.on('error', () => undefined);
      sockets.push(socket);
      // Closed by the server without a word, or still open after a second.
      refused.push(
        new Promise((resolve) => {
          socket.once('close', () => {
            resolve(true);
          });
          setTimeout(() => {
            resolve(false);
          }, 1_000);
        }),
      );
      await new Promise<void>((resolve) =>
        socket
          .once('connect', () => {
            resolve();
          })
          .once('close', () => {
            resolve();
          }),
      );
    }
    const outcome = await Promise.all(refused);
    for (const socket of sockets) socket.destroy();
    expect(outcome.filter(Boolean).length).toBeGreaterThanOrEqual(10);
    expect(outcome.filter((closed) => !closed).length).toBeLessThanOrEqual(MAX_CONNECTIONS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    ok('live once they closed', await call(running, 'GET', '/health/live'));
  }, 30_000);

  it('prints nothing but JSON lines, the embedded PostgreSQL’s and the lookup import’s included; one access line per request with the route, never a password, code or query', async () => {
    const running = started();
    ok(
      'signup',
      await call(running, 'POST', '/public/signup', {
        body: { username: USERNAME, password: PASSWORD },
      }),
    );
    const code = await confirmationCode(running, USERNAME);
    ok(
      'confirm',
      await call(running, 'POST', '/public/confirm', { body: { username: USERNAME, code } }),
    );
    const failed = await call(running, 'POST', '/public/login', {
      body: { username: USERNAME, password: WRONG_PASSWORD },
    });
    expect(failed.status).toBe(400);
    ok(
      'login',
      await call(running, 'POST', '/public/login', {
        body: { username: USERNAME, password: PASSWORD },
      }),
    );
    await call(running, 'GET', '/service/tmp-pdf?token=a-temporary-token-value');
    await stopServer(running);
    server = undefined;

    const lines = jsonLines(running.output());
    const messages = lines.map((line) => line.msg);
    expect(messages).toContainEqual(expect.stringMatching(/^embedded PostgreSQL: /));
    expect(messages).toContainEqual(expect.stringMatching(/^lookups: imported [\d,]+ colleges/));
    expect(messages).toContainEqual(expect.stringMatching(/Admit is ready at /));

    const access = lines.filter((line) => 'route' in line && typeof line.status === 'number');
    // The slow body cut after REQUEST_TIMEOUT_S is a line too.
    expect(lines.filter((line) => line.aborted === true).map((line) => line.msg)).toEqual([
      expect.stringMatching(/^POST \/public\/login ended before its response /),
    ]);
    const said = access.map((line) => line.msg);
    expect(said).toContain('POST /public/login 400');
    expect(said).toContain('POST /public/login 200');
    expect(said).toContain('POST /public/confirm 200');
    expect(said).toContain('GET /lookup/find 200');
    expect(said).toContain('GET /service/tmp-pdf 401');
    expect(said).toContain('GET (unmatched) 404');
    for (const line of access) {
      expect(line.level, line.msg).toBe(30);
      expect(typeof line.durationMs, line.msg).toBe('number');
      expect(String(line.route), line.msg).not.toContain('?');
    }
    const everything = running.output();
    for (const secret of [PASSWORD, WRONG_PASSWORD, 'a-temporary-token-value', 'bozeman'])
      expect(everything).not.toContain(secret);
    // The code is in the dev mailbox's log line (DEV_MAILBOX=1 logs each mail's text), never in
    // an access line.
    expect(JSON.stringify(access)).not.toContain(code);
  }, 60_000);
});

describe('a start the server refuses', () => {
  it('says a configuration problem as one JSON line on stderr and exits 78', () => {
    const result = runToExit({ PORT: 'eighty', DATA_DIR: join(tmpdir(), 'admit-never') });
    expect(result.status).toBe(78);
    expect(result.stdout).toBe('');
    const [line, ...more] = jsonLines(result.stderr);
    expect(more).toEqual([]);
    expect(line?.msg).toBe(
      'Admit cannot start: PORT must be a whole number from 0 to 65535, not "eighty"',
    );
  });

  it('lists each problem of a broken college in the message, one a line, and as `problems`', () => {
    const college = mkdtempSync(join(tmpdir(), 'admit-operations-college-'));
    folders.push(college);
    writeFileSync(join(college, 'college.json'), '{}\n');
    const result = runToExit({ TENANT_DIR: college, DATA_DIR: join(tmpdir(), 'admit-never') });
    expect(result.status).toBe(78);
    const [line, ...more] = jsonLines(result.stderr);
    expect(more).toEqual([]);
    const problems = line?.problems as string[];
    expect(problems.length).toBeGreaterThan(0);
    expect(line?.msg).toMatch(
      /^Admit cannot start: the college .* (a problem|\d+ problems):\n {2}/,
    );
    for (const problem of problems) expect(line?.msg).toContain(`\n  ${problem}`);
  });
});

describe('a database role that may not create extensions', () => {
  let postgres: ExternalPostgres | undefined;
  let url = '';
  beforeAll(async () => {
    postgres = await startExternalPostgres(log);
    // As a DBA may give it: a login role that does not own its database and has no CREATE on
    // it (so no extensions), but may make tables in its schema.
    const password = 'limited-role-password';
    await postgres.query('postgres', `CREATE ROLE limited LOGIN PASSWORD '${password}'`);
    await postgres.query('postgres', 'CREATE DATABASE admit_limited');
    await postgres.query('admit_limited', 'GRANT USAGE, CREATE ON SCHEMA public TO limited');
    url = `postgres://limited:${password}@127.0.0.1:${postgres.port}/admit_limited`;
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  }, 60_000);

  it('is told the three extensions and the statements its DBA runs, exit 78; once they exist, the server starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admit-operations-limited-'));
    folders.push(dataDir);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, SOFFICE: 'off', LOOKUPS_DIR: 'off' };
    const refused = runToExit(env);
    expect(refused.status, refused.stderr).toBe(78);
    const last = jsonLines(`${refused.stdout}\n${refused.stderr}`).at(-1);
    expect(last?.msg).toContain(
      'Ask the database administrator to connect to the database "admit_limited" as a superuser',
    );
    for (const extension of ['citext', 'pgcrypto', 'pg_trgm'])
      expect(last?.msg).toContain(`  CREATE EXTENSION IF NOT EXISTS ${extension};`);

    // The DBA runs them.
    for (const extension of ['citext', 'pgcrypto', 'pg_trgm'])
      await postgres?.query('admit_limited', `CREATE EXTENSION IF NOT EXISTS ${extension}`);
    server = await startServer({ script, env: { ...env, SMTP_URL: '', NODE_ENV: 'test' } });
    ok('ready', await ready(server));
    await stopServer(server);
    server = undefined;
  }, 180_000);
});
