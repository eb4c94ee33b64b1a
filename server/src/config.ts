/**
 * The server's configuration, read from the environment and checked once at start. No other
 * module reads process.env.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_TENANT } from '@admit/tenant-config';

export interface Config {
  /** Port to listen on (PORT, default 3000). */
  port: number;
  /** Interface to listen on (HOST, default 127.0.0.1). */
  host: string;
  /** Where the embedded database and files live (DATA_DIR, default ./data). */
  dataDir: string;
  /** An external PostgreSQL; unset means the embedded one (DATABASE_URL). */
  databaseUrl: string | undefined;
  /** The college (TENANT, default gallatin). */
  tenant: string;
  /** The origin applicants use; links in mail and the same-origin check use it (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** SMTP server for mail; unset means the console and the dev mailbox (SMTP_URL). */
  smtpUrl: string | undefined;
  /** `production` hides the dev mailbox (NODE_ENV). */
  production: boolean;
  /** Pino log level (LOG_LEVEL, default info). */
  logLevel: string;
  /** Where the built SPA is served from (STATIC_DIR, default ./form-app/dist; served when it exists). */
  staticDir: string | undefined;
  /** Uploaded and converted files on S3 (S3_BUCKET); unset means local disk under DATA_DIR/files. */
  s3: S3Config | undefined;
  /** LibreOffice for DOCX → PDF (SOFFICE, default `soffice` on PATH); null: a text rendering. */
  soffice: string | null;
  /**
   * The lookup files imported at start when a list was never imported (LOOKUPS_DIR, default
   * BUNDLED_LOOKUPS_DIR); undefined (`off`): none.
   */
  lookupsDir: string | undefined;
}

/**
 * The public lookup data the repository ships (server/lookups, written by
 * scripts/pack-lookups.mjs). The same relative path from server/src (tsx, vitest) and from the
 * esbuild bundles in server/dist: both sit beside server/lookups.
 */
export const BUNDLED_LOOKUPS_DIR = fileURLToPath(new URL('../lookups', import.meta.url));

export interface S3Config {
  bucket: string;
  /** S3_REGION, default us-east-1. */
  region: string;
  /** S3_ENDPOINT: an S3-compatible service (MinIO, R2…); path-style addressing is used. */
  endpoint: string | undefined;
}

/** A configuration problem: the server refuses to start and says why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  }
  return number;
}

function origin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `PUBLIC_ORIGIN must be a URL such as https://apply.example.edu, not "${value}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_ORIGIN must use http or https, not "${url.protocol}"`);
  }
  return url.origin;
}

/** An executable named `command` in one of the PATH folders, like `which`. */
export function findOnPath(command: string, path: string | undefined): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function s3(env: Readonly<Record<string, string | undefined>>): S3Config | undefined {
  const bucket = env.S3_BUCKET === '' ? undefined : env.S3_BUCKET;
  const region = env.S3_REGION === '' ? undefined : env.S3_REGION;
  const endpoint = env.S3_ENDPOINT === '' ? undefined : env.S3_ENDPOINT;
  if (bucket === undefined) {
    if (region !== undefined || endpoint !== undefined) {
      throw new ConfigError('S3_REGION and S3_ENDPOINT need S3_BUCKET to be set as well');
    }
    return undefined;
  }
  // S3's bucket naming rules (3–63 lower-case letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be an S3 bucket name, not "${bucket}"`);
  }
  if (region !== undefined && !/^[a-z0-9-]{1,40}$/.test(region)) {
    throw new ConfigError(`S3_REGION must be a region name such as us-east-1, not "${region}"`);
  }
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, not "${endpoint}"`);
    }
  }
  return { bucket, region: region ?? 'us-east-1', endpoint };
}

function soffice(env: Readonly<Record<string, string | undefined>>): string | null {
  const value = env.SOFFICE ?? '';
  if (value === 'off') return null;
  if (value === '') return findOnPath('soffice', env.PATH) ?? null;
  try {
    accessSync(value, constants.X_OK);
  } catch {
    throw new ConfigError(
      `SOFFICE must be the path of the soffice program or "off", not "${value}"`,
    );
  }
  return value;
}

function lookupsDir(value: string | undefined, cwd: string): string | undefined {
  if (value === undefined || value === '') return BUNDLED_LOOKUPS_DIR;
  if (value === 'off') return undefined;
  const dir = resolve(cwd, value);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(
      `LOOKUPS_DIR must be a folder of lookup files (nces_ceeb_crosswalk.csv, pesc_crosswalk.csv, hdYYYY.csv) or "off", not "${value}"`,
    );
  }
  return dir;
}

/** Reads and checks the configuration once; throws ConfigError naming the variable at fault. */
export function readConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd = process.cwd(),
): Config {
  const listenPort = port(env.PORT, 3000);
  const host = env.HOST ?? '127.0.0.1';
  const databaseUrl = env.DATABASE_URL === '' ? undefined : env.DATABASE_URL;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  const smtpUrl = env.SMTP_URL === '' ? undefined : env.SMTP_URL;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    port: listenPort,
    host,
    dataDir: resolve(cwd, env.DATA_DIR ?? 'data'),
    databaseUrl,
    tenant: env.TENANT ?? DEFAULT_TENANT,
    publicOrigin: origin(env.PUBLIC_ORIGIN ?? `http://${shownHost}:${listenPort}`),
    smtpUrl,
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: resolve(cwd, env.STATIC_DIR ?? join('form-app', 'dist')),
    s3: s3(env),
    soffice: soffice(env),
    lookupsDir: lookupsDir(env.LOOKUPS_DIR, cwd),
  };
}
