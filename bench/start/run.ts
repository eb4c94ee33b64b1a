/**
 * How long the built server takes to serve after a start (docs/operations/install.md: "Starting
 * it never builds"): from `node server/dist/main.js` to the first 200 of GET /health/ready, on
 * the embedded PostgreSQL, once on an empty DATA_DIR (cold: initdb, migrations, the lookup
 * import) and then `--warm=N` times on the same folder (warm: what a restart or an upgrade
 * costs). Beside it, in the same run, the baseline: a bare Fastify process from spawn to its
 * first answer, so the figure reads as "so many bare processes".
 *
 *   npx tsx bench/start/run.ts                  # 1 cold start, 5 warm
 *   npx tsx bench/start/run.ts --warm=10
 *   npx tsx bench/start/run.ts --server=/opt/admit/server/dist/main.js   # a release's server
 *
 * Builds server/dist and form-app/dist first when either is missing (scripts/build.mjs).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { freePort, REPO_ROOT } from '../../tests/support/server.ts';
import { median } from '../median.ts';

const { values } = parseArgs({
  options: { warm: { type: 'string', default: '5' }, server: { type: 'string' } },
});
const warmRuns = Number(values.warm);
const script = resolve(values.server ?? join(REPO_ROOT, 'server', 'dist', 'main.js'));
/** The release's layout and the repository's: the server's folder sits two levels below the root. */
const serverRoot = dirname(dirname(dirname(script)));

if (
  values.server === undefined &&
  (!existsSync(script) || !existsSync(join(REPO_ROOT, 'form-app', 'dist', 'index.html')))
) {
  // @ts-expect-error -- a plain ESM script of the repository, without type declarations.
  const { buildAll } = (await import('../../scripts/build.mjs')) as {
    buildAll: () => Promise<void>;
  };
  await buildAll();
}

function get(port: number, path: string): Promise<number> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    req.on('error', () => {
      done(0);
    });
    req.end();
  });
}

/** Spawns `args`, polls `path` every 20 ms until 200; answers the milliseconds, then stops it. */
async function timeToServe(
  args: string[],
  path: string,
  env: Record<string, string>,
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the process exited:\n${errors}`);
      if ((await get(port, path)) === 200) return performance.now() - started;
      if (performance.now() - started > 180_000) throw new Error('no answer within 180 s');
      await new Promise((done) => setTimeout(done, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-start-'));
const env = { DATA_DIR: dataDir, NODE_ENV: 'production', DEV_MAILBOX: '0' };
try {
  const bare: number[] = [];
  const warm: number[] = [];
  const cold = await timeToServe([script], '/health/ready', env);
  for (let run = 0; run < warmRuns; run += 1) {
    // In turns, so that a slow patch of the machine slows both alike.
    bare.push(
      await timeToServe([join(REPO_ROOT, 'bench', 'start', 'bare.mjs')], '/health/ready', {}),
    );
    warm.push(await timeToServe([script], '/health/ready', env));
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const baseline = median(bare);
  console.log(`server: ${script}`);
  console.log(`cold start (empty DATA_DIR: initdb, migrations, lookups): ${seconds(cold)}`);
  console.log(
    `warm start, median of ${String(warmRuns)}: ${seconds(median(warm))} (each: ${warm.map(seconds).join(', ')})`,
  );
  console.log(`baseline, a bare Fastify process to its first answer: ${seconds(baseline)}`);
  console.log(`warm start / baseline: ${(median(warm) / baseline).toFixed(1)}×`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
