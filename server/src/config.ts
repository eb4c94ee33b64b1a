/**
 * The server's configuration, read from the environment and checked once at start. No other
 * module reads process.env.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_TENANT } from '@admit/tenant-config';

import {
  DATA_KEY_FILE,
  DataKeyError,
  dataKeysFromFile,
  type DataKeys,
  parseDataKeys,
} from './services/dataKeys.ts';

export interface Config {
  /** Port to listen on (PORT, default 3000). */
  port: number;
  /** Interface to listen on (HOST, default 127.0.0.1). */
  host: string;
  /** Where the embedded database and files live (DATA_DIR, default ./data). */
  dataDir: string;
  /** An external PostgreSQL; unset means the embedded one (DATABASE_URL). */
  databaseUrl: string | undefined;
  /** The bundled college (TENANT, default gallatin); `tenantDir` wins when set. */
  tenant: string;
  /**
   * A college's folder anywhere (TENANT_DIR, resolved; a folder with a college.json): served
   * instead of the bundled `tenant`. Unset: undefined.
   */
  tenantDir: string | undefined;
  /** The origin applicants use; links in mail and the same-origin check use it (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** SMTP server for mail; unset means the console and the dev mailbox (SMTP_URL). */
  smtpUrl: string | undefined;
  /** NODE_ENV=production: the dev mailbox is never turned on by itself. */
  production: boolean;
  /**
   * GET /dev/mail lists the mail sent, codes and reset links included, and (without SMTP_URL)
   * the log shows each mail's text (DEV_MAILBOX=1 or 0; unset: on only without SMTP_URL,
   * outside production, with an http PUBLIC_ORIGIN on a loopback address and HOST a loopback
   * address).
   */
  devMailbox: boolean;
  /**
   * The pseudo-locale `en-XA` (English accented and lengthened, to find texts that do not come
   * from a catalogue) is offered too (ADMIT_PSEUDO_LOCALE=1; development and the test runs).
   */
  pseudoLocale: boolean;
  /**
   * Which proxies in front of the server to believe about the client's address
   * (X-Forwarded-For): Fastify's `trustProxy` (TRUST_PROXY; unset: none).
   */
  trustProxy: TrustProxy;
  /** Pino log level (LOG_LEVEL, default info). */
  logLevel: string;
  /** Where the built SPA is served from (STATIC_DIR, default ./form-app/dist; served when it exists). */
  staticDir: string | undefined;
  /** Where the admissions office's SPA is served from (OFFICE_DIR, default ./office-app/dist; at /office when it exists). */
  officeDir?: string | undefined;
  /** Uploaded and converted files on S3 (S3_BUCKET); unset means local disk under DATA_DIR/files. */
  s3: S3Config | undefined;
  /** LibreOffice for DOCX → PDF (SOFFICE, default `soffice` on PATH); null: a text rendering. */
  soffice: string | null;
  /**
   * The lookup files imported at start when a list was never imported (LOOKUPS_DIR, default
   * BUNDLED_LOOKUPS_DIR); undefined (`off`): none.
   */
  lookupsDir: string | undefined;
  /**
   * Prometheus metrics on a listener of their own (METRICS_PORT; unset: no metrics listener),
   * on METRICS_HOST (default 127.0.0.1: scraped from this machine unless told otherwise).
   */
  metrics: { port: number; host: string } | undefined;
  /**
   * How long a request may take to arrive, headers and body (REQUEST_TIMEOUT_S, default 30):
   * a client sending its body a byte at a time is cut off after it, with 408.
   */
  requestTimeoutMs: number;
  /** Open connections the server accepts at once; more are refused (MAX_CONNECTIONS, default 1000). */
  maxConnections: number;
  /**
   * The keys that encrypt the SSN at rest (DATA_KEY: base64 keys of 32 bytes, comma-separated,
   * the newest first; services/dataKeys.ts). Unset: undefined, and the key generated once into
   * DATA_DIR/data-key is used (`resolveDataKeys`).
   */
  dataKeys: DataKeys | undefined;
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

/** Fastify's `trustProxy`: none (false), all (true), a hop count, or proxy addresses and CIDRs. */
export type TrustProxy = boolean | number | string[];

/** A configuration problem: the server refuses to start and says why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function port(value: string | undefined, fallback: number, name = 'PORT'): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535, not "${value}"`);
  }
  return number;
}

/** A whole number from `min` to `max` in `name`, or `fallback` when unset. */
function wholeNumber(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  [min, max]: [number, number],
  unit: string,
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^[0-9]+$/.test(value) || number < min || number > max) {
    throw new ConfigError(
      `${name} must be a whole number of ${unit} from ${String(min)} to ${String(max)}, not "${value}"`,
    );
  }
  return number;
}

