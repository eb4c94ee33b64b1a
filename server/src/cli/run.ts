/**
 * The staff CLI's argument parsing, help and exit codes; the commands are in commands.ts.
 * Exit codes: 0 done, 1 the command failed (the message says why), 2 wrong usage.
 */
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { DERIVED_WEB_STATUSES } from '@admit/form-model';
import { DEFAULT_TENANT } from '@admit/tenant-config';
import { loadChosenTenant } from '@admit/tenant-config/node';

import { ConfigError, readConfig, resolveDataKeys } from '../config.ts';
import { systemClock } from '../services/clock.ts';
import { HttpError } from '../services/errors.ts';
import { BackupError } from '../services/backup.ts';
import { LookupImportError } from '../services/lookups/import.ts';
import { createSsnVault } from '../services/ssn.ts';
import {
  SERVICE_TOKEN_DEFAULT_DAYS,
  TMP_APPLICATION_DEFAULT_DAYS,
  TOKEN_MAX_DAYS,
} from '../services/viewTokens.ts';
import {
  type AttachmentSource,
  type CommandContext,
  CommandError,
  exportCommand,
  listCommand,
  lookupsImportCommand,
  mailRetryCommand,
  rekeyCommand,
  revokeTokenCommand,
  serviceTokenCommand,
  tmpApplicationCommand,
  type WebStatusName,
} from './commands.ts';
import { applicationFiles } from './attachments.ts';
import { backupCommand, purgeCommand, restoreCommand } from './backup.ts';
import { COLLEGE_TEMPLATES, collegeCheckCommand, collegeNewCommand } from './college.ts';
import { openCliDatabase } from './connect.ts';
import {
  auditCommand,
  type ReadSecret,
  STAFF_PASSWORD_MIN,
  staffAddCommand,
  staffDisableCommand,
  staffListCommand,
  staffResetCommand,
} from './staff.ts';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

type OptionName =
  | 'days'
  | 'status'
  | 'json'
  | 'from'
  | 'all'
  | 'before'
  | 'dry-run'
  | 'role'
  | 'since'
  | 'staff'
  | 'with-ssn';

interface CommandHelp {
  usage: string;
  summary: string;
  details: string[];
  options: readonly OptionName[];
  /** How many arguments it takes; 'any': none or more (`mail retry ID…`). */
  positionals: number | 'any';
}

