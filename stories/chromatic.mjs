#!/usr/bin/env node
// Publishes Storybook to Chromatic for visual review, with the CLI pinned in package.json (never
// a download) and the settings of chromatic.config.json: Chromatic builds Storybook with the
// `build` script, snapshots only the stories a change can affect (TurboSnap), and changes are
// reviewed there, so they do not fail the run. Needs CHROMATIC_PROJECT_TOKEN and the network.
// Extra arguments go to the CLI: `npm run chromatic -- --branch-name main`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.error(
    'chromatic: CHROMATIC_PROJECT_TOKEN is not set, so nothing was built or published. ' +
      "Set it to the Chromatic project's token (Manage → Configure) and run again.",
  );
  process.exit(1);
}

const require = createRequire(import.meta.url);
const manifest = require('chromatic/package.json');
const cli = join(dirname(require.resolve('chromatic/package.json')), manifest.bin.chromatic);
console.log(`▶ chromatic ${manifest.version} ${process.argv.slice(2).join(' ')}`.trimEnd());
const result = spawnSync(
  process.execPath,
  [cli, '--config-file', 'chromatic.config.json', ...process.argv.slice(2)],
  {
    cwd: import.meta.dirname,
    stdio: 'inherit',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  },
);
process.exit(result.status ?? 1);
