/**
 * The staff commands (`npm run admin -- <command>`), as functions of a database, the college
 * and two output streams, so tests run them against their own database and cli.ts only parses
 * arguments. Results go to `out` (what a script may capture); notes and progress to `note`.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { DERIVED_WEB_STATUSES, type DerivedWebStatus } from '@admit/form-model';
import { type TenantConfig } from '@admit/tenant-config';
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { answerRules } from '../services/applications.ts';
import { type Clock } from '../services/clock.ts';
import { type ImportProgress, importLookups } from '../services/lookups/import.ts';
import { failedMail, retryFailedMail } from '../services/mail.ts';
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
  return createViewTokens({ db: ctx.db, clock: ctx.clock, rules: answerRules(ctx.tenant) });
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

/** Characters a spreadsheet would read as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180); a value that would start a formula is prefixed with `'`. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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
  attachments: number;
}

/**
 * `export DIR`: the submitted applications as `applications.csv` (one row per applicant,
 * columns username, submitted_at, reference and every answer key of the college's form, in form order)
 * and `applications.json` (answers, tabs and add-another counts as stored), plus each
 * applicant's files under `DIR/<username>/` from `attachments` (cli/attachments.ts: the
 * application PDF and the uploaded documents).
 */
export async function exportCommand(
  ctx: CommandContext,
  dir: string,
  attachments?: AttachmentSource,
): Promise<ExportResult> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const rows = await ctx.db
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
    .where('applications.submitted_at', 'is not', null)
    .orderBy('applications.submitted_at')
    .orderBy('accounts.username')
    .execute();

  const formKeys = [...answerRules(ctx.tenant).keys()];
  const known = new Set(formKeys);
  // Keys stored under an older version of the form still export, after the form's own.
  const extraKeys = [
    ...new Set(rows.flatMap((row) => Object.keys(row.answers).filter((key) => !known.has(key)))),
  ].sort();
  const columns = [...formKeys, ...extraKeys];
  const lines = [
    ['username', 'submitted_at', 'reference', ...columns],
    ...rows.map((row) => [
      row.username,
      row.submitted_at?.toISOString() ?? '',
      row.reference ?? '',
      ...columns.map((key) => {
        const value = row.answers[key];
        return value === undefined ? '' : String(value);
      }),
    ]),
  ];
  const csvFile = join(folder, 'applications.csv');
  const jsonFile = join(folder, 'applications.json');
  // A byte-order mark: spreadsheet programs then read accents as UTF-8.
  await writeAtomically(
    csvFile,
    `\ufeff${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`,
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
    `Exported ${rows.length} submitted application${rows.length === 1 ? '' : 's'} to ${csvFile} and ${jsonFile}${attachments === undefined ? '' : ` with ${attachmentCount} file${attachmentCount === 1 ? '' : 's'}`}.`,
  );
  if (failed.length > 0)
    throw new CommandError(
      `The files of ${failed.length} applicant${failed.length === 1 ? '' : 's'} were not exported (${failed.join(', ')}); run export again.`,
    );
  return { applications: rows.length, csvFile, jsonFile, attachments: attachmentCount };
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