const COMMANDS: Record<string, CommandHelp> = {
  list: {
    usage: 'list [--status STATUS] [--json]',
    summary: 'Applications with username, status, reference number and last change, newest first.',
    details: [
      '--status none|started|validating|submitted   only applications with that status',
      '--json                                       JSON instead of a table',
    ],
    options: ['status', 'json'],
    positionals: 0,
  },
  export: {
    usage: 'export DIR [--since DATE] [--with-ssn]',
    summary: 'Submitted applications to DIR/applications.csv and .json, with a data dictionary.',
    details: [
      '--since DATE   only applications submitted since DATE: YYYY-MM-DD (midnight UTC) or an ISO',
      '               time such as 2026-03-01T12:00:00Z',
      '--with-ssn     Social Security numbers in full; without it they read XXX-XX-1234. Who and',
      '               when is written to stderr and to the audit log (`audit`); never the numbers.',
      "The CSV has one row per applicant: username, submitted at, reference, then the college's",
      'questions in form order, each column named by its label. DIR/data-dictionary.csv lists each',
      "column's answer key, label and kind. The JSON holds answers (by answer key), tabs and",
      'add-another counts. DIR is created when missing; earlier export files in it are replaced.',
    ],
    options: ['since', 'with-ssn'],
    positionals: 1,
  },
  rekey: {
    usage: 'rekey',
    summary:
      "Encrypts every stored SSN and staff TOTP secret again with DATA_KEY's first (newest) key.",
    details: [
      'After a new key is put first in DATA_KEY (the old ones after it) and every server restarted',
      'with it: reads each stored Social Security number with whichever listed key sealed it and',
      "seals it with the newest, and the staff's authenticator secrets alike. Prints how many were",
      'sealed again and which key ids remain (none once done); the old key can then leave',
      'DATA_KEY. Safe to run again, and while servers run.',
      'docs/operations/data-key.md: the whole rotation.',
    ],
    options: [],
    positionals: 0,
  },
  backup: {
    usage: 'backup FILE',
    summary: 'Writes the database and the stored files to FILE (.tar.gz), while the server runs.',
    details: [
      'One consistent snapshot of every table (answers, accounts, documents, references, mail)',
      'and every stored file its rows point at, with the SHA-256 of each in a manifest. Sessions',
      'and reset links are left out. FILE is written under a temporary name and renamed when',
      'complete (an earlier FILE is replaced only then), with mode 600: it holds password hashes',
      'and the installation secret. With S3_BUCKET the files stay in the bucket (keep its',
      'versioning on) and the backup names the bucket.',
      'Example: npm run admin -- backup /var/backups/admit/admit-$(date +%F).tar.gz',
      'docs/operations/backup.md: cron, keeping 14 days, restoring.',
    ],
    options: [],
    positionals: 1,
  },
  restore: {
    usage: 'restore FILE',
    summary: 'Restores a backup into an empty DATA_DIR or DATABASE_URL database.',
    details: [
      'FILE is read and checked whole first: a damaged, cut short or foreign file is refused and',
      'nothing is written. The target must be empty (a new DATA_DIR, or a new database for',
      'DATABASE_URL) with no server running on it: anything else is refused, untouched.',
      "The schema is migrated to the backup's, the rows and files are loaded and checked again, and",
      'the schema is migrated to this version. Sessions are not restored: every applicant logs in again.',
    ],
    options: [],
    positionals: 1,
  },
  purge: {
    usage: 'purge --before DATE [--status STATUS ...] [--dry-run]',
    summary: 'Deletes applications last changed before DATE, with their accounts and files.',
    details: [
      'DATE         YYYY-MM-DD (midnight UTC) or an ISO time such as 2026-06-30T12:00:00Z; not in',
      '             the future',
      '--status     none|started|validating|submitted: only those; repeat it for several',
      '--dry-run    lists what would be deleted, deletes nothing',
      'Last change: the latest of sign-up, the last save, the last status and the last document',
      'change. Rows go first, in one transaction per batch, then the stored files. Take a backup',
      'first. Example: npm run admin -- purge --before 2026-01-01 --status none --status started',
    ],
    options: ['before', 'status', 'dry-run'],
    positionals: 0,
  },
  'service-token': {
    usage: 'service-token USERNAME [--days N]',
    summary: "Prints a link to USERNAME's application, read-only (the service view).",
    details: [
      `--days N   how long the link works (default ${SERVICE_TOKEN_DEFAULT_DAYS}, at most ${TOKEN_MAX_DAYS})`,
      'The link grants that one view and nothing else; end it early with revoke-token.',
    ],
    options: ['days'],
    positionals: 1,
  },
  'revoke-token': {
    usage: 'revoke-token TOKEN',
    summary: 'Ends a service token or a temporary application at once.',
    details: ['TOKEN is the token or the whole link that carries it.'],
    options: [],
    positionals: 1,
  },
  'tmp-application': {
    usage: 'tmp-application FILE.json [--days N]',
    summary: 'Prints a link that opens an application prefilled with the answers in FILE.json.',
    details: [
      'FILE.json is an object of answer keys and values ({"first_name": "Ada", ...}), or',
      '{"answer": {...}}. Keys and values are checked against the college\'s form.',
      `--days N   how long the link works (default ${TMP_APPLICATION_DEFAULT_DAYS}, at most ${TOKEN_MAX_DAYS})`,
    ],
    options: ['days'],
    positionals: 1,
  },
  'college check': {
    usage: 'college check DIR',
    summary: "Checks a college's folder as a server start would: OK, or every problem.",
    details: [
      'Prints "DIR: OK — <college>, N steps, N questions", or every problem, one a line, each naming',
      'its file and JSON path (DIR/steps/about.json:57: /sections/2/blocks/4/key: …); then exits 1.',
      'It needs no database. A server started with TENANT_DIR=DIR serves that college.',
    ],
    options: [],
    positionals: 1,
  },
  'college new': {
    usage: `college new DIR [--from ${COLLEGE_TEMPLATES.join('|')}]`,
    summary: "Writes a new college's folder to start from: a copy of a bundled college.",
    details: [
      `--from ${COLLEGE_TEMPLATES.join('|')}   the college to copy (default ${DEFAULT_TENANT})`,
      'DIR must not exist, or be empty. It gets college.json, logo.svg, steps/, options/ and a copy',
      "of the JSON Schemas (schema/) that each file's $schema names, so an editor completes and",
      'checks the files wherever the folder lives. Then: edit, college check DIR, TENANT_DIR=DIR npm start.',
      'docs/colleges.md describes every field.',
    ],
    options: ['from'],
    positionals: 1,
  },
  'lookups:import': {
    usage: 'lookups:import DIR',
    summary: 'Imports the high-school and college lookups from the files in DIR.',
    details: [
      'DIR holds nces_ceeb_crosswalk.csv (high schools), pesc_crosswalk.csv and hdYYYY.csv',
      '(IPEDS HD: colleges), each plain or gzipped (NAME.csv.gz). Each list is replaced as a',
      'whole; running it twice is harmless. The server imports the public data the repository',
      "ships (server/lookups) at its first start; this replaces it with a college's own files.",
      'Example: npm run admin -- lookups:import ./lookups-2026',
    ],
    options: [],
    positionals: 1,
  },
  'staff add': {
    usage: 'staff add EMAIL --role reader|officer',
    summary: 'Adds an admissions office account; prints, once, the otpauth:// link for its app.',
    details: [
      '--role reader    lists, views, downloads and exports (the SSN masked)',
      '--role officer   also reveals an SSN and exports it in full (each time logged)',
      `The password is read from standard input (at least ${STAFF_PASSWORD_MIN} characters), or asked for on a`,
      "terminal without echo. The otpauth://totp/… link goes to the staff member's authenticator app",
      '(RFC 6238: 6 digits, 30 seconds); they sign in at /office with the password and its code.',
      'Example: printf \'%s\' "$PASSWORD" | npm run admin -- staff add ada@college.edu --role officer',
    ],
    options: ['role'],
    positionals: 1,
  },
  'staff list': {
    usage: 'staff list',
    summary: 'The admissions office accounts: e-mail address, role, state, when added.',
    details: ['State: active, locked until a time (too many refused sign-ins), or disabled.'],
    options: [],
    positionals: 0,
  },
  'staff disable': {
    usage: 'staff disable EMAIL',
    summary: 'Refuses the account every sign-in from now on and ends its sessions.',
    details: ['staff reset EMAIL enables it again, with a new password and a new app link.'],
    options: [],
    positionals: 1,
  },
  'staff reset': {
    usage: 'staff reset EMAIL',
    summary: 'A new password and a new TOTP secret (prints the new otpauth:// link once).',
    details: [
      'For a lost phone or a forgotten password: the old codes stop working, the account is',
      'enabled and unlocked, and its sessions end. The password is read as staff add reads it.',
    ],
    options: [],
    positionals: 1,
  },
  audit: {
    usage: 'audit [--since DATE] [--staff EMAIL]',
    summary: 'The audit log: who signed in to the office and what they looked at, oldest first.',
    details: [
      'One line per entry, tab-separated: time (UTC), who, action, application, details.',
      '--since DATE    YYYY-MM-DD (midnight UTC) or an ISO time',
      '--staff EMAIL   only that staff member (cli: the changes made with staff add|disable|reset)',
    ],
    options: ['since', 'staff'],
    positionals: 0,
  },
  'mail retry': {
    usage: 'mail retry [--all | ID…]',
    summary: 'Sends again mail that gave up (SMTP was down for two days); alone, lists it.',
    details: [
      'Without arguments: lists the mail that could not be sent (id, when, account, subject, error).',
      '--all    queues every one of them again; ID…  only those (the ids the list and the log show).',
      'Each goes with a fresh two days of retries; a code or reset link in it is renewed if it has',
      'expired. The running server sends them within a second, once the SMTP server answers.',
      'Prints how many were queued.',
    ],
    options: ['all'],
    positionals: 'any',
  },
};

