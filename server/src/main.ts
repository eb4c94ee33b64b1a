/**
 * Starts Admit: reads the configuration, starts the embedded PostgreSQL unless DATABASE_URL
 * names one, migrates, imports the lookup lists on the database's first start, and listens.
 * SIGINT/SIGTERM shut down cleanly.
 *
 * Every line the process prints is one JSON object (pino: level, time, msg), from the first
 * (a configuration it refuses) to the last, the embedded PostgreSQL's own lines included: a log
 * collector reads them all alike (docs/operations/observability.md).
 */
import { join } from 'node:path';

import { TenantConfigError } from '@admit/tenant-config';
import { loadChosenTenant } from '@admit/tenant-config/node';
import { pino } from 'pino';

import { buildApp } from './app.ts';
import { ConfigError, readConfig, resolveDataKeys } from './config.ts';
import {
  ExtensionPrivilegeError,
  migrate,
  openDatabase,
  setDatabaseLog,
  STAFF_LIMITS,
} from './db/database.ts';
import { startEmbeddedDatabase } from './db/embedded.ts';
import { importBundledLookups } from './services/lookups/bundled.ts';
import { LookupImportError } from './services/lookups/import.ts';
import { SSN_SAFE_REDACT, ssnSafeStream } from './services/logScrub.ts';
import { createSsnVault } from './services/ssn.ts';

/**
 * The process's one logger, also Fastify's. Info until the configuration names LOG_LEVEL: a
 * configuration it refuses is still said at error, as JSON.
 */
const logger = pino(
  { level: 'info', redact: SSN_SAFE_REDACT },
  // No line holds an SSN, whatever it quotes (services/logScrub.ts).
  ssnSafeStream(pino.destination({ dest: 1 })),
);

// Node's own warnings (a deprecation, too many listeners) print as plain text on stderr by
// default: they are log lines like the others.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  logger.warn({ err: warning }, `node: ${warning.name}: ${warning.message}`);
});

async function main(): Promise<void> {
  const config = readConfig();
  logger.level = config.logLevel;
  // TENANT_DIR (a college's folder anywhere) or TENANT (a bundled college), checked: a broken
  // college stops the start, every problem listed.
  const tenant = loadChosenTenant(config);
  const log = (line: string, level: 'info' | 'warn' | 'error' = 'info') => {
    logger[level](line);
  };
  // The SSN's keys: DATA_KEY, or the key generated once into DATA_DIR (services/dataKeys.ts);
  // read before the database starts, so a key file it cannot use stops nothing half-started.
  const dataKeys = resolveDataKeys(config);
  if (dataKeys.created)
    logger.info(
      `data key: generated the key that encrypts Social Security numbers into ${dataKeys.file ?? ''}; keep it with the data (a backup does not hold it) or set DATA_KEY instead`,
    );
  if (dataKeys.file !== undefined && config.databaseUrl !== undefined)
    logger.warn(
      `data key: DATA_KEY is not set, so Social Security numbers are encrypted with the key in ${dataKeys.file}; every instance on this database needs that same key: set DATA_KEY (docs/operations/data-key.md)`,
    );
  const ssn = createSsnVault(tenant.pages, dataKeys.keys);
  const embedded =
    config.databaseUrl === undefined
      ? await startEmbeddedDatabase(join(config.dataDir, 'pg'), log, { serverLog: true })
      : undefined;
  const url = config.databaseUrl ?? embedded?.url ?? '';
  // Migrations on a connection of their own without statement limits: one may build an index
  // on a large table, or wait for another instance's migrations.
  const migrator = openDatabase(url, 1, STAFF_LIMITS);
  setDatabaseLog(migrator, logger);
  try {
    await migrate(migrator, { url, ssn, dataKeys: dataKeys.keys });
  } finally {
    await migrator.destroy();
  }
  const db = openDatabase(url);
  // Before the app is built: its onListen builds the lookups' word index from these lists.
  // Without the requests' statement limits: an import takes seconds, and an instance that
  // starts beside another waits for that one's import (services/lookups/bundled.ts).
  if (config.lookupsDir !== undefined) {
    const importer = openDatabase(url, 3, STAFF_LIMITS);
    setDatabaseLog(importer, logger);
    await importBundledLookups(importer, config.lookupsDir, log)
      .catch((error: unknown) => {
        // Applicants can still apply (a lookup field also takes typed text): start, and say so.
        logger.error(
          error instanceof LookupImportError ? {} : { err: error },
          `lookups: the first-start import failed, so the lists are empty; import them with \`npm run admin -- lookups:import DIR\`.${error instanceof LookupImportError ? ` ${error.message}` : ''}`,
        );
      })
      .finally(() => importer.destroy());
  }
  const app = await buildApp({
    config,
    tenant,
    db,
    loggerInstance: logger,
    dataKeys: dataKeys.keys,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await db.destroy();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Document conversion and other background work (services/jobs.ts); stopped by app.close().
  app.jobs.start();
  app.log.info(`${tenant.names.college}: Admit is ready at ${config.publicOrigin}`);
}

/**
 * The exit status of a configuration the server refuses (a variable, the college's folder, a
 * database role without the extensions): sysexits' EX_CONFIG. `npm start` with TENANT_DIR
 * waits for the folder's next change on it (scripts/start.mjs); anything else that stops the
 * start exits 1.
 */
const EXIT_CONFIG = 78;

/**
 * Why the start stopped goes to stderr, where it always went: `npm start` shows what the server
 * wrote there on its problem page (scripts/start.mjs), and a service manager keeps it apart.
 */
const startFailures = pino({ level: 'info' }, pino.destination({ dest: 2, sync: true }));

/** Says why the start stopped, as the last JSON line, and exits once it is written. */
function refuse(status: number, fields: object, message: string): void {
  startFailures.fatal(fields, message);
  logger.flush(() => process.exit(status));
}

// A crash is said as one JSON line too, not Node's plain stack trace; the process still ends.
process.on('uncaughtException', (error) => {
  refuse(1, { err: error }, `Admit stopped on an error nothing caught: ${error.message}`);
});

main().catch((error: unknown) => {
  if (error instanceof TenantConfigError) {
    // One problem a line of the message, each naming its file and JSON path: no stack trace
    // to read past. `problems` keeps them apart for a log collector.
    refuse(
      EXIT_CONFIG,
      { problems: error.problems },
      `Admit cannot start: the college ${error.tenantId} has ${error.problems.length === 1 ? 'a problem' : `${error.problems.length} problems`}:\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  } else if (error instanceof ConfigError || error instanceof ExtensionPrivilegeError) {
    refuse(EXIT_CONFIG, {}, `Admit cannot start: ${error.message}`);
  } else
    refuse(
      1,
      { err: error },
      `Admit cannot start: ${error instanceof Error ? error.message : String(error)}`,
    );
});
