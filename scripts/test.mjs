#!/usr/bin/env node
// The one test command (README, .ci/run): installs what a fresh machine lacks, then runs
// lint, the formatting check, typecheck, every Vitest project (node and Chromium) and the
// Playwright journeys. Prints a closing "N passed, N failed" line.
//
// Each Vitest project runs once. The `server` project (the server's unit and API tests) runs
// under Node 24, the runtime production runs (docs/operations/install.md, "Node versions"; the
// machines here have Node 20, so it comes from the npm registry's node package); every other
// project runs under the machine's Node 20, which the build tools use. The server still meets
// Node 20 in this run: the journeys, tests/durability and tests/production start the built
// server (server/dist) under it, and tests/release starts the released server under both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { ensureDependencies, ensureNode24, ensureSystemPackages, root } from './ensure.mjs';

ensureDependencies();
ensureSystemPackages();

const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' };

function step(title, command, args, extraEnv = {}) {
  console.log(`\n▶ ${title}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  return result.status ?? 1;
}

function fail(title, status) {
  console.error(`✖ ${title} failed (exit ${status}).`);
  console.log('\n0 passed, 1 failed');
  process.exit(status || 1);
}

let status = step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
if (status !== 0) fail('lint', status);
status = step('formatting (npm run format fixes it)', 'npx', ['prettier', '--check', '.']);
if (status !== 0) fail('formatting', status);
status = step('typecheck', 'npx', ['tsc', '-b']);
if (status !== 0) fail('typecheck', status);

const reports = join(root, 'node_modules', '.cache', 'admit');
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest.json');
const e2eReport = join(reports, 'playwright.json');
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });

let passed = 0;
let failed = 0;
const vitest = step('unit and widget tests (every project but server, Node 20)', 'npx', [
  'vitest',
  'run',
  '--project=!server',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const summary = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
}
if (vitest !== 0 && failed === 0) failed += 1;

const node24Report = join(reports, 'vitest-node24.json');
rmSync(node24Report, { force: true });
const node24 = step('server and API tests (the server project, Node 24)', await ensureNode24(), [
  join(root, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--project=server',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${node24Report}`,
]);
if (existsSync(node24Report)) {
  const summary = JSON.parse(readFileSync(node24Report, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
}
if (node24 !== 0 && !existsSync(node24Report)) failed += 1;

const e2e = step(
  'browser journeys',
  'npx',
  ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  },
);
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  passed += stats.expected + (stats.flaky ?? 0);
  failed += stats.unexpected;
}
if (e2e !== 0 && !existsSync(e2eReport)) failed += 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitest === 0 && node24 === 0 && e2e === 0 ? 0 : 1);
