import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { admitCatalogues } from './cataloguePlugin.ts';
import { compileHint } from './compileHintPlugin.ts';
import { muiThemeWithoutCssVariables } from './muiThemePlugin.ts';
import { precompress } from './precompressPlugin.ts';
import { prerender } from './prerender.ts';
import { admitTenant, admitTenantFromPage } from './tenantPlugin.ts';

/**
 * The build holds no college: the server writes it into each page when it starts (
 * src/collegeOnPage.ts). The dev server serves the college TENANT names (default gallatin) as
 * a module, and proxies the API.
 */
const tenant = process.env.TENANT ?? 'gallatin';
const api = process.env.ADMIT_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    command === 'build' ? admitTenantFromPage() : admitTenant(tenant),
    admitCatalogues(command === 'build' ? 'page' : 'dev'),
    muiThemeWithoutCssVariables(),
    // The bundle that renders the visitor's pages as HTML when the server starts (README,
    // "Prerendered pages").
    prerender(),
    // V8 compiles the first chunk as it streams in.
    compileHint(),
    precompress(),
  ],
  resolve: {
    // Messages arrive parsed (cataloguePlugin.ts): the browser needs no ICU parser.
    alias: {
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    // The manifest (dist/.vite/manifest.json) tells which chunks a route loads: prerender.ts
    // preloads them in the page, bench/bundle counts them.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first step needs is one file, not a dozen small shared chunks: fewer
          // requests, and gzip compresses it as a whole. Lazy pages and fields keep their own.
          groups: [
            // form-model's validation messages are reached from its index, so they would be
            // "initial" too; only code that comes with their texts uses them
            // (src/modelMessages.ts, the `validation` message area): a chunk of their own.
            {
              name: 'modelMessages',
              test: /form-model[\\/]src[\\/]validation[\\/]messages\.ts$/,
              priority: 1,
              // Its imports (intl-messageformat, the group headings) stay where they are used.
              includeDependenciesRecursively: false,
            },
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
      treeshake: {
        // Our packages run nothing at import but module-level constants, so a module only
        // re-exported by a package's index stays out of chunks that do not use it (the lazy
        // pages and the date picker can leave the first download). Other modules keep the
        // default: their package.json `sideEffects`.
        moduleSideEffects: [
          {
            test: /[\\/](design-system|form-model|tenant-config)[\\/]src[\\/]/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/public', '/dev', '/lookup', '/service', '/storage'].map((path) => [path, api]),
    ),
  },
}));
