/**
 * The staff commands (`npm run admin -- <command>`), as functions of a database, the college
 * and two output streams, so tests run them against their own database and cli.ts only parses
 * arguments. Results go to `out` (what a script may capture); notes and progress to `note`.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { type Answers, DERIVED_WEB_STATUSES, type DerivedWebStatus } from '@admit/form-model';
import { type TenantConfig } from '@admit/tenant-config';
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { answerRules } from '../services/applications.ts';
import { CLI_ACTOR, createAudit } from '../services/audit.ts';
import { type Clock } from '../services/clock.ts';
import { collegeLabeller } from '../services/collegeLabels.ts';
import { type DataKeys, UnreadableValueError } from '../services/dataKeys.ts';
import { csvField, type ExportColumn, exportColumns } from '../services/exportColumns.ts';
import { type ImportProgress, importLookups } from '../services/lookups/import.ts';
import { failedMail, retryFailedMail } from '../services/mail.ts';
import { createSsnVault, type SsnVault } from '../services/ssn.ts';
import { resealTotpSecret } from '../services/totpSecrets.ts';
import { createViewTokens, type IssuedToken } from '../services/viewTokens.ts';

export interface CommandContext {
  db: Db;
  tenant: TenantConfig;
  /** Where links point (PUBLIC_ORIGIN). */
  publicOrigin: string;
  clock: Clock;
  /** A line of the command's result (stdout). */
  out: (line: string) => void;
  /** A note or progress line (stderr). */
  note: (line: string) => void;
  /** Rewrites the progress line in place (a terminal); absent when output is a file or pipe. */
  progress?: (line: string) => void;
  /** The SSN's keys (config.ts `resolveDataKeys`): DATA_KEY, or the one kept in DATA_DIR. */
  dataKeys: DataKeys;
}

/** The SSN's vault for the college and keys of a command. */
export function ssnVault(ctx: CommandContext): SsnVault {
  return createSsnVault(ctx.tenant.pages, ctx.dataKeys);
}

/** A command that could not do what was asked; cli.ts prints the message and exits 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export type WebStatusName = DerivedWebStatus;
const STATUS_NAMES = DERIVED_WEB_STATUSES;

export interface ApplicationSummary {
  accountId: string;
  username: string;
  status: WebStatusName;
  lastChange: Date;
  submittedAt: Date | null;
  /** The reference number of a submitted application (the receipt and the admissions notice name it). */
  reference: string | null;
}

function viewTokens(ctx: CommandContext) {
  return createViewTokens({
    db: ctx.db,
    clock: ctx.clock,
    rules: answerRules(ctx.tenant),
    ssn: ssnVault(ctx),
  });
}

/** Every application with its status and last change, newest change first. */
export async function applicationSummaries(db: Db): Promise<ApplicationSummary[]> {
  const result = await sql<{
    account_id: string;
    username: string;
    level: number;
    last_change: Date;
    submitted_at: Date | null;
    reference: string | null;
  }>`
    SELECT accounts.id AS account_id, accounts.username, applications.submitted_at,
      applications.reference,
      coalesce(status.level, 0)::int AS level,
      greatest(applications.updated_at, status.last_at) AS last_change
    FROM accounts
    JOIN applications ON applications.account_id = accounts.id
    LEFT JOIN LATERAL (
      SELECT max(CASE web_status WHEN 'started' THEN 1 WHEN 'validating' THEN 2 ELSE 3 END) AS level,
        max(created_at) AS last_at
      FROM web_statuses WHERE web_statuses.account_id = accounts.id
    ) AS status ON true
    ORDER BY last_change DESC, accounts.username
  `.execute(db);
  return result.rows.map((row) => ({
    accountId: row.account_id,
    username: row.username,
    status: STATUS_NAMES[row.level] ?? 'none',
    lastChange: row.last_change,
    submittedAt: row.submitted_at,
    reference: row.reference,
  }));
}