function metrics(
  env: Readonly<Record<string, string | undefined>>,
  listenPort: number,
): Config['metrics'] {
  const host =
    env.METRICS_HOST === undefined || env.METRICS_HOST === '' ? '127.0.0.1' : env.METRICS_HOST;
  if (env.METRICS_PORT === undefined || env.METRICS_PORT === '') {
    if (env.METRICS_HOST !== undefined && env.METRICS_HOST !== '')
      throw new ConfigError('METRICS_HOST needs METRICS_PORT to be set as well');
    return undefined;
  }
  const metricsPort = port(env.METRICS_PORT, 0, 'METRICS_PORT');
  // Port 0 (any free port) is for tests; the applicants' port cannot also serve the metrics.
  if (metricsPort !== 0 && metricsPort === listenPort)
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (${String(listenPort)}): the metrics have a listener of their own, which applicants never reach`,
    );
  return { port: metricsPort, host };
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

/** 127.0.0.0/8, ::1 and localhost: an origin only this machine can reach. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

function devMailbox(
  value: string | undefined,
  auto: { smtpUrl: string | undefined; production: boolean; publicOrigin: string; host: string },
): boolean {
  if (value === '1') return true;
  if (value === '0') return false;
  if (value !== undefined && value !== '') {
    throw new ConfigError(`DEV_MAILBOX must be 1 (on) or 0 (off), not "${value}"`);
  }
  const url = new URL(auto.publicOrigin);
  // Anyone who can reach /dev/mail can read every code and reset link: only this machine may.
  return (
    auto.smtpUrl === undefined &&
    !auto.production &&
    url.protocol === 'http:' &&
    isLoopbackHost(url.hostname) &&
    // Listening on every interface (HOST=0.0.0.0) lets others reach /dev/mail whatever the origin.
    isLoopbackHost(auto.host)
  );
}

/** proxy-addr's names for address ranges, which Fastify accepts in the list too. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** Most proxies a request may have passed through: more is a mistake, not a deployment. */
const MAX_PROXY_HOPS = 100;

function trustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  const wrong = (part: string) =>
    new ConfigError(
      `TRUST_PROXY must be true, the number of proxies in front of the server (1 to ${MAX_PROXY_HOPS}), or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8; "${part}" is none of these`,
    );
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) throw wrong(text);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !proxyAddress(entry));
  if (bad !== undefined) throw wrong(bad);
  return entries;
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

/** TENANT must name a bundled college's folder: a letter, then letters, digits and dashes. */
const TENANT_ID = /^[a-z][a-z0-9-]*$/;

function tenantId(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_TENANT;
  if (!TENANT_ID.test(value))
    throw new ConfigError(
      `TENANT must be a bundled college's id (lower-case letters, digits and dashes, such as gallatin or example), not "${value}"; a college's folder elsewhere is TENANT_DIR`,
    );
  return value;
}

function tenantDir(value: string | undefined, cwd: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const dir = resolve(cwd, value);
  if (!statSync(join(dir, 'college.json'), { throwIfNoEntry: false })?.isFile()) {
    throw new ConfigError(
      `TENANT_DIR must be a college's folder, holding a college.json (npm run admin -- college new DIR writes one), not "${value}"`,
    );
  }
  return dir;
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

/**
 * A request (headers and body) arrives within this: an upload of the largest file (1 MB) needs
 * about 300 kbit/s, and a client trickling its body holds its socket no longer.
 */
export const DEFAULT_REQUEST_TIMEOUT_S = 30;
/**
 * Open connections at once. Each costs the server little memory; a flood of idle ones past this
 * is refused rather than exhausting file descriptors (the usual limit is 1024 or more).
 */
export const DEFAULT_MAX_CONNECTIONS = 1000;

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
  const publicOrigin = origin(env.PUBLIC_ORIGIN ?? `http://${shownHost}:${listenPort}`);
  const production = env.NODE_ENV === 'production';
  return {
    port: listenPort,
    host,
    dataDir: resolve(cwd, env.DATA_DIR ?? 'data'),
    databaseUrl,
    tenant: tenantId(env.TENANT),
    tenantDir: tenantDir(env.TENANT_DIR, cwd),
    publicOrigin,
    smtpUrl,
    production,
    devMailbox: devMailbox(env.DEV_MAILBOX, { smtpUrl, production, publicOrigin, host }),
    pseudoLocale: env.ADMIT_PSEUDO_LOCALE === '1',
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: resolve(cwd, env.STATIC_DIR ?? join('form-app', 'dist')),
    officeDir: resolve(cwd, env.OFFICE_DIR ?? join('office-app', 'dist')),
    s3: s3(env),
    soffice: soffice(env),
    lookupsDir: lookupsDir(env.LOOKUPS_DIR, cwd),
    metrics: metrics(env, listenPort),
    requestTimeoutMs:
      wholeNumber(env, 'REQUEST_TIMEOUT_S', DEFAULT_REQUEST_TIMEOUT_S, [1, 3600], 'seconds') * 1000,
    maxConnections: wholeNumber(
      env,
      'MAX_CONNECTIONS',
      DEFAULT_MAX_CONNECTIONS,
      [1, 1_000_000],
      'connections',
    ),
    dataKeys: dataKeys(env.DATA_KEY),
  };
}

function dataKeys(value: string | undefined): DataKeys | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    return parseDataKeys(value);
  } catch (error) {
    if (error instanceof DataKeyError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * The SSN's keys: DATA_KEY's, or else the key kept in DATA_DIR/data-key, generated on first
 * use. `created` says a new key was written (the start says so once); `file` names it when the key
 * lives beside the data rather than in the environment.
 */
export function resolveDataKeys(config: Config): {
  keys: DataKeys;
  created: boolean;
  file: string | undefined;
} {
  if (config.dataKeys !== undefined)
    return { keys: config.dataKeys, created: false, file: undefined };
  try {
    const { keys, created } = dataKeysFromFile(config.dataDir);
    return { keys, created, file: join(config.dataDir, DATA_KEY_FILE) };
  } catch (error) {
    if (error instanceof DataKeyError) throw new ConfigError(error.message);
    throw error;
  }
}
