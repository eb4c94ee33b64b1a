#!/usr/bin/env node
// The one test command (README, .ci/run): installs what a fresh machine lacks, then runs
// lint, typecheck and every test. Prints a closing "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { ensureChromium, ensureDependencies, root } from './ensure.mjs';

ensureDependencies();
ensureChromium();

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
step('typecheck', 'npx', ['tsc', '-b']);

const reportDir = join(root, 'node_modules', '.cache', 'admit');
mkdirSync(reportDir, { recursive: true });
const report = join(reportDir, 'vitest.json');
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { cwd: root, stdio: 'inherit', env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' } },
);
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
}
if (vitest.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitest.status === 0 ? 0 : 1);
