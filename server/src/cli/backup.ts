/**
 * `backup FILE`, `restore FILE` and `purge --before DATE` (docs/operations/backup.md): the
 * staff side of services/backup.ts and services/retention.ts.
 */
import { join, resolve } from 'node:path';

import { DERIVED_WEB_STATUSES } from '@admit/form-model';

import { loadChosenTenant } from '@admit/tenant-config/node';

import { type Config, resolveDataKeys } from '../config.ts';
import { migrate } from '../db/database.ts';
import { runningEmbeddedUrl } from '../db/embedded.ts';
import {
  BackupError,
  databaseNotEmpty,
  type FileLocation,
  fileStoreNotEmpty,
  restoreBackup,
  verifyBackup,
  writeBackup,
} from '../services/backup.ts';
import { createStorage } from '../services/storage.ts';
import {
  type ApplicationStatus,
  purgeApplications,
  purgeCandidates,
} from '../services/retention.ts';
import { createSsnVault } from '../services/ssn.ts';
import {
  type CommandContext,
  CommandError,
  shortTime,
  storedSsnKeys,
  storedTotpKeys,
} from './commands.ts';
import { type CliDatabase, openCliDatabase } from './connect.ts';

/** Where the configured installation keeps its files. */
export function fileLocation(config: Config): FileLocation {
  return config.s3 === undefined
    ? { kind: 'local', root: join(config.dataDir, 'files') }
    : { kind: 's3', bucket: config.s3.bucket };
}

function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : many}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `backup FILE`: one consistent snapshot of the database and its files, while the server runs. */
export async function backupCommand(
  ctx: CommandContext,
  config: Config,
  database: CliDatabase,
  file: string,
) {
  const files = fileLocation(config);
  const started = Date.now();
  const summary = await writeBackup(
    {
      databaseUrl: database.url,
      files,
      clock: ctx.clock,
      note: ctx.note,
      ...(ctx.progress === undefined ? {} : { progress: ctx.progress }),
    },
    file,
  );
  const { accounts = 0, applications = 0, documents = 0 } = summary.tables;
  ctx.out(
    `Wrote ${summary.file} (${megabytes(summary.bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${plural(accounts, 'account')}, ${plural(applications, 'application')}, ${plural(documents, 'document')}, ${files.kind === 'local' ? `${plural(summary.files, 'file')} (${megabytes(summary.fileBytes)})` : `files left in the S3 bucket ${files.bucket}`}.`,
  );
  if (summary.missingFiles.length > 0)
    throw new CommandError(
      `${plural(summary.missingFiles.length, 'file')} that documents point at ${summary.missingFiles.length === 1 ? 'is' : 'are'} missing from ${files.kind === 'local' ? files.root : 'the store'} and could not be backed up (${summary.missingFiles.slice(0, 5).join(', ')}${summary.missingFiles.length > 5 ? ', …' : ''}). The backup holds everything else.`,
    );
  return summary;
}

/**
 * `restore FILE`: checks FILE whole, then restores it into the configured DATA_DIR or
 * DATABASE_URL, which must be empty. `onOpen` learns how to close the database it opens.
 */
