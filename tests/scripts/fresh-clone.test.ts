/**
 * The run, test, build and admin scripts on a clone with no node_modules: each installs before
 * it imports anything from node_modules (CI runs `npm test` on an installed tree and never saw
 * `npm start` die on a fresh clone).
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
/** A clone as `git clone` leaves it, as far as the scripts see: no node_modules. */
const clone = mkdtempSync(join(tmpdir(), 'admit-fresh-clone-'));
cpSync(join(root, 'scripts'), join(clone, 'scripts'), { recursive: true });
for (const file of ['package.json', 'package-lock.json'])
  cpSync(join(root, file), join(clone, file));

/** An `npm` first on PATH that records what it was asked and fails, installing nothing. */
const bin = mkdtempSync(join(tmpdir(), 'admit-stub-npm-'));
const npmLog = join(bin, 'npm.log');
writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$@" >> "${npmLog}"\nexit 1\n`);
chmodSync(join(bin, 'npm'), 0o755);

afterAll(() => {
  rmSync(clone, { recursive: true, force: true });
  rmSync(bin, { recursive: true, force: true });
});

describe('the top-level scripts on a fresh clone', () => {
  it.each(['start.mjs', 'admin.mjs', 'build.mjs', 'release.mjs', 'test.mjs'])(
    "regression: `npm start` died with ERR_MODULE_NOT_FOUND 'esbuild' before installing anything (scripts/%s)",
    (script) => {
      rmSync(npmLog, { force: true });
      const run = spawnSync(process.execPath, [join('scripts', script)], {
        cwd: clone,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, INIT_CWD: clone },
        timeout: 60_000,
      });
      const output = `${run.stdout}\n${run.stderr}`;
      // The script asked npm to install first, and stopped when it failed: whatever failed
      // before the install step (an import from node_modules) would show in the output.
      const asked = existsSync(npmLog) ? readFileSync(npmLog, 'utf8').trim().split('\n') : [];
      expect(asked).toEqual(['ci --no-audit --no-fund']);
      expect(output).toContain('▶ installing dependencies: npm ci');
      expect(output).not.toContain('ERR_MODULE_NOT_FOUND');
      expect(output).toContain('Command failed: npm ci');
      expect(run.status).not.toBe(0);
    },
    60_000,
  );
});
