/**
 * A college is data (docs/colleges.md): the one build the journeys run (global-setup.ts builds it
 * once) serves whichever college the server is started with. Each test starts its own server from
 * that build (`node server/dist/main.js`, a fresh DATA_DIR): `TENANT=example` (Riverbend, a college
 * of its own), and `TENANT_DIR` on a folder `college new` made outside the repository with a
 * question added; and a folder with a broken condition, which stops the start.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { runningEmbeddedUrl } from '@admit/server';
import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

import {
  call,
  ok,
  type ServerProcess,
  signUpAndLogIn,
  startServer,
  stopServer,
} from '../support/server.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { ROOT, SCREENSHOTS_DIR } from './support/paths.ts';

const ADMIN = join(ROOT, 'scripts', 'admin.mjs');
const PASSWORD = 'Riverbend-Valley-2027';

/** The build the journeys' server serves: global-setup.ts copied it into E2E_DATA_DIR. */
function staticDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined)
    throw new Error('E2E_DATA_DIR is not set: run through the global setup');
  return join(dataDir, 'static');
}

/** The PDF's text, page by page, each text item apart (a label is one item). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  const items: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) items.push(item.str);
  }
  await document.destroy();
  return items.join('\n');
}

const folders: string[] = [];
const servers: ServerProcess[] = [];
function tempFolder(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `admit-college-${name}-`));
  // As root the embedded PostgreSQL runs as "postgres", which must reach DATA_DIR/pg.
  chmodSync(folder, 0o755);
  folders.push(folder);
  return folder;
}

/**
 * The journeys' database: the embedded PostgreSQL the global setup's server runs, or the
 * DATABASE_URL it was given. Each server here keeps its files in a DATA_DIR of its own but no
 * PostgreSQL of its own: a second embedded server on a random port could take the very port
 * `freePort` had just found for the app (EADDRINUSE, seen once in CI).
 */
function journeysDatabase(): string {
  const url =
    runningEmbeddedUrl(join(process.env.E2E_DATA_DIR ?? '', 'pg')) ?? process.env.DATABASE_URL;
  if (url === undefined || url === '') throw new Error("the journeys' database is not running");
  return url;
}

/** A server of the journeys' build for a college; lookups left out (no question here needs them). */
async function serve(env: Record<string, string>): Promise<ServerProcess> {
  return startServer({
    script: 'server/dist/main.js',
    env: {
      DATA_DIR: tempFolder('data'),
      DATABASE_URL: journeysDatabase(),
      STATIC_DIR: staticDir(),
      SOFFICE: 'off',
      LOOKUPS_DIR: 'off',
      ...env,
    },
    onStart: (server) => servers.push(server),
  });
}