/** "2026-03-01 14:05 UTC": minutes are enough for staff, and UTC is the same everywhere. */
export function shortTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `list`: the applications, as a table or as JSON. */
export async function listCommand(
  ctx: CommandContext,
  options: { status?: WebStatusName; json?: boolean } = {},
): Promise<ApplicationSummary[]> {
  const all = await applicationSummaries(ctx.db);
  const shown = options.status === undefined ? all : all.filter((a) => a.status === options.status);
  if (options.json === true) {
    ctx.out(
      JSON.stringify(
        shown.map((a) => ({
          username: a.username,
          status: a.status,
          last_change: a.lastChange.toISOString(),
          submitted_at: a.submittedAt?.toISOString() ?? null,
          reference: a.reference,
        })),
        null,
        2,
      ),
    );
    return shown;
  }
  const rows = [
    ['USERNAME', 'STATUS', 'REFERENCE', 'LAST CHANGE'],
    ...shown.map((a) => [a.username, a.status, a.reference ?? '-', shortTime(a.lastChange)]),
  ];
  const widths = [0, 1, 2].map((column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of rows)
    ctx.out(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  const counts = STATUS_NAMES.map(
    (status) => [status, shown.filter((a) => a.status === status).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`);
  ctx.note(
    `${shown.length} application${shown.length === 1 ? '' : 's'}${counts.length > 0 ? ` (${counts.join(', ')})` : ''}`,
  );
  return shown;
}

/** A file an export adds beside the answers: the application PDF, an uploaded document. */
export interface ExportAttachment {
  /** The file's name inside the applicant's folder, e.g. `application.pdf`. */
  name: string;
  bytes: Uint8Array;
}

/** Where an export finds an applicant's files (the PDF and documents modules provide it). */
export type AttachmentSource = (application: {
  accountId: string;
  username: string;
}) => Promise<ExportAttachment[]>;

/** A folder name for an applicant: the username with anything unusual as `_`. */
export function applicantFolder(username: string): string {
  return username.replace(/[^A-Za-z0-9._@+-]/g, '_').replace(/^\.+/, '_');
}

async function writeAtomically(path: string, content: string | Uint8Array): Promise<void> {
  const temp = `${path}.${String(process.pid)}.tmp`;
  await writeFile(temp, content);
  await rename(temp, path);
}

export interface ExportResult {
  applications: number;
  csvFile: string;
  jsonFile: string;
  /** The data dictionary beside them: each column's key, label and kind. */
  dictionaryFile: string;
  attachments: number;
}

export interface ExportOptions {
  /** Only applications submitted at or after this time (`--since DATE`). */
  since?: Date;
  /** The SSN in full (`--with-ssn`); masked as XXX-XX-1234 otherwise. */
  withSsn?: boolean;
  /** Who asked, for the log line a full-SSN export writes (the operating-system user). */
  operator?: string;
}

/** The columns every export starts with, before the college's questions. */
const FIXED_COLUMNS: readonly ExportColumn[] = [
  { key: 'username', label: 'Username (e-mail)', kind: 'email', step: '' },
  { key: 'submitted_at', label: 'Submitted at (UTC)', kind: 'date-time', step: '' },
  { key: 'reference', label: 'Reference number', kind: 'reference', step: '' },
];

/**
 * `export DIR [--since DATE] [--with-ssn]`: the submitted applications (those submitted since
 * DATE, with it) as `applications.csv` (one row per applicant; the college's question labels
 * as column names, in form order), `applications.json` (answers, tabs and add-another counts
 * as stored, by answer key) and `data-dictionary.csv` (each column's key, label and kind), plus
 * each applicant's files under `DIR/<username>/` from `attachments` (cli/attachments.ts: the
 * application PDF and the uploaded documents). The SSN is masked (XXX-XX-1234) unless
 * `withSsn`; every export is written to the audit log (actor `cli`, the operating-system user in
 * its details), and a full-SSN one says so on stderr too, naming who and when, never a number.
 */
export async function exportCommand(
  ctx: CommandContext,
  dir: string,
  attachments?: AttachmentSource,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  let query = ctx.db
    .selectFrom('applications')
    .innerJoin('accounts', 'accounts.id', 'applications.account_id')
    .select([
      'accounts.id',
      'accounts.username',
      'applications.answers',
      'applications.tabs',
      'applications.add_another',
      'applications.submitted_at',
      'applications.reference',
    ])
    .where('applications.submitted_at', 'is not', null);
  if (options.since !== undefined)
    query = query.where('applications.submitted_at', '>=', options.since);
  const stored = await query
    .orderBy('applications.submitted_at')
    .orderBy('accounts.username')
    .execute();
  const vault = ssnVault(ctx);
  // A choice's label in the college's own language, whatever language its applicant used.
  const inCollegeLanguage = collegeLabeller(ctx.tenant);
  const rows = stored.map((row) => {
    try {
      const answers: Answers = inCollegeLanguage(
        options.withSsn === true ? vault.open(row.answers) : vault.mask(row.answers),
      );
      return { ...row, answers };
    } catch (error) {
      if (error instanceof UnreadableValueError)
        throw new CommandError(
          `${row.username}'s application cannot be exported: ${error.message} Set DATA_KEY to hold that key too (docs/operations/data-key.md); nothing was written.`,
        );
      throw error;
    }
  });

  const formKeys = [...answerRules(ctx.tenant).keys()];
  const known = new Set(formKeys);
  // Keys stored under an older version of the form still export, after the form's own.
  const extraKeys = [
    ...new Set(rows.flatMap((row) => Object.keys(row.answers).filter((key) => !known.has(key)))),
  ].sort();
  const columns = [
    ...FIXED_COLUMNS,
    ...exportColumns(ctx.tenant.pages, [...formKeys, ...extraKeys]),
  ];
  const answerColumns = columns.slice(FIXED_COLUMNS.length);
  const lines = [
    columns.map((column) => column.label),
    ...rows.map((row) => [
      row.username,
      row.submitted_at?.toISOString() ?? '',
      row.reference ?? '',
      ...answerColumns.map(({ key }) => {
        const value = row.answers[key];
        return value === undefined ? '' : String(value);
      }),
    ]),
  ];
  const csv = (table: string[][]) =>
    // A byte-order mark: spreadsheet programs then read accents as UTF-8.
    `\ufeff${table.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
  const csvFile = join(folder, 'applications.csv');
  const jsonFile = join(folder, 'applications.json');
  const dictionaryFile = join(folder, 'data-dictionary.csv');
  await writeAtomically(csvFile, csv(lines));
  await writeAtomically(
    dictionaryFile,
    csv([
      ['key', 'label', 'kind'],
      ...columns.map((column) => [column.key, column.label, column.kind]),
    ]),
  );
  await writeAtomically(
    jsonFile,
    `${JSON.stringify(
      rows.map((row) => ({
        username: row.username,
        submitted_at: row.submitted_at?.toISOString() ?? null,
        reference: row.reference,
        answer: row.answers,
        tabs: row.tabs,
        add_another: row.add_another,
      })),
      null,
      2,
    )}\n`,
  );
  // In the audit log beside the office's exports (`admin audit` lists it), whoever ran it.
  await createAudit(ctx.db, ctx.clock).record(CLI_ACTOR, 'export', null, {
    ...(options.since === undefined ? {} : { since: options.since.toISOString() }),
    format: 'folder',
    ssn: options.withSsn === true ? 'full' : 'masked',
    rows: rows.length,
    operator: options.operator ?? 'an unnamed operator',
    folder,
  });
  if (options.withSsn === true)
    ctx.note(
      `Audit: ${options.operator ?? 'an unnamed operator'} exported ${rows.length} application${rows.length === 1 ? '' : 's'} with full Social Security numbers to ${folder} at ${ctx.clock().toISOString()}. Keep these files safe and delete them when done.`,
    );
  let attachmentCount = 0;
  const failed: string[] = [];
  if (attachments === undefined) {
    ctx.note(
      'Note: application PDFs and uploaded documents are not exported: no source of files was given.',
    );
  } else {
    for (const [index, row] of rows.entries()) {
      try {
        const files = await attachments({ accountId: row.id, username: row.username });
        if (files.length > 0) {
          const applicantDir = join(folder, applicantFolder(row.username));
          await mkdir(applicantDir, { recursive: true });
          for (const file of files) {
            await writeAtomically(join(applicantDir, applicantFolder(file.name)), file.bytes);
            attachmentCount += 1;
          }
        }
      } catch (error) {
        // One applicant's files (a PDF still waiting for a conversion) do not stop the rest.
        failed.push(row.username);
        ctx.note(
          `${row.username}: files not exported (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      ctx.progress?.(`files: ${index + 1} of ${rows.length} applicants`);
    }
  }
  ctx.out(
    `Exported ${rows.length} submitted application${rows.length === 1 ? '' : 's'}${options.since === undefined ? '' : ` (submitted since ${options.since.toISOString()})`} to ${csvFile} and ${jsonFile}, described in ${dictionaryFile}${attachments === undefined ? '' : `, with ${attachmentCount} file${attachmentCount === 1 ? '' : 's'}`}; Social Security numbers ${options.withSsn === true ? 'in full' : 'masked'}.`,
  );
  if (failed.length > 0)
    throw new CommandError(
      `The files of ${failed.length} applicant${failed.length === 1 ? '' : 's'} were not exported (${failed.join(', ')}); run export again.`,
    );
  return {
    applications: rows.length,
    csvFile,
    jsonFile,
    dictionaryFile,
    attachments: attachmentCount,
  };
}