function overview(): string {
  const width = Math.max(...Object.values(COMMANDS).map((command) => command.usage.length));
  return [
    'Admit staff commands.',
    '',
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map(
      (command) => `  ${command.usage.padEnd(width)}  ${command.summary}`,
    ),
    '',
    'Help on one command: npm run admin -- help <command>',
    '',
    "The CLI works on the server's data: DATABASE_URL when set, else the embedded PostgreSQL in",
    'DATA_DIR (default ./data), whether or not the server is running. PUBLIC_ORIGIN sets the',
    'origin of printed links and TENANT_DIR or TENANT the college, as for the server.',
    '',
    'Exit codes: 0 done, 1 the command failed, 2 wrong usage.',
  ].join('\n');
}

function commandHelp(command: CommandHelp): string {
  return [
    `Usage: npm run admin -- ${command.usage}`,
    '',
    command.summary,
    '',
    ...command.details,
  ].join('\n');
}

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stderr is a terminal: progress rewrites one line. */
  interactive: boolean;
  /** Told how to close the database, so a signal handler can stop an embedded server. */
  onOpen?: (close: () => Promise<void>) => void;
  /** Reads a password for `staff add|reset` (cli.ts: standard input, or the terminal). */
  readSecret?: ReadSecret;
  /** Where `export` finds each applicant's files (default: cli/attachments.ts). */
  attachments?: AttachmentSource;
}

