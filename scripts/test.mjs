#!/usr/bin/env node
// The one test command (README, .ci/run): installs what a fresh machine lacks, then runs
// lint, the formatting check and typecheck (side by side), every Vitest project (node and
// Chromium) and the Playwright journeys. Prints how long each phase took, then a closing
// "N passed, N failed" line.
//
// Each Vitest project runs once. The `server` project (the server's unit and API tests) runs
// under Node 24, the runtime production runs (docs/operations/install.md, "Node versions"; the
// machines here have Node 20, so it comes from the npm registry's node package); every other
// project runs under the machine's Node 20, which the build tools use. The server still meets
// Node 20 in this run: the journeys, tests/durability and tests/production start the built
// server (server/dist) under it, and tests/release starts the released server under both.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

import { ensureDependencies, ensureNode24, ensureSystemPackages, root } from './ensure.mjs';

const started = Date.now();
/** Each phase's title and its time in seconds, printed before the closing line. */
const phases = [];
const seconds = (since) => Math.round((Date.now() - since) / 1000);

ensureDependencies();
ensureSystemPackages();
phases.push(['install what is missing', seconds(started)]);
// Fetched (on a fresh clone) while the checks run; awaited before the server's tests.
const node24 = ensureNode24();
node24.catch(() => undefined);

const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' };

/** As `step`, without blocking this process: a run beside it goes on meanwhile. */
function stepAsync(title, command, args) {
  console.log(`\n▶ ${title}: ${[command, ...args].join(' ')}`);
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      phases.push([title, seconds(since)]);
      resolve(code ?? 1);
    });
  });
}

function step(title, command, args, extraEnv = {}) {
  console.log(`\n▶ ${title}: ${[command, ...args].join(' ')}`);
  const since = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  phases.push([title, seconds(since)]);
  return result.status ?? 1;
}

/**
 * Runs a program with its output held back, and resolves with its exit status and output once
 * it ends: the checks run side by side (each is one process; the machines have two cores or
 * more) and their output is printed one after another.
 */
function quietly(command, args) {
  return new Promise((resolve) => {
    const since = Date.now();
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      resolve({
        status: code ?? 1,
        output: Buffer.concat(output).toString(),
        time: seconds(since),
      });
    });
  });
}

function fail(title, status) {
  console.error(`✖ ${title} failed (exit ${status}).`);
  console.log('\n0 passed, 1 failed');
  process.exit(status || 1);
}

const checks = [
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['formatting (npm run format fixes it)', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npx', ['tsc', '-b']],
];
const checked = await Promise.all(checks.map(([, command, args]) => quietly(command, args)));
for (const [index, [title, command, args]] of checks.entries()) {
  const { output, time } = checked[index];
  console.log(`\n▶ ${title}: ${[command, ...args].join(' ')}`);
  process.stdout.write(output);
  phases.push([`${title}, beside the others`, time]);
}
for (const [index, [title]] of checks.entries())
  if (checked[index].status !== 0) fail(title, checked[index].status);

const reports = join(root, 'node_modules', '.cache', 'admit');
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest.json');
const serverReport = join(reports, 'vitest-node24.json');
const e2eReport = join(reports, 'playwright.json');
for (const report of [vitestReport, serverReport, e2eReport]) rmSync(report, { force: true });

let passed = 0;
let failed = 0;
/** Each failed test's file, name and first line of its error, printed again at the very end. */
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 240) ?? '';

/** Adds a Vitest JSON report's counts; a run that failed without one counts as one failure. */
function countVitest(status, report) {
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    for (const file of summary.testResults ?? []) {
      const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0)
        failures.push(`${name}: ${firstLine(file.message)}`);
    }
    if (status !== 0 && summary.numFailedTests === 0) failed += 1;
  } else if (status !== 0) failed += 1;
}

// The two Vitest runs go side by side, as one run's node and browser pools did before the server
// moved to Node 24: the node pool of the Node 20 run is idle once its few node projects are
// done, while the browser projects still run. The server run's output is held in a file and
// printed once both have ended.
const serverTitle = 'server and API tests (the server project, Node 24)';
const serverLog = join(reports, 'vitest-node24.log');
const serverRun = node24.then(
  (binary) =>
    new Promise((resolve) => {
      const args = [
        join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--project=server',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${serverReport}`,
      ];
      console.log(`\n▶ ${serverTitle}: ${[binary, ...args].join(' ')} > ${serverLog}`);
      const since = Date.now();
      const log = openSync(serverLog, 'w');
      const child = spawn(binary, args, { cwd: root, env, stdio: ['ignore', log, log] });
      child.on('error', (error) => {
        closeSync(log);
        resolve({ status: 1, time: seconds(since), error: error.message });
      });
      child.on('close', (code) => {
        closeSync(log);
        resolve({ status: code ?? 1, time: seconds(since) });
      });
    }),
  (error) => ({ status: 1, time: 0, error: `Node 24: ${error.message}` }),
);

const vitest = await stepAsync('unit and widget tests (every project but server, Node 20)', 'npx', [
  'vitest',
  'run',
  '--project=!server',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitest, vitestReport);

const serverResult = await serverRun;
console.log(`\n▶ ${serverTitle}: its output`);
if (existsSync(serverLog)) process.stdout.write(readFileSync(serverLog));
if (serverResult.error !== undefined) console.error(`✖ ${serverResult.error}`);
phases.push([`${serverTitle}, beside the one above`, serverResult.time]);
const server = serverResult.status;
countVitest(server, serverReport);

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
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(
            `${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
          );
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(e2eReport, 'utf8')).suites ?? []) walk(suite, []);
}
if (e2e !== 0 && !existsSync(e2eReport)) failed += 1;

phases.push(['in all', seconds(started)]);
console.log('\nTime of each phase (seconds):');
for (const [title, time] of phases) console.log(`  ${String(time).padStart(5)}  ${title}`);
if (failures.length > 0) {
  // Repeated here so that the end of a long log (all CI keeps of it) names what failed.
  console.log('\nFailed:');
  for (const failure of failures) console.log(`  ✖ ${failure}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitest === 0 && server === 0 && e2e === 0 ? 0 : 1);