function expiresNote(issued: IssuedToken): string {
  return `It works until ${shortTime(issued.expiresAt)}; revoke it with: npm run admin -- revoke-token <the link>`;
}

/** `service-token USERNAME [--days N]`: prints the read-only view link of one application. */
export async function serviceTokenCommand(
  ctx: CommandContext,
  username: string,
  days?: number,
): Promise<string> {
  const issued = await viewTokens(ctx).createServiceToken(username, days);
  const url = `${ctx.publicOrigin}/?service_token=${issued.token}`;
  ctx.out(url);
  ctx.note(`The link above shows ${username}'s application, read-only. ${expiresNote(issued)}`);
  return url;
}

/** `revoke-token TOKEN`: ends a service token or a temporary application (token or link). */
export async function revokeTokenCommand(ctx: CommandContext, token: string): Promise<void> {
  const revoked = await viewTokens(ctx).revoke(token);
  if (revoked === undefined)
    throw new CommandError('No service token or temporary application matches that token.');
  ctx.out(`Revoked the ${revoked}.`);
}

/**
 * `tmp-application FILE.json [--days N]`: stores prefilled answers (a JSON object of answer
 * keys, or `{"answer": {…}}` as GET /public/tmp returns it) and prints the link that opens them.
 */
export async function tmpApplicationCommand(
  ctx: CommandContext,
  file: string,
  days?: number,
): Promise<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'it was not found'
        : error instanceof SyntaxError
          ? `it is not JSON (${error.message})`
          : String(error);
    throw new CommandError(`Cannot read ${file}: ${reason}.`);
  }
  const answers =
    typeof parsed === 'object' && parsed !== null && 'answer' in parsed ? parsed.answer : parsed;
  const issued = await viewTokens(ctx).createTmpApplication(answers, days);
  const url = `${ctx.publicOrigin}/?token=${issued.token}`;
  ctx.out(url);
  ctx.note(`The link above opens an application prefilled with ${file}. ${expiresNote(issued)}`);
  return url;
}

