#!/usr/bin/env node
// Builds what `npm start` runs: the server bundled by esbuild (our workspace packages are
// TypeScript and are bundled in; npm dependencies stay external), and the SPA by Vite.
//
// start.mjs and admin.mjs import this module before they install dependencies, and a fresh
// clone has none: esbuild and Vite are imported where they are used, never at the top (a
// static import died with ERR_MODULE_NOT_FOUND before `npm ci` could run).
import { join } from 'node:path';

import { ensureDependencies, root } from './ensure.mjs';

/** Bundles `entry` to `outfile`, keeping node_modules external except @admit/* sources. */
export async function bundleNode(entry, outfile) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, entry)],
    outfile: join(root, outfile),
    bundle: true,
    platform: 'node',
    target: 'node20',
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
  });
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
 * The server's programs, bundled as production runs them, into `outDir` (relative to the
 * repository): main.js, the conversion process the server starts for every uploaded file
 * (services/convert.ts looks for it beside main.js), and the staff CLI.
 */
export async function bundleServer(outDir = 'server/dist') {
  const outputs = ['main.js', 'convertProcess.js', 'cli.js'].map((name) => join(outDir, name));
  await bundleNode('server/src/main.ts', outputs[0]);
  await bundleNode('server/src/services/convertProcess.ts', outputs[1]);
  await bundleNode('server/src/cli.ts', outputs[2]);
  return outputs;
}

export async function buildAll() {
  await buildApp();
  console.log(`▶ built ${(await bundleServer()).join(' ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDependencies();
  await buildAll();
}
