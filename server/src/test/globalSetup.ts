/**
 * One real PostgreSQL for the whole test run: DATABASE_URL when set, else an embedded server
 * in a temporary folder. Each test file then makes its own database on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type TestProject } from 'vitest/node';

import { startEmbeddedDatabase } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_URL;
  if (external !== undefined && external !== '') {
    project.provide('pgAdminUrl', external);
    return async () => undefined;
  }
  const root = mkdtempSync(join(tmpdir(), 'admit-test-pg-'));
  const embedded = await startEmbeddedDatabase(root);
  project.provide('pgAdminUrl', embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