const DATASET_NAMES = { high_schools: 'high schools', colleges: 'colleges' } as const;

/** `lookups:import DIR`: imports the three public files, showing counts and a percentage. */
export async function lookupsImportCommand(ctx: CommandContext, dir: string) {
  let lastShown = '';
  const show = (progress: ImportProgress) => {
    const percent = Math.min(
      100,
      Math.floor((100 * progress.bytesRead) / Math.max(1, progress.totalBytes)),
    );
    const line = `${DATASET_NAMES[progress.dataset]}: ${progress.rowsRead.toLocaleString('en-US')} rows read, ${progress.rowsImported.toLocaleString('en-US')} imported (${percent}%)`;
    if (ctx.progress !== undefined) ctx.progress(line);
    else {
      // In a log, one line per quarter is enough.
      const step = `${progress.dataset}:${Math.floor(percent / 25)}`;
      if (step !== lastShown) ctx.note(line);
      lastShown = step;
    }
  };
  const started = Date.now();
  const summary = await importLookups(ctx.db, dir, { onProgress: show });
  const { colleges, highSchools } = summary;
  ctx.out(
    `Imported ${highSchools.rowsImported.toLocaleString('en-US')} high schools (${highSchools.withCeeb.toLocaleString('en-US')} with a CEEB code, ${highSchools.rowsSkipped} rows skipped) and ${colleges.rowsImported.toLocaleString('en-US')} colleges (${(colleges.offered ?? 0).toLocaleString('en-US')} active and degree-granting offered by the lookup, ${colleges.withCeeb.toLocaleString('en-US')} with a CEEB code) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return summary;
}

/**
 * `mail retry`: alone, lists mail that gave up; with `--all` or ids, queues it again
 * (services/mail.ts `retryFailedMail`) and prints how many.
 */
export async function mailRetryCommand(
  ctx: CommandContext,
  which: 'all' | readonly string[],
): Promise<void> {
  if (which !== 'all' && which.length === 0) {
    const failed = await failedMail(ctx.db);
    if (failed.length === 0) {
      ctx.out('No mail has failed: there is nothing to send again.');
      return;
    }
    for (const mail of failed)
      ctx.out(
        `${mail.id}\t${shortTime(mail.createdAt)}\t${mail.accountId ?? '-'}\t${mail.subject}\t${mail.error}`,
      );
    ctx.note(
      `${failed.length} failed mail. Send them again with: npm run admin -- mail retry --all (or the ids).`,
    );
    return;
  }
  let ids: number[] | 'all' = 'all';
  if (which !== 'all') {
    const wrong = which.filter((id) => !/^[1-9][0-9]{0,15}$/.test(id));
    if (wrong.length > 0)
      throw new CommandError(`A mail id is a whole number, not "${wrong.join('", "')}".`);
    ids = which.map(Number);
  }
  const queued = await retryFailedMail(ctx.db, ctx.clock(), ids);
  if (ids !== 'all') {
    const missing = ids.filter((id) => !queued.includes(id));
    if (missing.length > 0)
      ctx.note(
        `Not failed mail (sent, still being retried, or gone), left alone: ${missing.join(', ')}.`,
      );
  }
  ctx.out(
    `${queued.length} mail queued again${queued.length === 0 ? '' : ` (${queued.join(', ')})`}.`,
  );
}

/**
 * How many stored SSNs each key id sealed, plain ones (before migration 012) as `plain`: what
 * `rekey` leaves behind, and what a restore needs keys for.
 */
export async function storedSsnKeys(db: Db, vault: SsnVault): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of ['applications', 'tmp_applications'] as const)
    for (const key of vault.keys) {
      const rows = await sql<{ id: string; count: number }>`
        SELECT CASE WHEN answers->>${key} LIKE 'sealed:v1:%'
            THEN substr(answers->>${key}, 11, 8) ELSE 'plain' END AS id,
          count(*)::int AS count
        FROM ${sql.table(table)}
        WHERE answers->>${key} <> ''
        GROUP BY 1
      `.execute(db);
      for (const row of rows.rows) counts.set(row.id, (counts.get(row.id) ?? 0) + row.count);
    }
  return counts;
}

/**
 * How many staff authentication secrets each data key sealed, by key id ('plain': before
 * migration 014): `restore` warns of the ones this installation cannot open.
 */
export async function storedTotpKeys(db: Db): Promise<Map<string, number>> {
  const rows = await sql<{ id: string; count: number }>`
    SELECT CASE WHEN totp_secret LIKE 'sealed:v1:%'
        THEN substr(totp_secret, 11, 8) ELSE 'plain' END AS id,
      count(*)::int AS count
    FROM staff
    GROUP BY 1
  `.execute(db);
  return new Map(rows.rows.map((row) => [row.id, row.count]));
}

/** Rows `rekey` reads at once. */
const REKEY_PAGE = 500;

/**
 * `rekey`: seals every stored SSN and staff TOTP secret again with the newest key (DATA_KEY's
 * first), a row at a time. A row is written only if its SSNs are still the ones read (`answers @> old`): a save
 * that came in between sealed its own with the newest key already, and wins. Applications and
 * temporary applications alike; `updated_at` is left alone (nothing the applicant did).
 */
export async function rekeyCommand(ctx: CommandContext): Promise<{ resealed: number }> {
  const vault = ssnVault(ctx);
  let resealed = 0;
  for (const [table, id] of [
    ['applications', 'account_id'],
    ['tmp_applications', 'token_hash'],
  ] as const) {
    let after: unknown = null;
    for (;;) {
      const page = await sql<{ id: unknown; answers: Answers }>`
        SELECT ${sql.ref(id)} AS id, answers FROM ${sql.table(table)}
        WHERE ${after === null ? sql`true` : sql`${sql.ref(id)} > ${after}`}
        ORDER BY ${sql.ref(id)} LIMIT ${REKEY_PAGE}
      `.execute(ctx.db);
      for (const row of page.rows) {
        let sealed: Answers | undefined;
        try {
          sealed = vault.reseal(row.answers);
        } catch (error) {
          if (error instanceof UnreadableValueError)
            throw new CommandError(
              `${error.message} Put that key back in DATA_KEY (after the newest) and run rekey again; ${resealed} value${resealed === 1 ? ' was' : 's were'} sealed again before this one.`,
            );
          throw error;
        }
        if (sealed === undefined) continue;
        const old = Object.fromEntries(
          [...vault.keys].filter((key) => key in row.answers).map((key) => [key, row.answers[key]]),
        );
        const patch = Object.fromEntries(
          [...vault.keys].filter((key) => key in sealed).map((key) => [key, sealed[key]]),
        );
        const result = await sql`
          UPDATE ${sql.table(table)} SET answers = answers || ${JSON.stringify(patch)}::jsonb
          WHERE ${sql.ref(id)} = ${row.id} AND answers @> ${JSON.stringify(old)}::jsonb
        `.execute(ctx.db);
        if (Number(result.numAffectedRows ?? 0) > 0) resealed += 1;
      }
      ctx.progress?.(`${table}: ${resealed} sealed again`);
      const last = page.rows.at(-1);
      if (last === undefined || page.rows.length < REKEY_PAGE) break;
      after = last.id;
    }
  }
  // The staff's TOTP secrets are sealed with the same key (services/totpSecrets.ts): a few
  // dozen rows, each written only if it is still the one read (a `staff reset` in between wins).
  const staff = await ctx.db.selectFrom('staff').select(['id', 'email', 'totp_secret']).execute();
  for (const member of staff) {
    let sealed: string | undefined;
    try {
      sealed = resealTotpSecret(ctx.dataKeys, member.id, member.totp_secret);
    } catch (error) {
      if (error instanceof UnreadableValueError)
        throw new CommandError(
          `The authentication secret of staff member ${member.email} was encrypted with key ${error.keyId ?? '(unknown)'}, which DATA_KEY does not hold. Put that key back in DATA_KEY (after the newest) and run rekey again; ${resealed} value${resealed === 1 ? ' was' : 's were'} sealed again before this one.`,
        );
      throw error;
    }
    if (sealed === undefined) continue;
    const result = await ctx.db
      .updateTable('staff')
      .set({ totp_secret: sealed })
      .where('id', '=', member.id)
      .where('totp_secret', '=', member.totp_secret)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) resealed += 1;
  }
  const left = await storedSsnKeys(ctx.db, vault);
  const staffKeys = await sql<{ id: string }>`
    SELECT CASE WHEN totp_secret LIKE 'sealed:v1:%' THEN substr(totp_secret, 11, 8) ELSE 'plain' END AS id
    FROM staff
  `.execute(ctx.db);
  for (const { id } of staffKeys.rows) left.set(id, (left.get(id) ?? 0) + 1);
  const others = [...left.entries()].filter(([keyId]) => keyId !== ctx.dataKeys.current.id);
  ctx.out(
    `Sealed ${resealed} record${resealed === 1 ? '' : 's'} again with key ${ctx.dataKeys.current.id}. ${
      others.length === 0
        ? 'Every stored Social Security number and staff authentication secret is sealed with it: older keys can leave DATA_KEY.'
        : `Still sealed with other keys: ${others.map(([keyId, count]) => `${keyId} (${count})`).join(', ')}; run rekey again.`
    }`,
  );
  return { resealed };
}
