// What a fresh machine lacks, installed by the project itself: npm dependencies and the
// system Chromium that browser tests drive (no browser downloads work here).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/** Installs the Debian packages tests and the product use: Chromium, LibreOffice. */
export function ensureSystemPackages() {
  ensureDebianPackages([
    { check: CHROMIUM_PATH, name: 'chromium' },
    // DOCX → PDF conversion (server tests and the product) uses LibreOffice when present.
    { check: '/usr/bin/soffice', name: 'libreoffice-writer-nogui' },
  ]);
}

/** Installs the Debian packages whose file is missing, in one apt-get call. */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((pkg) => !existsSync(pkg.check)).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  console.log(`▶ installing ${missing.join(', ')}: apt-get install -y ${missing.join(' ')}`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    execFileSync(asRoot[0] ?? args[0], asRoot.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
}
