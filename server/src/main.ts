/**
 * Starts Admit: reads the configuration, starts the embedded PostgreSQL unless DATABASE_URL
 * names one, migrates, imports the lookup lists on the database's first start, and listens.
 * SIGINT/SIGTERM shut down cleanly.
 */
import { join } from 'node:path';

import { TenantConfigError } from '@admit/tenant-config';
import { loadChosenTenant } from '@admit/tenant-config/node';

import { buildApp } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { migrate, openDatabase, STAFF_LIMITS } from './db/database.ts';
import { startEmbeddedDatabase } from './db/embedded.ts';
import { importBundledLookups } from './services/lookups/bundled.ts';
import { LookupImportError } from './services/lookups/import.ts';

async function main(): Promise<void> {
  const config = readConfig();
  // TENANT_DIR (a college's folder anywhere) or TENANT (a bundled college), checked: a broken
  // college stops the start, every problem listed.
  const tenant = loadChosenTenant(config);
  const log = (line: string) => {
    console.log(line);
  };
  const embedded =
    config.databaseUrl === undefined
      ? await startEmbeddedDatabase(join(config.dataDir, 'pg'), log)
      : undefined;
  const url = config.databaseUrl ?? embedded?.url ?? '';
  // Migrations on a connection of their own without statement limits: one may build an index
  // on a large table, or wait for another instance's migrations.
  const migrator = openDatabase(url, 1, STAFF_LIMITS);
  try {
    await migrate(migrator);
  } finally {
    await migrator.destroy();
  }
  const db = openDatabase(url);
  // Before the app is built: its onListen builds the lookups' word index from these lists.
  if (config.lookupsDir !== undefined)
    await importBundledLookups(db, config.lookupsDir, log).catch((error: unknown) => {
      // Applicants can still apply (a lookup field also takes typed text): start, and say so.
      console.error(
        'lookups: the first-start import failed, so the lists are empty; import them with `npm run admin -- lookups:import DIR`.',
        error instanceof LookupImportError ? error.message : error,
      );
    });
  const app = await buildApp({ config, tenant, db });
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
 * The exit status of a configuration the server refuses (a variable, or the college's folder):
 * sysexits' EX_CONFIG. `npm start` with TENANT_DIR waits for the folder's next change on it
 * (scripts/start.mjs); anything else that stops the start exits 1.
 */
const EXIT_CONFIG = 78;

main().catch((error: unknown) => {
  if (error instanceof TenantConfigError) {
    // One problem a line, each naming its file and JSON path: no stack trace to read past.
    console.error(
      `Admit cannot start: the college ${error.tenantId} has ${error.problems.length === 1 ? 'a problem' : `${error.problems.length} problems`}:\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    process.exit(EXIT_CONFIG);
  } else if (error instanceof ConfigError) {
    console.error(`Admit cannot start: ${error.message}`);
    process.exit(EXIT_CONFIG);
  }
  console.error('Admit cannot start:', error);
  process.exit(1);
});
