/**
 * Builds once (unless E2E_SKIP_BUILD=1, or the last build is newer than every source, as
 * `npm start` checks), starts the real server on 127.0.0.1 with a free port and a fresh
 * DATA_DIR, waits for GET /health/ready, and tells the workers where it is
 * (E2E_BASE_URL, E2E_DATA_DIR). The returned function is the teardown: SIGTERM, wait, remove
 * the folder. The server's output goes to test-results/e2e-server.log.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { buildIsCurrent as isCurrent } from '../../scripts/build.mjs';
import { RESULTS_DIR, ROOT, SERVER_LOG } from './support/paths.ts';

const buildIsCurrent = isCurrent as () => boolean;

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

function logTail(lines = 40): string {
  if (!existsSync(SERVER_LOG)) return '(no server log)';
  return readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-lines).join('\n');
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${String(child.exitCode ?? child.signalCode)}) before it was healthy:\n${logTail()}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/health/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not healthy after ${HEALTH_TIMEOUT_MS} ms:\n${logTail()}`);
}

/** The embedded PostgreSQL's pid, if one is still running in DATA_DIR (postmaster.pid). */
function postgresPid(dataDir: string): number | undefined {
  const pidFile = join(dataDir, 'pg', 'cluster', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  if (process.env.E2E_SKIP_BUILD === '1') {
    console.log('▶ e2e: E2E_SKIP_BUILD=1, the build as it is');
  } else if (buildIsCurrent()) {
    // `npm test` builds once: tests/durability's crash test runs `node scripts/build.mjs`
    // before the journeys, and a second build of unchanged sources would make the same files.
    // Any source changed since that build started (npm start's own check) builds again.
    console.log('▶ e2e: the build is newer than its sources (scripts/build.mjs), not rebuilt');
  } else {
    console.log('▶ e2e: building the SPA and the server (node scripts/build.mjs)');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      throw new Error(
        `node scripts/build.mjs failed (exit ${String(build.status ?? build.signal)})`,
      );
    }
  }
  const main = join(ROOT, 'server', 'dist', 'main.js');
  const spa = join(ROOT, 'form-app', 'dist', 'index.html');
  for (const built of [main, spa]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run without E2E_SKIP_BUILD=1`);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'admit-e2e-'));
  // As root the embedded PostgreSQL runs as "postgres", which must reach DATA_DIR/pg.
  chmodSync(dataDir, 0o755);
  // The SPA is served from a copy: a build made meanwhile (npm start, another run) would
  // otherwise swap the files under the running journeys.
  const staticDir = join(dataDir, 'static');
  const officeDir = join(dataDir, 'office');
  try {
    cpSync(join(ROOT, 'form-app', 'dist'), staticDir, { recursive: true });
    cpSync(join(ROOT, 'office-app', 'dist'), officeDir, { recursive: true });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = openSync(SERVER_LOG, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: baseURL,
    STATIC_DIR: staticDir,
    OFFICE_DIR: officeDir,
    // Every request in the log (E2E_LOG_LEVEL=info for a quieter one).
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'debug',
    // The pseudo-locale (en-XA, `?lang=en-XA`) is served too: pseudo.e2e.ts walks the app in it.
    ADMIT_PSEUDO_LOCALE: '1',
  };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const server = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  console.log(
    `▶ e2e: server pid ${String(server.pid)} at ${baseURL}, DATA_DIR ${dataDir}, log ${SERVER_LOG}`,
  );

  const teardown = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const stopped = await Promise.race([
        exited(server).then(() => true),
        new Promise<boolean>((resolve) =>
          setTimeout(() => {
            resolve(false);
          }, STOP_TIMEOUT_MS),
        ),
      ]);
      if (!stopped) {
        console.warn(`e2e: the server did not stop within ${STOP_TIMEOUT_MS} ms; killing it`);
        server.kill('SIGKILL');
        await exited(server);
      }
    }
    // A PostgreSQL left behind by a killed server would hold DATA_DIR: stop it (fast shutdown).
    const pid = postgresPid(dataDir);
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGINT');
        await new Promise((resolve) => setTimeout(resolve, 2000));
      } catch {
        // Already gone.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  return teardown;
}
