#!/usr/bin/env node
// Builds what `npm start` runs: the server bundled by esbuild (our workspace packages are
// TypeScript and are bundled in; npm dependencies stay external), and the SPA by Vite.
//
// start.mjs and admin.mjs import this module before they install dependencies, and a fresh
// clone has none: esbuild and Vite are imported where they are used, never at the top (a
// static import died with ERR_MODULE_NOT_FOUND before `npm ci` could run).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { ensureDependencies, root } from './ensure.mjs';

/**
 * The oldest Node the bundles are written for. Node 22 and 24 are what production runs
 * (docs/operations/install.md); the build tools themselves still run on Node 20.
 */
export const NODE_TARGET = 'node22';

/**
 * Bundles `entry` to `outfile` (relative to the repository, or absolute), keeping node_modules
 * external except @admit/* sources. `options` go to esbuild as they are (the release leaves
 * the sources out of its source maps). Answers esbuild's metafile: what the bundle imports.
 */
export async function bundleNode(entry, outfile, options = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, entry)],
    outfile: resolve(root, outfile),
    bundle: true,
    platform: 'node',
    target: NODE_TARGET,
    metafile: true,
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    banner: {
      // Bundled ESM still meets CommonJS dependencies that call require().
      js: "import { createRequire as __admitCreateRequire } from 'node:module'; const require = __admitCreateRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@admit/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    ...options,
  });
  return result.metafile;
}

/**
 * Builds the SPA (vite) into form-app/dist (or `outDir`, for tests), with its prerender bundle.
 * It holds no college: the server chooses one when it starts (TENANT or TENANT_DIR).
 */
export async function buildApp({ outDir } = {}) {
  const { build: viteBuild } = await import('vite');
  // Vite sets NODE_ENV=production in the process that builds. `npm start` builds and then
  // starts the server from this process: left set, it hid the dev mailbox (/dev/mail) of the
  // embedded default. The caller's environment is put back as it was.
  const nodeEnv = process.env.NODE_ENV;
  // A production build whatever the caller's NODE_ENV: a test runner's `test` made Vite compile
  // JSX for React's development runtime, which the prerender bundle's production React lacks
  // (`jsxDEV is not a function` when the server started).
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      root: join(root, 'form-app'),
      configFile: join(root, 'form-app', 'vite.config.ts'),
      logLevel: 'warn',
      ...(outDir === undefined ? {} : { build: { outDir, emptyOutDir: true } }),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  console.log(`▶ built ${outDir ?? 'form-app/dist'} (any college: chosen when the server starts)`);
}

/**
 * Builds the admissions office's SPA (vite) into office-app/dist (or `outDir`), served at
 * /office. Like the applicant's, it holds no college: the server writes it into the page.
 */
export async function buildOffice({ outDir } = {}) {
  const { build: viteBuild } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  // As buildApp: a production build whatever the caller's NODE_ENV, which is put back after.
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      root: join(root, 'office-app'),
      configFile: join(root, 'office-app', 'vite.config.ts'),
      logLevel: 'warn',
      ...(outDir === undefined ? {} : { build: { outDir, emptyOutDir: true } }),
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  console.log(`▶ built ${outDir ?? 'office-app/dist'} (the admissions office, at /office)`);
}

/** The server's programs and their sources: see `bundleServer`. */
export const SERVER_PROGRAMS = {
  'main.js': 'server/src/main.ts',
  'convertProcess.js': 'server/src/services/convertProcess.ts',
  'pdfWorker.js': 'server/src/services/pdf/pdfWorker.ts',
  'cli.js': 'server/src/cli.ts',
};

/**
 * The server's programs, bundled as production runs them, into `outDir` (relative to the
 * repository, or absolute): main.js, the conversion process the server starts for every
 * uploaded file (services/convert.ts looks for it beside main.js), the PDF render thread
 * (services/pdf/threads.ts looks for it there too), and the staff CLI.
 * `options` go to esbuild; `onMetafile` receives each program's metafile.
 */
export async function bundleServer(outDir = 'server/dist', options = {}, onMetafile = undefined) {
  const outputs = [];
  for (const [name, entry] of Object.entries(SERVER_PROGRAMS)) {
    const output = join(outDir, name);
    const metafile = await bundleNode(entry, output, options);
    onMetafile?.(metafile);
    outputs.push(output);
  }
  return outputs;
}

/** What `buildAll` writes, one file of each output. */
const BUILD_OUTPUTS = [
  'form-app/dist/index.html',
  'form-app/dist/.ssr/prerender.mjs',
  'office-app/dist/index.html',
  ...Object.keys(SERVER_PROGRAMS).map((name) => `server/dist/${name}`),
];
/** Where everything `buildAll` reads lives (with what is ignored by git left out). */
const BUILD_INPUTS = [
  'form-app',
  'office-app',
  'form-model',
  'design-system',
  'tenant-config',
  'server',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
];

/**
 * When the last `buildAll` started, in ms since the epoch: what it read was read after that.
 * Kept beside the dependencies' install stamp (ensure.mjs), which a fresh clone lacks too.
 */
const BUILD_STAMP = join(root, 'node_modules', '.cache', 'admit', 'build-started');

/**
 * Whether the outputs of the last `buildAll` are there and it started after the last change
 * to every file it was built from: each file git tracks or would track under BUILD_INPUTS, and
 * each one's folder (a deleted file changes its folder's time). Not a git checkout, no stamp,
 * or an output missing: false, so `npm start` builds.
 */
export function buildIsCurrent() {
  if (BUILD_OUTPUTS.some((file) => !existsSync(join(root, file)))) return false;
  const started = existsSync(BUILD_STAMP) ? Number(readFileSync(BUILD_STAMP, 'utf8')) : NaN;
  if (!Number.isFinite(started)) return false;
  let files;
  try {
    files = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...BUILD_INPUTS],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .split('\0')
      .filter((file) => file !== '');
  } catch {
    return false;
  }
  const paths = new Set(files);
  for (const file of files) paths.add(dirname(file));
  for (const path of paths) {
    const time = statSync(join(root, path), { throwIfNoEntry: false })?.mtimeMs;
    if (time === undefined || time >= started) return false;
  }
  return files.length > 0;
}

export async function buildAll() {
  // The output folders are made before the start is taken: making one changes its parent's
  // time, which `buildIsCurrent` reads as a source changed after the start (a fresh clone's
  // first build was never current, so `npm start` and the journeys built a second time).
  for (const folder of new Set(BUILD_OUTPUTS.map((file) => file.split('/').slice(0, 2).join('/'))))
    mkdirSync(join(root, folder), { recursive: true });
  const started = Date.now();
  rmSync(BUILD_STAMP, { force: true });
  await buildApp();
  await buildOffice();
  console.log(`▶ built ${(await bundleServer()).join(' ')}`);
  mkdirSync(dirname(BUILD_STAMP), { recursive: true });
  writeFileSync(BUILD_STAMP, String(started));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDependencies();
  await buildAll();
}
