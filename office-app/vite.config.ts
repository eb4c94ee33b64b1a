import { fileURLToPath } from 'node:url';

import type * as TenantConfigNode from '@admit/tenant-config/node';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';

// A build tool beside the applicant app's config, not a package's code: Vite bundles a config's
// relative imports (a bare `@admit/form-app/…` would be left to Node, which cannot run .ts).
import { precompress } from '../form-app/precompressPlugin.ts';

/** The catalogues the office shows: the design system's widgets' and its own. */
const CATALOGUE_FOLDERS = [
  fileURLToPath(new URL('../design-system/src/locales/', import.meta.url)),
  fileURLToPath(new URL('src/locales/', import.meta.url)),
];

/**
 * The build stops on a catalogue problem (an id missing from a language, an ICU syntax error),
 * as form-app's does: tenant-config/node's `loadCatalogues` names each one.
 */
function checkCatalogues(): Plugin {
  return {
    name: 'admit:office-catalogues',
    async buildStart() {
      const { module } = await runnerImport<typeof TenantConfigNode>('@admit/tenant-config/node', {
        configFile: false,
        logLevel: 'error',
      });
      module.loadCatalogues(CATALOGUE_FOLDERS);
    },
  };
}

const api = process.env.ADMIT_API ?? 'http://127.0.0.1:3000';

/**
 * The office's SPA, served by the server at /office (server/src/plugins/app/officeSpa.ts), which
 * writes the college's name, theme, language and time zone into index.html when it starts.
 */
export default defineConfig({
  base: '/office/',
  // Brotli and gzip copies beside each file, as the applicant app's: the server sends them
  // (officeSpa.ts) instead of the whole bundle uncompressed.
  plugins: [react(), checkCatalogues(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // As form-app's build: our packages run nothing at import, so what a page does not use
      // of a package's index stays out (form-app/vite.config.ts).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/](design-system|tenant-config)[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/office/api': api },
  },
});