/** Who runs the command, as the operating system knows them (sudo's caller first). */
function operatorName(env: CliIo['env']): string {
  let name = env.SUDO_USER ?? env.USER ?? env.LOGNAME;
  if (name === undefined || name === '') {
    try {
      name = userInfo().username;
    } catch {
      name = `uid ${String(process.getuid?.() ?? '?')}`;
    }
  }
  return `${name} (pid ${String(process.pid)})`;
}

function daysOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > TOKEN_MAX_DAYS)
    throw new UsageError(
      `--days must be a whole number from 1 to ${TOKEN_MAX_DAYS}, not "${value}".`,
    );
  return Number(value);
}

/**
 * `--before DATE`: YYYY-MM-DD is midnight UTC; a full ISO time is taken as written. A date to
 * come is refused: it would delete applications being filled in today.
 */
function beforeOption(value: string | undefined): Date {
  if (value === undefined)
    throw new UsageError('purge needs --before DATE: what was last changed before it goes.');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? new Date(value)
      : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`--before must be a date such as 2026-01-31, not "${value}".`);
  if (date.getTime() > systemClock().getTime())
    throw new UsageError(`--before ${value} is in the future; a purge deletes only what is past.`);
  return date;
}

/** `--since DATE`: YYYY-MM-DD is midnight UTC; a full ISO time is taken as written. */
function sinceOption(value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? new Date(value)
      : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`--since must be a date such as 2026-03-01, not "${value}".`);
  return date;
}

function secretReader(io: CliIo): ReadSecret {
  if (io.readSecret === undefined)
    throw new CommandError(
      'This command reads a password, and no input was given to read it from.',
    );
  return io.readSecret;
}

class UsageError extends Error {
  override name = 'UsageError';
}

const STATUSES: readonly WebStatusName[] = DERIVED_WEB_STATUSES;

function parseCommandLine(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      days: { type: 'string' },
      // Repeatable for purge (--status none --status started); list takes one.
      status: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      from: { type: 'string' },
      all: { type: 'boolean' },
      before: { type: 'string' },
      'dry-run': { type: 'boolean' },
      role: { type: 'string' },
      since: { type: 'string' },
      staff: { type: 'string' },
      'with-ssn': { type: 'boolean' },
    },
  });
}

