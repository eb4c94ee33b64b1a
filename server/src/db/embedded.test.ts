/**
 * The embedded PostgreSQL in a private folder: as root it runs as the postgres user,
 * which could not pass a mode-700 DATA_DIR (`DATA_DIR=$(mktemp -d)`, a checkout under /root).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { postgresLevel, startEmbeddedDatabase } from './embedded.ts';

const asRoot = process.getuid?.() === 0;
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL in a private DATA_DIR', () => {
  it.skipIf(!asRoot)(
    'starts in folders of mode 700 (regression: initdb could not access directory: Permission denied)',
    async () => {
      const privateDir = mkdtempSync(join(tmpdir(), 'admit-private-'));
      made.push(privateDir);
      const nested = join(privateDir, 'checkout');
      mkdirSync(nested, { mode: 0o700 });
      expect(statSync(privateDir).mode & 0o777).toBe(0o700);

      const lines: string[] = [];
      const db = await startEmbeddedDatabase(join(nested, 'data', 'pg'), (line) => {
        lines.push(line);
      });
      try {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        const { rows } = await client.query<{ answer: number }>('SELECT 1 + 1 AS answer');
        await client.end();
        expect(rows[0]?.answer).toBe(2);
      } finally {
        await db.stop();
      }

      // Search only was granted: others may pass through, never list or read.
      expect(statSync(privateDir).mode & 0o777).toBe(0o701);
      expect(statSync(nested).mode & 0o777).toBe(0o701);
      // The log says what changed on disk, and why.
      for (const dir of [privateDir, nested]) {
        expect(lines).toContainEqual(
          expect.stringMatching(
            new RegExp(`^embedded PostgreSQL: ${dir} made passable \\(o\\+x, mode 701\\)`),
          ),
        );
      }
      expect(lines.join('\n')).toContain('which must reach its data in');
    },
  );

  it.skipIf(!asRoot)('changes nothing on disk when the folders are already passable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admit-open-'));
    made.push(dir);
    rmSync(dir, { recursive: true });
    mkdirSync(dir, { mode: 0o755 });
    const lines: string[] = [];
    const db = await startEmbeddedDatabase(join(dir, 'pg'), (line) => {
      lines.push(line);
    });
    await db.stop();
    expect(lines.filter((line) => line.includes('made passable'))).toEqual([]);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
  });
});

describe("the embedded PostgreSQL's own lines in the server's log", () => {
  it('take the level of their severity: routine LOG is info, ERROR and WARNING warn, FATAL and PANIC error; a continuation keeps the one before', () => {
    const at = '2026-11-28 07:00:00.000 UTC [4121] ';
    expect(postgresLevel(`${at}LOG:  database system is ready to accept connections`, 'info')).toBe(
      'info',
    );
    expect(postgresLevel(`${at}WARNING:  there is no transaction in progress`, 'info')).toBe(
      'warn',
    );
    expect(postgresLevel(`${at}ERROR:  canceling statement due to statement timeout`, 'info')).toBe(
      'warn',
    );
    expect(postgresLevel(`${at}FATAL:  the database system is shutting down`, 'info')).toBe(
      'error',
    );
    expect(postgresLevel(`${at}PANIC:  could not write to file`, 'info')).toBe('error');
    expect(postgresLevel(`${at}STATEMENT:  SELECT pg_sleep(10)`, 'warn')).toBe('warn');
    expect(postgresLevel('creating subdirectories ... ok', 'info')).toBe('info');
  });
});
