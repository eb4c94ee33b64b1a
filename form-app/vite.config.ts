import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { compileHint } from './compileHintPlugin.ts';
import { muiThemeWithoutCssVariables } from './muiThemePlugin.ts';
import { precompress } from './precompressPlugin.ts';
import { prerender } from './prerender.ts';
import { admitTenant } from './tenantPlugin.ts';

/** The college is chosen and checked at build time (TENANT); the dev server proxies the API. */
const tenant = process.env.TENANT ?? 'gallatin';
const api = process.env.ADMIT_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    admitTenant(tenant),
    muiThemeWithoutCssVariables(),
    // The visitor's pages as HTML (issue 17), written before precompress() copies them.
    prerender(tenant),
    // V8 compiles the first chunk as it streams in (issue 17).
    compileHint(),
    precompress(),
  ],
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
          groups: [{ name: 'app', tags: ['$initial'] }],
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
});
