/**
 * The production path: two server instances on one external PostgreSQL,
 * through DATABASE_URL, as a college grows: stateless instances on one database (and, across
 * hosts, S3 for files). The database is a server of its own made from Debian's `postgresql`
 * programs (tests/support/postgres.ts), with a login role that owns its database and is not a
 * superuser, as a DBA would give it.
 *
 * The instances are real processes of the server as it is built for production (main.ts and
 * cli.ts and the conversion process bundled by scripts/build.mjs's `bundleServer`), started at the same time on the empty
 * database, each on its own port and PUBLIC_ORIGIN. They share one DATA_DIR: its only content
 * with DATABASE_URL set is the local file store, and on one host a shared folder is how two
 * instances see the same files (on several hosts, S3_BUCKET). Cookies are carried by hand, as
 * a browser behind a load balancer would send them to whichever instance it reaches.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ExternalPostgres, startExternalPostgres } from '../support/postgres.ts';
import {
  bundleServer,
  call,
  confirmationCode,
  conversionEnded,
  logIn,
  ok,
  PNG,
  REPO_ROOT,
  type ServerProcess,
  startServer,
  stopServer,
  uploadFile,
} from '../support/server.ts';

const USERNAME = 'two.instances@example.com';
const PASSWORD = 'Gallatin-Valley-2027';
/** The file question of the gallatin form. */
const FILE_KEY = 'decision_essay_file';

/**
 * A tiny lookup list in the publishers' formats (`lookups:import` reads these three files),
 * rows as published: two Bozeman high schools, Montana State University.
 */
const LOOKUP_FIXTURE: Record<string, string> = {
  'nces_ceeb_crosswalk.csv': [
    'HS_CEEB,HS_NCES,HS_CITY,MATCH_NAME,HS_POSTAL_CD,HS_STATE,HS_NAME,MATCH_SCORE,MATCH_SOURCE,HS_DUPED',
    '270100,300459000113,BOZEMAN,Bozeman High School,59715,MT,Bozeman High School,100.0,0.0,False',
    '270114,A9702154,Bozeman,PETRA ACADEMY,59718,MT,petra academy,100.0,1.0,False',
  ].join('\n'),
  'pesc_crosswalk.csv': [
    'unitid,ein,opeid,fice,sat_profile,act,instnm,addr,city,stabbr,zip',
    '180461,816010045,00253200,002532,4488,2420,Montana State University,Montana State University,Bozeman,MT,59717',
  ].join('\n'),
  'hd2024.csv': [
    'UNITID,INSTNM,IALIAS,ADDR,CITY,STABBR,ZIP,OPEID,DEGGRANT,CLOSEDAT,CYACTIVE',
    '180461,Montana State University,MSU,Montana State University,Bozeman,MT,59717,00253200,1,-2,1',
  ].join('\n'),
};

let postgres: ExternalPostgres | undefined;
let databaseUrl = '';
const folders: string[] = [];
const servers: ServerProcess[] = [];
let bundleDir = '';
let dataDir = '';
/** Instance A and instance B. */
let a: ServerProcess;
let b: ServerProcess;

const log = (line: string) => {
  console.log(`[two-instances] ${line}`);
};

function startInstance(): Promise<ServerProcess> {
  return startServer({
    script: relative(REPO_ROOT, join(bundleDir, 'main.js')),
    env: {
      DATABASE_URL: databaseUrl,
      // One host: both instances keep files in the same folder (several hosts: S3_BUCKET).
      DATA_DIR: dataDir,
      SMTP_URL: '',
      DEV_MAILBOX: '1', // the confirmation code is read from /dev/mail
      NODE_ENV: 'test',
      LOG_LEVEL: 'info', // "job worker started" shows each instance runs its worker
      // The bundled lists, imported on the empty database's first start by one of the two
      // (the bundle sits a folder deeper than server/dist/main.js: they are not beside it).
      LOOKUPS_DIR: join(REPO_ROOT, 'server', 'lookups'),
    },
    onStart: (server) => servers.push(server),
  });
}

function profile(server: ServerProcess, cookie: string) {
  return call(server, 'GET', '/api/profile', { cookie });
}

function answerOf(reply: { body: string }): Record<string, unknown> {
  return (JSON.parse(reply.body) as { answer: Record<string, unknown> }).answer;
}

