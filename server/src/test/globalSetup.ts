/**
 * One real PostgreSQL for the whole test run: DATABASE_URL when set, else an embedded server
 * in a temporary folder. Each test file then makes its own database on it, as a copy of one
 * database migrated here once (`CREATE DATABASE … TEMPLATE`): running every migration again
 * for each file cost most of a second each time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { type TestProject } from 'vitest/node';

import { migrate, openDatabase } from '../db/database.ts';
import { startEmbeddedDatabase } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** The migrated database each test context copies (context.ts). */
    pgTemplate: string;
  }
}

/** A database on `adminUrl` with every migration run, and how to drop it. */
async function migratedTemplate(
  adminUrl: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `t_template_${randomBytes(6).toString('hex')}`;
  const query = async (sql: string, values: unknown[] = []) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      return (await admin.query<{ n: number }>(sql, values)).rows;
    } finally {
      await admin.end();
    }
  };
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString(), 1);
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
  // PostgreSQL copies only a database nobody is connected to, and pg-pool's end() resolves
  // before its connection has closed: wait until it has.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [row] = await query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (row?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    name,
    drop: async () => {
      await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_URL;
  if (external !== undefined && external !== '') {
    const template = await migratedTemplate(external);
    project.provide('pgAdminUrl', external);
    project.provide('pgTemplate', template.name);
    return template.drop;
  }
  const root = mkdtempSync(join(tmpdir(), 'admit-test-pg-'));
  const embedded = await startEmbeddedDatabase(root);
  const template = await migratedTemplate(embedded.url);
  project.provide('pgAdminUrl', embedded.url);
  project.provide('pgTemplate', template.name);
  return async () => {
    await embedded.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
