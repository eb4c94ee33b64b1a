#!/usr/bin/env node
// The one run command (README): installs what is missing, builds, and starts Admit on its
// embedded defaults (PostgreSQL under ./data, local files, the console/dev mailbox).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { buildAll } from './build.mjs';
import { ensureDependencies, root } from './ensure.mjs';

ensureDependencies();
await buildAll();
const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'server/dist/main.js')],
  { cwd: root, stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
