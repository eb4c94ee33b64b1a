/**
 * The server's configuration, read from the environment and checked once at start. No other
 * module reads process.env.
 */
import { resolve } from 'node:path';

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
  /** Where the built SPA is served from (STATIC_DIR, default form-app/dist when present). */
  staticDir: string | undefined;
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
    staticDir: env.STATIC_DIR === undefined ? undefined : resolve(cwd, env.STATIC_DIR),
  };
}