export async function restoreCommand(
  output: Pick<CommandContext, 'out' | 'note' | 'progress'>,
  config: Config,
  file: string,
  onOpen?: (close: () => Promise<void>) => void,
) {
  const path = resolve(file);
  output.note(`Checking ${path}…`);
  const manifest = await verifyBackup(path);
  output.note(
    `${path}: an Admit ${manifest.admitVersion} backup of ${shortTime(new Date(manifest.createdAt))}, ${plural(manifest.tables.length, 'table')} and ${plural(manifest.files.length, 'file')}; every checksum matches.`,
  );

  const refuse = (reason: string) =>
    new BackupError(
      `${reason} A backup is restored only into an empty target: a new DATA_DIR, or a new database for DATABASE_URL. Nothing was changed.`,
    );
  const files = fileLocation(config);
  if (config.databaseUrl === undefined) {
    const root = join(config.dataDir, 'pg');
    if (runningEmbeddedUrl(root) !== undefined)
      throw refuse(`A server is running on ${config.dataDir}: stop it first.`);
  }
  if (files.kind === 'local') {
    const reason = await fileStoreNotEmpty(files.root);
    if (reason !== undefined) throw refuse(reason);
  }

  const database = await openCliDatabase(config, output.note, { migrate: false });
  onOpen?.(database.close);
  try {
    output.note(`Restoring into ${database.description}.`);
    const reason = await databaseNotEmpty(database.url, manifest.migrations);
    if (reason !== undefined) throw refuse(reason);
    // The rows go into the schema they were taken from; later migrations then carry them on.
    await migrate(database.db, { upTo: manifest.migration });
    const summary = await restoreBackup(path, manifest, {
      databaseUrl: database.url,
      files,
      note: output.note,
      ...(output.progress === undefined ? {} : { progress: output.progress }),
    });
    // The college and the SSN's keys of this installation: migration 012 seals the plain SSNs
    // of a backup taken before it.
    const dataKeys = resolveDataKeys(config).keys;
    const vault = createSsnVault(loadChosenTenant(config).pages, dataKeys);
    await migrate(database.db, { ssn: vault, dataKeys });
    const { accounts = 0, applications = 0, documents = 0 } = summary.tables;
    output.out(
      `Restored the backup of ${shortTime(new Date(summary.createdAt))}: ${plural(accounts, 'account')}, ${plural(applications, 'application')}, ${plural(documents, 'document')}, ${plural(summary.files, 'file')}.`,
    );
    output.note(
      'No session was restored: every applicant logs in again. Start the server on this DATA_DIR / DATABASE_URL and check it (docs/operations/backup.md, "After a restore").',
    );
    // A backup holds SSNs and staff secrets sealed, never the key: this installation needs the
    // key that sealed them.
    const unreadable = (counts: Map<string, number>, what: string, many?: string) =>
      [...counts.entries()]
        .filter(([keyId]) => keyId !== 'plain' && !dataKeys.all.has(keyId))
        .map(([keyId, count]) => `${plural(count, what, many)} sealed with key ${keyId}`);
    const missing = [
      ...unreadable(await storedSsnKeys(database.db, vault), 'Social Security number'),
      ...unreadable(
        await storedTotpKeys(database.db),
        "staff member's authentication secret",
        "staff members' authentication secrets",
      ),
    ];
    if (missing.length > 0)
      output.note(
        `Warning: ${missing.join(', ')} cannot be read with this installation's keys (DATA_KEY, or DATA_DIR/data-key): set DATA_KEY to the key the backed-up installation used (docs/operations/data-key.md, "Backups and restores").`,
      );
    return summary;
  } finally {
    await database.close();
  }
}

/** `purge --before DATE [--status …] [--dry-run]`. */
export async function purgeCommand(
  ctx: CommandContext,
  config: Config,
  options: { before: Date; statuses: readonly ApplicationStatus[]; dryRun: boolean },
) {
  const filter = { before: options.before, statuses: options.statuses };
  const which = `last changed before ${shortTime(options.before)}${options.statuses.length === 0 ? '' : ` with status ${options.statuses.join(' or ')}`}`;
  if (options.dryRun) {
    const candidates = await purgeCandidates(ctx.db, filter);
    const rows = [
      ['USERNAME', 'STATUS', 'REFERENCE', 'LAST CHANGE'],
      ...candidates.map((c) => [c.username, c.status, c.reference ?? '-', shortTime(c.lastChange)]),
    ];
    const widths = [0, 1, 2].map((column) =>
      Math.max(...rows.map((row) => row[column]?.length ?? 0)),
    );
    if (candidates.length > 0)
      for (const row of rows)
        ctx.out(
          row
            .map((cell, column) => cell.padEnd(widths[column] ?? 0))
            .join('  ')
            .trimEnd(),
        );
    ctx.note(
      `Dry run: ${plural(candidates.length, 'application')} ${which} would be deleted, with ${candidates.length === 1 ? 'its account and files' : 'their accounts and files'}. Nothing was deleted.`,
    );
    return { candidates, accounts: 0, documents: 0, files: 0 };
  }
  const { files } = await createStorage({ config, db: ctx.db, clock: ctx.clock });
  const result = await purgeApplications(ctx.db, files, filter);
  const byStatus = DERIVED_WEB_STATUSES.map(
    (status) => [status, result.candidates.filter((c) => c.status === status).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`);
  ctx.out(
    `Deleted ${plural(result.accounts, 'application')} ${which}${byStatus.length > 0 ? ` (${byStatus.join(', ')})` : ''}, with ${result.accounts === 1 ? 'its account' : 'their accounts'}, ${plural(result.documents, 'document')} and ${plural(result.files, 'stored file')}.`,
  );
  if (result.accounts < result.candidates.length)
    ctx.note(
      `${plural(result.candidates.length - result.accounts, 'application')} changed while the purge ran and ${result.candidates.length - result.accounts === 1 ? 'was' : 'were'} kept.`,
    );
  return result;
}
