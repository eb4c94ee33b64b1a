// What a fresh machine lacks, installed by the project itself: npm dependencies, the system
// Chromium that browser tests drive (no browser downloads work here), LibreOffice and
// PostgreSQL's programs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    // operations guide's recipe does (docs/operations.md).
    { check: '/usr/sbin/nginx', name: 'nginx' },
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