/** Runs one CLI invocation; resolves to its exit code. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(args);
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n\n${overview()}\n`);
    return EXIT_USAGE;
  }
  const [verb, ...rest] = parsed.positionals;
  // Two-word commands (`college check DIR`) are one command name.
  const twoWords = verb !== undefined && rest[0] !== undefined && `${verb} ${rest[0]}` in COMMANDS;
  const name = twoWords ? `${verb} ${rest[0] ?? ''}` : verb;
  const positionals = twoWords ? rest.slice(1) : rest;
  if (name === undefined || name === 'help') {
    const topic = positionals.length === 0 ? undefined : positionals.join(' ');
    const command = topic === undefined ? undefined : COMMANDS[topic];
    if (topic !== undefined && command === undefined) {
      io.stderr(`There is no command "${topic}".\n\n${overview()}\n`);
      return EXIT_USAGE;
    }
    const text = command === undefined ? overview() : commandHelp(command);
    if (name === undefined && parsed.values.help !== true) {
      io.stderr(`${text}\n`);
      return EXIT_USAGE;
    }
    io.stdout(`${text}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    io.stderr(`There is no command "${name}".\n\n${overview()}\n`);
    return EXIT_USAGE;
  }
  if (parsed.values.help === true) {
    io.stdout(`${commandHelp(command)}\n`);
    return EXIT_OK;
  }

  const options = parsed.values;
  let days: number | undefined;
  let before: Date | undefined;
  let since: Date | undefined;
  try {
    const given = (
      [
        'days',
        'status',
        'json',
        'from',
        'all',
        'before',
        'dry-run',
        'role',
        'since',
        'staff',
        'with-ssn',
      ] as const
    ).filter((key) => options[key] !== undefined);
    const unexpected = given.filter((key) => !command.options.includes(key));
    if (unexpected.length > 0)
      throw new UsageError(`${name} takes no --${unexpected.join(', --')}.`);
    if (command.positionals !== 'any' && positionals.length !== command.positionals)
      throw new UsageError(
        positionals.length < command.positionals
          ? `${name} needs ${command.usage
              .split(' ')
              .slice(1, 1 + command.positionals)
              .join(' ')}.`
          : `${name} takes ${command.positionals === 0 ? 'no arguments' : `${command.positionals} argument`}, not "${positionals.join(' ')}".`,
      );
    for (const status of options.status ?? [])
      if (!STATUSES.includes(status as WebStatusName))
        throw new UsageError(`--status must be one of ${STATUSES.join(', ')}.`);
    if (name === 'list' && (options.status?.length ?? 0) > 1)
      throw new UsageError('list takes one --status.');
    if (name === 'purge') before = beforeOption(options.before);
    days = daysOption(options.days);
    if (name === 'staff add' && options.role !== 'reader' && options.role !== 'officer')
      throw new UsageError('staff add needs --role reader or --role officer.');
    if (options.since !== undefined) since = sinceOption(options.since);
    if (options.from !== undefined && !COLLEGE_TEMPLATES.includes(options.from))
      throw new UsageError(`--from must be one of ${COLLEGE_TEMPLATES.join(', ')}.`);
  } catch (error) {
    io.stderr(
      `${error instanceof Error ? error.message : String(error)}\n\nUsage: npm run admin -- ${command.usage}\n`,
    );
    return EXIT_USAGE;
  }

  if (name === 'college check' || name === 'college new') {
    const [dir = ''] = positionals;
    const shown = dir.replace(/(.)\/+$/, '$1');
    const output = {
      out: (line: string) => {
        io.stdout(`${line}\n`);
      },
      note: (line: string) => {
        io.stderr(`${line}\n`);
      },
    };
    try {
      if (name === 'college check') collegeCheckCommand(output, resolve(io.cwd, dir), shown);
      else collegeNewCommand(output, resolve(io.cwd, dir), shown, options.from ?? DEFAULT_TENANT);
      return EXIT_OK;
    } catch (error) {
      io.stderr(
        error instanceof CommandError
          ? `admin ${name}: ${error.message}\n`
          : `admin ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      return EXIT_FAILED;
    }
  }

  let progressShown = false;
  const endProgress = () => {
    if (progressShown) io.stderr('\n');
    progressShown = false;
  };
  const output = {
    out: (line: string) => {
      endProgress();
      io.stdout(`${line}\n`);
    },
    note: (line: string) => {
      endProgress();
      io.stderr(`${line}\n`);
    },
    ...(io.interactive
      ? {
          progress: (line: string) => {
            progressShown = true;
            io.stderr(`\r\x1b[K${line}`);
          },
        }
      : {}),
  };

  if (name === 'restore') {
    // Not through the shared opening below: that migrates to this version before the backup is
    // checked, and a restore migrates to the backup's own version first.
    try {
      await restoreCommand(
        output,
        readConfig(io.env, io.cwd),
        resolve(io.cwd, positionals[0] ?? ''),
        io.onOpen,
      );
      endProgress();
      return EXIT_OK;
    } catch (error) {
      endProgress();
      const known =
        error instanceof BackupError ||
        error instanceof CommandError ||
        error instanceof ConfigError;
      io.stderr(
        known
          ? `admin restore: ${error.message}\n`
          : `admin restore failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      return EXIT_FAILED;
    }
  }

  let close: (() => Promise<void>) | undefined;
  try {
    const config = readConfig(io.env, io.cwd);
    const tenant = loadChosenTenant(config);
    const dataKeys = resolveDataKeys(config).keys;
    const ssn = createSsnVault(tenant.pages, dataKeys);
    const database = await openCliDatabase(
      config,
      (line) => {
        io.stderr(`${line}\n`);
      },
      { ssn, dataKeys },
    );
    close = database.close;
    io.onOpen?.(close);
    io.stderr(`Using ${database.description}.\n`);
    const ctx: CommandContext = {
      db: database.db,
      tenant,
      publicOrigin: config.publicOrigin,
      clock: systemClock,
      dataKeys,
      ...output,
    };
    const [first = ''] = positionals;
    switch (name) {
      case 'list':
        await listCommand(ctx, {
          ...(options.status?.[0] === undefined
            ? {}
            : { status: options.status[0] as WebStatusName }),
          json: options.json === true,
        });
        break;
      case 'export':
        await exportCommand(
          ctx,
          first,
          io.attachments ??
            (await applicationFiles({ config, db: database.db, clock: systemClock, tenant, ssn })),
          {
            ...(since === undefined ? {} : { since }),
            withSsn: options['with-ssn'] === true,
            operator: operatorName(io.env),
          },
        );
        break;
      case 'rekey':
        await rekeyCommand(ctx);
        break;
      case 'service-token':
        await serviceTokenCommand(ctx, first, days);
        break;
      case 'revoke-token':
        await revokeTokenCommand(ctx, first);
        break;
      case 'tmp-application':
        await tmpApplicationCommand(ctx, first, days);
        break;
      case 'lookups:import':
        await lookupsImportCommand(ctx, first);
        break;
      case 'staff add':
        await staffAddCommand(
          ctx,
          first,
          options.role === 'officer' ? 'officer' : 'reader',
          secretReader(io),
        );
        break;
      case 'staff list':
        await staffListCommand(ctx);
        break;
      case 'staff disable':
        await staffDisableCommand(ctx, first);
        break;
      case 'staff reset':
        await staffResetCommand(ctx, first, secretReader(io));
        break;
      case 'audit':
        await auditCommand(ctx, {
          ...(since === undefined ? {} : { since }),
          ...(options.staff === undefined ? {} : { staff: options.staff }),
        });
        break;
      case 'mail retry':
        await mailRetryCommand(ctx, options.all === true ? 'all' : positionals);
        break;
      case 'backup':
        await backupCommand(ctx, config, database, resolve(io.cwd, first));
        break;
      case 'purge':
        await purgeCommand(ctx, config, {
          before: before ?? systemClock(),
          statuses: (options.status ?? []) as WebStatusName[],
          dryRun: options['dry-run'] === true,
        });
        break;
    }
    endProgress();
    return EXIT_OK;
  } catch (error) {
    endProgress();
    const known =
      error instanceof CommandError ||
      error instanceof HttpError ||
      error instanceof LookupImportError ||
      error instanceof BackupError ||
      error instanceof ConfigError ||
      (error instanceof Error && error.name === 'TenantConfigError');
    io.stderr(
      known && error instanceof Error
        ? `admin ${name}: ${error.message}\n`
        : `admin ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT_FAILED;
  } finally {
    await close?.();
  }
}
