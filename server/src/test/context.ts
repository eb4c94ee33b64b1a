/**
 * A test file's world: its own database on the run's PostgreSQL, migrated, and the app built
 * on it with a clock the test controls.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { type TenantConfig } from '@admit/tenant-config';
import { loadChosenTenant } from '@admit/tenant-config/node';
import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';

import { type AppDeps, buildApp } from '../app.ts';
import { type Config, readConfig, resolveDataKeys } from '../config.ts';
import { type Db, migrate, openDatabase } from '../db/database.ts';
import { createSsnVault, type SsnVault } from '../services/ssn.ts';

export const ORIGIN = 'http://127.0.0.1:3000';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  url: string;
  config: Config;
  tenant: TenantConfig;
  /** DATA_KEY as the app was given it (a CLI run on this database passes it too). */
  dataKey: string;
  /** The app's SSN vault: what a test builds a service with, or reads a stored row with. */
  ssn: SsnVault;
  /** The app's clock; move it with `advance`. */
  now: () => Date;
  advance: (ms: number) => void;
  close: () => Promise<void>;
}

/** A folder that holds no built app, so tests serve none unless they make one. */
const NO_STATIC_APP = fileURLToPath(new URL('./no-built-app/', import.meta.url));

/**
 * Creates a database of this test file's own, empty or (`migrated`) a copy of the run's migrated
 * template (globalSetup.ts); returns its URL and a drop function.
 */
export async function createDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${inject('pgTemplate')}` : ''}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // pg-pool's end() resolves before its connections have closed: forcing the drop at once
        // kills them mid-goodbye, and each one's FATAL 57P01 surfaces as an unhandled error.
        // So wait (up to 5 s) until they are gone, and force only what still lingers then.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            // 55006: the database is still being accessed by other users.
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function createTestContext(
  options: { tenant?: string; env?: Record<string, string> } = {},
): Promise<TestContext> {
  const { url, drop } = await createDatabase({ migrated: true });
  const db = openDatabase(url, 10);
  // Already migrated as a copy of the template: this finds nothing left to run, and would run
  // a migration the template lacked.
  await migrate(db);
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  // A key of the test's own: nothing is written to a DATA_DIR.
  const dataKey = randomBytes(32).toString('base64');
  const config = readConfig({
    DATA_KEY: dataKey,
    PUBLIC_ORIGIN: ORIGIN,
    DATABASE_URL: url,
    TENANT: options.tenant ?? 'gallatin',
    // Never the repository's form-app/dist: a build left there (npm start, the crash test's
    // build running beside) made unknown paths answer the app's HTML instead of the API's 404.
    STATIC_DIR: NO_STATIC_APP,
    OFFICE_DIR: NO_STATIC_APP,
    ...options.env,
  });
  const tenant = loadChosenTenant(config);
  const app = await buildApp({ config, tenant, db, clock: now, logger: false });
  await app.ready();
  return {
    app,
    db,
    url,
    config,
    tenant,
    dataKey,
    ssn: createSsnVault(tenant.pages, resolveDataKeys(config).keys),
    now,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
}

/**
 * Another app on the context's database, tenant and clock (`deps` may replace any of them or
 * add a dependency), whose log lines at `level` and above the test reads. Ready; the caller
 * closes it.
 */
export async function loggedApp(
  ctx: TestContext,
  deps: Partial<AppDeps> = {},
  level: 'info' | 'warn' | 'error' = 'info',
): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const app = await buildApp({
    config: ctx.config,
    tenant: ctx.tenant,
    db: ctx.db,
    clock: ctx.now,
    logger: { level, stream: { write: (line: string) => lines.push(line) } },
    ...deps,
  });
  await app.ready();
  return { app, lines };
}

/** JSON body of a response, typed as the test reads it (and then asserts it). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the same typed view as light-my-request's own `response.json<T>()`
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

export const GOOD_PASSWORD = 'Gallatin-Valley-2027';

/** Mail to `to`, newest first, from the dev mailbox. */
export async function mailsTo(
  app: FastifyInstance,
  to: string,
): Promise<{ subject: string; text: string }[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mail?to=${encodeURIComponent(to)}&limit=50`,
  });
  return response.json<{ subject: string; text: string }[]>();
}

/** The newest mail to `to`, from the dev mailbox. */
export async function latestMail(
  app: FastifyInstance,
  to: string,
): Promise<{ subject: string; text: string }> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mail?to=${encodeURIComponent(to)}&limit=1`,
  });
  const [mail] = response.json<{ subject: string; text: string }[]>();
  if (mail === undefined) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The 6-digit code in the newest mail to `to`. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const { text } = await latestMail(app, to);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (code === undefined) throw new Error(`no code in the mail to ${to}`);
  return code;
}

let signedInCount = 0;
/**
 * A client address of its own for each `signedIn`, so a file may sign up as many applicants
 * as it needs without meeting the per-address sign-up throttle (20 an hour).
 */
function signedInAddress(): string {
  signedInCount += 1;
  return `10.255.${Math.floor(signedInCount / 250) % 250}.${(signedInCount % 250) + 1}`;
}

/** Signs up, confirms and logs in; returns the Cookie header of the session. */
export async function signedIn(
  app: FastifyInstance,
  username: string,
  password = GOOD_PASSWORD,
): Promise<string> {
  const remoteAddress = signedInAddress();
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN }, remoteAddress });
  const signup = await post('/public/signup', { username, password });
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
  const confirm = await post('/public/confirm', {
    username,
    code: await latestCode(app, username),
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const login = await post('/public/login', { username, password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return cookieHeader(login);
}