/** The staff CLI, with `env`; its exit status and output. */
async function admin(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [ADMIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      timeout: 90_000,
    });
    return { status: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { status: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

test.afterAll(async () => {
  for (const server of servers) await stopServer(server);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test.describe.configure({ timeout: 240_000 });

test('TENANT=example: the same build serves Riverbend, keeps its answers and refuses Gallatin’s', async ({
  page,
}) => {
  const server = await serve({ TENANT: 'example' });
  const college = JSON.parse(
    readFileSync(join(ROOT, 'tenant-config/colleges/example/college.json'), 'utf8'),
  ) as { titles: { application: string }; theme: { colors: { primary: { main: string } } } };
  const stepTitle = (step: string) =>
    (
      JSON.parse(
        readFileSync(join(ROOT, `tenant-config/colleges/example/steps/${step}.json`), 'utf8'),
      ) as { title: string }
    ).title;
  const [first, second] = [stepTitle('about'), stepTitle('education')];

  // As served: the title, the theme's colour in the page's styles, Riverbend's own question,
  // and nothing of Gallatin's.
  const served = ok('GET /about', await call(server, 'GET', '/about')).body;
  expect(served).toContain(`<title>${first} · ${college.titles.application}</title>`);
  expect(served.toLowerCase()).toContain(college.theme.colors.primary.main.toLowerCase());
  expect(served).toContain('Do you plan to apply for financial aid');
  expect(served).not.toContain('Gallatin');
  expect(served).not.toContain('instate_');

  // After hydration: the same page, taken over by the app, without an error.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/about`);
  await expect(page).toHaveTitle(`${first} · ${college.titles.application}`);
  // Another step's questions come from the college's pages file.
  await page.getByRole('link', { name: second }).first().click();
  await expect(page).toHaveURL(/\/education$/);
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await page.getByRole('link', { name: first }).first().click();
  const aid = page.getByRole('radiogroup', { name: /Do you plan to apply for financial aid/ });
  await expect(aid).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Which application will you file?' }),
  ).toHaveCount(0);
  await aid.getByRole('radio', { name: /^Yes/ }).check();
  // Riverbend's condition: the follow-up shows once the answer is Yes.
  await expect(
    page.getByRole('radiogroup', { name: 'Which application will you file?' }),
  ).toBeVisible();
  // Riverbend's steps, as a visitor sees them: no WCAG 2.2 A/AA violation at either width, and
  // a photograph of each for people to look at (test-results/screenshots/).
  for (const [route, title] of [
    ['about', first],
    ['education', second],
    ['final-steps', stepTitle('final-steps')],
  ] as const)
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.origin}/${route}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoAxeViolations(page, `Riverbend /${route} at ${String(width)} px`);
      await page.screenshot({
        path: join(SCREENSHOTS_DIR, `riverbend-${route}-${String(width)}.png`),
        fullPage: true,
      });
    }
  expect(errors).toEqual([]);

  // The API: a Riverbend-only answer is stored, a Gallatin-only one refused.
  const cookie = await signUpAndLogIn(server, 'river.one@example.com', PASSWORD);
  ok(
    'PUT a Riverbend answer',
    await call(server, 'PUT', '/api/answer', {
      body: { preferred_name: 'Sam', financial_aid_plan: 'Y' },
      cookie,
    }),
  );
  const profile = JSON.parse(
    ok('GET /api/profile', await call(server, 'GET', '/api/profile', { cookie })).body,
  ) as { answer: Record<string, unknown> };
  expect(profile.answer).toMatchObject({ preferred_name: 'Sam', financial_aid_plan: 'Y' });
  const refused = await call(server, 'PUT', '/api/answer', {
    body: { instate_claim: 'Y' },
    cookie,
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toContain('instate_claim');
});

test('TENANT_DIR: a folder made by `college new`, with a question added, is served, stored, printed and exported', async () => {
  const folder = join(tempFolder('folder'), 'our-college');
  const made = await admin({}, 'college', 'new', folder, '--from', 'gallatin');
  expect(made.status, made.output).toBe(0);

  // One text question added: a copy of Middle Name with a key and label of its own.
  const aboutFile = join(folder, 'steps', 'about.json');
  const about = JSON.parse(readFileSync(aboutFile, 'utf8')) as {
    sections: { blocks: { key?: string; label?: string }[] }[];
  };
  const section = about.sections.find((candidate) =>
    candidate.blocks.some((block) => block.key === 'middle_name'),
  );
  const middle = section?.blocks.findIndex((block) => block.key === 'middle_name') ?? -1;
  expect(middle).toBeGreaterThanOrEqual(0);
  section?.blocks.splice(middle + 1, 0, {
    ...section.blocks[middle],
    key: 'favourite_subject',
    label: 'Favourite school subject',
  });
  writeFileSync(aboutFile, `${JSON.stringify(about, null, 2)}\n`);
  // And its Spanish, which the check asks of every text of a college offered in Spanish.
  const spanishFile = join(folder, 'locales', 'es.json');
  const spanish = JSON.parse(readFileSync(spanishFile, 'utf8')) as {
    texts: Record<string, string>;
  };
  spanish.texts['Favourite school subject'] = 'Asignatura escolar favorita';
  writeFileSync(spanishFile, `${JSON.stringify(spanish, null, 2)}\n`);
  const checked = await admin({}, 'college', 'check', folder);
  expect(checked.status, checked.output).toBe(0);

  const dataDir = tempFolder('data');
  const server = await serve({ TENANT_DIR: folder, DATA_DIR: dataDir });
  expect(ok('GET /about', await call(server, 'GET', '/about')).body).toContain(
    'Favourite school subject',
  );
  const cookie = await signUpAndLogIn(server, 'new.question@example.com', PASSWORD);
  ok(
    'PUT the answers',
    await call(server, 'PUT', '/api/answer', {
      body: { ...COMPLETE_APPLICATION, favourite_subject: 'Welding' },
      cookie,
    }),
  );
  const profile = JSON.parse(
    ok('GET /api/profile', await call(server, 'GET', '/api/profile', { cookie })).body,
  ) as { answer: Record<string, unknown> };
  expect(profile.answer.favourite_subject).toBe('Welding');
  for (const status of ['started', 'validating'])
    ok(
      `web status ${status}`,
      await call(server, 'POST', '/api/web-status', { body: { web_status: status }, cookie }),
    );
  ok('submit', await call(server, 'POST', '/api/submit', { cookie }));

  const pdf = await new Promise<Buffer>((resolve, reject) => {
    void fetch(`${server.origin}/api/pdf/application.pdf`, {
      headers: { cookie, origin: server.origin },
    }).then(async (response) => {
      if (!response.ok) reject(new Error(`PDF: ${String(response.status)}`));
      else resolve(Buffer.from(await response.arrayBuffer()));
    }, reject);
  });
  const text = await pdfText(new Uint8Array(pdf));
  expect(text).toContain('Favourite school subject');
  expect(text).toContain('Welding');

  const exportDir = tempFolder('export');
  const exported = await admin(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: journeysDatabase(),
      TENANT_DIR: folder,
      PUBLIC_ORIGIN: server.origin,
    },
    'export',
    exportDir,
  );
  expect(exported.status, exported.output).toBe(0);
  const csv = readFileSync(join(exportDir, 'applications.csv'), 'utf8');
  // Its column is named by its label, as every column of the export is.
  expect(csv.split('\n')[0]).toContain('Favourite school subject');
  expect(csv).toContain('Welding');
});

test('a folder whose condition names a missing key stops the start, naming the file and the key', async () => {
  const folder = join(tempFolder('broken'), 'broken-college');
  expect((await admin({}, 'college', 'new', folder, '--from', 'gallatin')).status).toBe(0);
  const aboutFile = join(folder, 'steps', 'about.json');
  const about = JSON.parse(readFileSync(aboutFile, 'utf8')) as {
    sections: { blocks: unknown[] }[];
  };
  about.sections[0]?.blocks.push({
    type: 'conditional',
    hideWhen: { valueKey: 'no_such_answer', operator: 'equals', target: 'Y' },
    blocks: [{ type: 'text', key: 'shown_unless', label: 'Shown unless' }],
  });
  writeFileSync(aboutFile, `${JSON.stringify(about, null, 2)}\n`);

  const failed = await serve({ TENANT_DIR: folder }).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  expect(failed).toBeDefined();
  expect(failed).toMatch(/the server exited \((?!0\))\d+\)/);
  expect(failed).toContain('steps/about.json');
  expect(failed).toContain('no_such_answer');
  const checked = await admin({}, 'college', 'check', folder);
  expect(checked.status).not.toBe(0);
  expect(checked.output).toContain('no_such_answer');
});
