#!/usr/bin/env node
// The staff CLI (`npm run admin -- <command>`): installs what is missing, builds
// server/dist/cli.js when its sources changed, and runs it with the arguments given. It works
// on the same DATA_DIR / DATABASE_URL as `npm start`, whether or not the server is running.
// `npm run admin -- --help` lists the commands.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { bundleNode } from './build.mjs';
import { ensureDependencies, root } from './ensure.mjs';

const CLI = join(root, 'server/dist/cli.js');
/**
 * What the bundle is made of: our workspace sources (tenant-config's schemas among them: the
 * college checks hold them) and the lock file.
 */
const SOURCES = ['server/src', 'form-model/src', 'tenant-config/src', 'tenant-config/schema'];

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

ensureDependencies();
const built = existsSync(CLI) ? statSync(CLI).mtimeMs : 0;
const sources = Math.max(
  ...SOURCES.map((folder) => newest(join(root, folder))),
  newest(join(root, 'package-lock.json')),
);
if (built < sources) {
  // On stderr: stdout is the command's result (a link, JSON), which scripts capture.
  process.stderr.write('▶ building server/dist/cli.js\n');
  await bundleNode('server/src/cli.ts', 'server/dist/cli.js');
}

const cli = spawn(process.execPath, ['--enable-source-maps', CLI, ...process.argv.slice(2)], {
  // File arguments (export DIR, FILE.json) are where the command was typed (npm itself runs
  // scripts from the root); DATA_DIR is the server's, which `npm start` resolves from the root.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: resolve(root, process.env.DATA_DIR ?? 'data') },
});
// The CLI stops what it started (an embedded PostgreSQL) on a signal; pass them on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cli.kill(signal));
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
