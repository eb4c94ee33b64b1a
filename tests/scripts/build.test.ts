import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { buildApp } from '../../scripts/build.mjs';

const outDir = mkdtempSync(join(tmpdir(), 'admit-build-'));
const callerEnv = process.env.NODE_ENV;
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  process.env.NODE_ENV = callerEnv;
});

describe('scripts/build.mjs', () => {
  it("regression: building the app left NODE_ENV=production behind, so `npm start`'s server hid /dev/mail", async () => {
    // `npm start` builds and then starts the server in the same process, with no NODE_ENV.
    delete process.env.NODE_ENV;
    await (buildApp as (options: { outDir: string }) => Promise<void>)({ outDir });
    expect(process.env.NODE_ENV).toBeUndefined();
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
  }, 180_000);
});
