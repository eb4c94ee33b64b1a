#!/usr/bin/env node
// Publishes the static Storybook to Chromatic for visual review. Needs CHROMATIC_PROJECT_TOKEN
// and the network; without the token it says so and exits 0, so runs without the secret pass.
// Extra arguments go to the chromatic CLI: `npm run chromatic -- --branch-name main`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('CHROMATIC_PROJECT_TOKEN is not set: nothing published to Chromatic.');
  process.exit(0);
}

function run(command, args) {
  console.log(`▶ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: import.meta.dirname,
    stdio: 'inherit',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const outputDir = join(mkdtempSync(join(tmpdir(), 'admit-storybook-')), 'storybook-static');
run('npx', ['storybook', 'build', '--quiet', '--output-dir', outputDir]);
// The CLI reads the token from CHROMATIC_PROJECT_TOKEN; changes are reviewed in Chromatic,
// so they do not fail the run.
run('npx', [
  '--yes',
  'chromatic',
  '--storybook-build-dir',
  outputDir,
  '--exit-zero-on-changes',
  ...process.argv.slice(2),
]);