describe('production path: two instances on one external PostgreSQL', () => {
  beforeAll(async () => {
    bundleDir = await bundleServer('two-instances');
    folders.push(bundleDir);
    postgres = await startExternalPostgres(log);
    databaseUrl = await postgres.createDatabase('admit');
    dataDir = mkdtempSync(join(tmpdir(), 'admit-two-instances-'));
    folders.push(dataDir);
    // At once, on the empty database: the migrations run once (Kysely's migration lock).
    [a, b] = await Promise.all([startInstance(), startInstance()]);
    log(`instance A ${a.origin} (pid ${a.child.pid}), instance B ${b.origin} (pid ${b.child.pid})`);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await postgres?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 120_000);

  it('neither instance logged a failure when they started together: every line JSON, none an error, no false "the lists are empty" (regression: the second one\'s lookup import was cancelled after 4 s waiting on the first)', () => {
    for (const [name, server] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          try {
            return JSON.parse(line) as { level: number; msg: string; err?: { message?: string } };
          } catch {
            throw new Error(`instance ${name} printed a line that is not JSON: ${line}`);
          }
        });
      expect(
        lines
          .filter((line) => line.level >= 50)
          .map(
            (line) => `${line.msg}${line.err === undefined ? '' : `: ${String(line.err.message)}`}`,
          ),
        name,
      ).toEqual([]);
      expect(server.output(), name).not.toContain('the lists are empty');
    }
    // The bundled lists were imported once, by one of the two.
    const imported = [a, b].filter((server) =>
      /lookups: imported [\d,]+ high schools/.test(server.output()),
    );
    expect(imported).toHaveLength(1);
  });

  it('both instances migrated the one database and run their job workers', async () => {
    const migrations = await postgres?.query<{ name: string }>(
      'admit',
      'SELECT name FROM kysely_migration ORDER BY name',
    );
    expect(migrations?.length).toBeGreaterThan(0);
    expect(new Set(migrations?.map((row) => row.name)).size).toBe(migrations?.length);
    expect(a.output()).toContain('job worker started');
    expect(b.output()).toContain('job worker started');
  });

  it('a session made on one instance works on the other, and answers saved on one read back on the other', async () => {
    ok(
      'signup on A',
      await call(a, 'POST', '/public/signup', {
        body: { username: USERNAME, password: PASSWORD },
      }),
    );
    // The mail A sent is in the database's outbox: B's dev mailbox shows it.
    const code = await confirmationCode(b, USERNAME);
    ok(
      'confirm on B',
      await call(b, 'POST', '/public/confirm', { body: { username: USERNAME, code } }),
    );
    const cookie = await logIn(a, USERNAME, PASSWORD);

    ok('save on A', await call(a, 'PUT', '/api/answer', { body: { first_name: 'Ada' }, cookie }));
    expect(answerOf(ok('profile on B', await profile(b, cookie)))).toMatchObject({
      first_name: 'Ada',
    });
    ok(
      'save on B',
      await call(b, 'PUT', '/api/answer', { body: { last_name: 'Lovelace' }, cookie }),
    );
    expect(answerOf(ok('profile on A', await profile(a, cookie)))).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
    });

    // Ended on one instance, the session is ended on both.
    ok('logout on B', await call(b, 'GET', '/api/logout', { cookie }));
    expect((await profile(a, cookie)).status).toBe(401);
  });

  it('a conversion job runs once, on one of the two workers, and both instances see its result', async () => {
    const cookie = await logIn(b, USERNAME, PASSWORD);
    // Presigned on A, uploaded to the storage endpoint the URL names: A's.
    const presigned = await uploadFile(a, cookie, FILE_KEY, {
      bytes: PNG,
      type: 'image/png',
      name: 'essay.png',
    });
    expect(presigned.url).toBe(`${a.origin}/storage/upload`);
    ok("upload to A's storage endpoint", presigned.reply, 204);

    // Requested on B: B finds A's upload grant in the database and the file in the shared store.
    ok(
      'conversion request on B',
      await call(b, 'POST', `/api/pdf/document-answer/${FILE_KEY}`, {
        body: { file_key: presigned.fields.key, file_name: 'essay.png' },
        cookie,
      }),
      202,
    );
    expect(await conversionEnded(a, cookie, FILE_KEY)).toBe('completed');
    expect(await conversionEnded(b, cookie, FILE_KEY)).toBe('completed');

    const jobs =
      (await postgres?.query<{ status: string; attempts: number; locked_by: string }>(
        'admit',
        "SELECT status, attempts, locked_by FROM jobs WHERE kind = 'convert-document'",
      )) ?? [];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'done', attempts: 1 });
    // locked_by is host:pid:random: the worker that ran it is one of the two instances.
    const workerPid = Number(jobs[0]?.locked_by.split(':').at(-2));
    expect([a.child.pid, b.child.pid]).toContain(workerPid);
    log(`the conversion ran once, on instance ${workerPid === a.child.pid ? 'A' : 'B'}`);

    const documents = JSON.parse(
      ok('documents on A', await call(a, 'GET', '/api/document-answer', { cookie })).body,
    ) as Record<string, { file_name: string }>;
    expect(documents[FILE_KEY]?.file_name).toBe('essay.png');
    // The application PDF, made on B, appends the converted PDF wherever it was written.
    const pdf = await call(b, 'GET', '/api/pdf/application.pdf', { cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    // A conversion is a child process of its own; on a busy machine it takes seconds.
  }, 60_000);

  it('lookups imported once, with the staff CLI, serve both instances', async () => {
    const lookups = mkdtempSync(join(tmpdir(), 'admit-two-instances-lookups-'));
    folders.push(lookups);
    for (const [name, text] of Object.entries(LOOKUP_FIXTURE))
      writeFileSync(join(lookups, name), `${text}\n`);
    const printed = execFileSync(
      process.execPath,
      [join(bundleDir, 'cli.js'), 'lookups:import', lookups],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    expect(printed).toMatch(/^Imported 2 high schools .* and 1 colleges/);

    const find = async (server: ServerProcess, query: string) =>
      JSON.parse(ok(`lookup on ${server.origin}`, await call(server, 'GET', query)).body) as {
        text: string;
        id: string;
      }[];
    for (const server of [a, b]) {
      expect(
        (await find(server, '/lookup/find?category=hs_ceeb&text=bozeman%20high')).map(
          (suggestion) => suggestion.text,
        ),
      ).toContain('Bozeman High School');
      expect(
        (await find(server, '/lookup/find?category=college_ceeb&text=montana%20state')).map(
          (suggestion) => suggestion.text,
        ),
      ).toContain('Montana State University');
    }
    // An id found on A is the same row on B.
    const [school] = await find(a, '/lookup/find?category=hs_ceeb&text=bozeman%20high');
    const detail = ok(
      'detail on B',
      await call(
        b,
        'GET',
        `/lookup/find?category=hs_ceeb&id=${encodeURIComponent(school?.id ?? '')}`,
      ),
    );
    expect(JSON.parse(detail.body)).toMatchObject({
      name: 'Bozeman High School',
      ceeb: '270100',
      city: 'Bozeman',
      state: 'MT',
    });
  });
});
