import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BUNDLED_LOOKUPS_DIR, ConfigError, readConfig } from '../../config.ts';
import { migrate, openDatabase, STAFF_LIMITS } from '../../db/database.ts';
import { DB_QUERY_TIMEOUT_MS } from '../../db/health.ts';
import { createDatabase, createTestContext, type TestContext } from '../../test/context.ts';
import { lookupImports, twoServersDatabase, writeLookupSample } from '../../test/lookupData.ts';
import { BUNDLED_IMPORT_LOCK, importBundledLookups } from './bundled.ts';
import { importLookups } from './import.ts';

let ctx: TestContext;
let scratch: string;
beforeAll(async () => {
  ctx = await createTestContext();
  scratch = mkdtempSync(join(tmpdir(), 'admit-bundled-test-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

const WAITING =
  'lookups: another server is importing the lists into this database; waiting for it to finish';

describe('the first-start import of the bundled lists', () => {
  it('imports both lists into an empty database, then the lookup finds "Bozeman High School"; the next start imports nothing', async () => {
    const lines: string[] = [];
    const first = await importBundledLookups(ctx.db, BUNDLED_LOOKUPS_DIR, (line) =>
      lines.push(line),
    );
    expect(first.map((summary) => summary.dataset)).toEqual(['colleges', 'high_schools']);
    expect(first[0]).toMatchObject({ rowsRead: 6072, rowsImported: 6072 });
    expect(first[1]?.rowsRead).toBe(21_391);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^lookups: the colleges were never imported into this database; importing them from .*hd2024\.csv\.gz and .*pesc_crosswalk\.csv\.gz …$/,
    );
    expect(lines[1]).toMatch(
      /^lookups: imported 6,072 colleges \([\d,]+ active and degree-granting offered, [\d,]+ with a CEEB code\) in \d+\.\d s$/,
    );
    expect(lines[2]).toMatch(/importing them from .*nces_ceeb_crosswalk\.csv\.gz …$/);
    expect(lines[3]).toMatch(/^lookups: imported 21,3\d\d high schools \(/);

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/lookup/find?text=Bozeman%20High&category=hs_ceeb&max_results=5',
    });
    expect(response.json<{ text: string }[]>()[0]?.text).toBe('Bozeman High School');

    const before = await lookupImports(ctx.db);
    const again: string[] = [];
    expect(
      await importBundledLookups(ctx.db, BUNDLED_LOOKUPS_DIR, (line) => again.push(line)),
    ).toEqual([]);
    expect(again).toEqual([]);
    expect(await lookupImports(ctx.db)).toEqual(before);
  });

  it('imports once when two servers start at once on one database', async () => {
    const dir = writeLookupSample(join(scratch, 'concurrent'), 300, true);
    const servers = await twoServersDatabase();
    // A third session holds the lock until both servers wait on it, so both have seen the
    // lists missing before either may import: without the lock, both would import.
    const holder = await servers.first.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${BUNDLED_IMPORT_LOCK}::bigint)`.execute(connection);
      const logs: string[][] = [[], []];
      let settled = 0;
      const imports = [servers.first, servers.second].map((db, i) =>
        importBundledLookups(db, dir, (line) => logs[i]?.push(line)).finally(() => {
          settled += 1;
        }),
      );
      // Until both wait on the lock (or, were there no lock, both are done).
      while (settled < 2) {
        const waiting = await sql<{ count: number }>`
          SELECT count(*)::int AS count FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        `.execute(connection);
        if (waiting.rows[0]?.count === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sql`SELECT pg_advisory_unlock(${BUNDLED_IMPORT_LOCK}::bigint)`.execute(connection);
      return { results: await Promise.all(imports), logs };
    });
    try {
      const [one = [], other = []] = holder.results;
      expect([one.length, other.length].sort()).toEqual([0, 2]);
      const [idle, importer] = one.length === 0 ? holder.logs : [holder.logs[1], holder.logs[0]];
      expect(idle).toEqual([
        WAITING,
        'lookups: another server imported the lists meanwhile; nothing to import',
      ]);
      // The one that imported waited on the third session first, and said so.
      expect(importer?.[0]).toBe(WAITING);
      const rows = await lookupImports(servers.second);
      expect(rows.map((row) => row.dataset)).toEqual(['colleges', 'high_schools']);
    } finally {
      await servers.close();
    }
  });

  it('a server that waits longer than a request may (main.ts opens its import with STAFF_LIMITS) waits it out and reports no failure (regression: a false "the lists are empty" after 4 s)', async () => {
    const dir = writeLookupSample(join(scratch, 'long-wait'), 50, true);
    const { url, drop } = await createDatabase();
    const holder = openDatabase(url, 1);
    const waiter = openDatabase(url, 3, STAFF_LIMITS);
    try {
      await migrate(holder);
      const lines: string[] = [];
      const result = await holder.connection().execute(async (connection) => {
        await sql`SELECT pg_advisory_lock(${BUNDLED_IMPORT_LOCK}::bigint)`.execute(connection);
        const waiting = importBundledLookups(waiter, dir, (line) => lines.push(line));
        // Held past a request's statement and query limits: the wait outlives both.
        await new Promise((resolve) => setTimeout(resolve, DB_QUERY_TIMEOUT_MS + 500));
        await sql`SELECT pg_advisory_unlock(${BUNDLED_IMPORT_LOCK}::bigint)`.execute(connection);
        return waiting;
      });
      expect(result.map((summary) => summary.dataset)).toEqual(['colleges', 'high_schools']);
      expect(lines[0]).toBe(WAITING);
      expect(lines.slice(1).every((line) => !/fail|empty/.test(line))).toBe(true);
    } finally {
      await holder.destroy();
      await waiter.destroy();
      await drop();
    }
  }, 30_000);

  it('leaves a list a college imported alone, and imports only the one never imported', async () => {
    const servers = await twoServersDatabase();
    try {
      const own = writeLookupSample(join(scratch, 'own'), 50);
      await importLookups(servers.first, own);
      await servers.first.deleteFrom('lookup_imports').where('dataset', '=', 'colleges').execute();
      const before = await lookupImports(servers.first);
      const imported = await importBundledLookups(
        servers.first,
        BUNDLED_LOOKUPS_DIR,
        () => undefined,
      );
      expect(imported.map((summary) => summary.dataset)).toEqual(['colleges']);
      const after = await lookupImports(servers.first);
      expect(after.find((row) => row.dataset === 'high_schools')).toEqual(
        before.find((row) => row.dataset === 'high_schools'),
      );
      expect(after.find((row) => row.dataset === 'colleges')?.source).toBe(
        'hd2024.csv.gz + pesc_crosswalk.csv.gz',
      );
    } finally {
      await servers.close();
    }
  });

  it('is the bundled folder by default, another with LOOKUPS_DIR, none with LOOKUPS_DIR=off', () => {
    const env = { PUBLIC_ORIGIN: 'http://127.0.0.1:3000' };
    expect(readConfig(env, scratch).lookupsDir).toBe(BUNDLED_LOOKUPS_DIR);
    expect(readConfig({ ...env, LOOKUPS_DIR: '.' }, scratch).lookupsDir).toBe(scratch);
    expect(readConfig({ ...env, LOOKUPS_DIR: 'off' }, scratch).lookupsDir).toBeUndefined();
    expect(() => readConfig({ ...env, LOOKUPS_DIR: 'nowhere' }, scratch)).toThrow(ConfigError);
    expect(() => readConfig({ ...env, LOOKUPS_DIR: 'nowhere' }, scratch)).toThrow(
      /^LOOKUPS_DIR must be a folder of lookup files .* or "off", not "nowhere"$/,
    );
  });
});
