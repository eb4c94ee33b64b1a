import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

import { admitCatalogues } from './cataloguePlugin.ts';
import { admitTenantFromPage } from './tenantPlugin.ts';

const FORM_APP = fileURLToPath(new URL('.', import.meta.url));

/**
 * Where the prerender bundle goes, inside the build: a folder whose name starts with a dot is
 * never served (the server's static files skip it, as they skip `.vite/`).
 */
export const SSR_FOLDER = '.ssr';
/** The bundle's file in it: what the server imports (server/src/plugins/app/site.ts). */
export const SSR_ENTRY = 'prerender.mjs';

/**
 * "HTML first" (README, "Prerendered pages"), with the college read at start: once the browser
 * build is written, prerenderEntry.ts is built for Node into `dist/.ssr/prerender.mjs`. The server
 * imports it when it starts, with the college it loaded, and renders every page a visitor can open
 * (the steps and the account pages) through the app's own tree, with the Emotion rules it uses
 * inlined, and the logged-in applicant's loading shell (server/src/plugins/app/site.ts). The build
 * itself holds no college.
 *
 * The bundle holds its npm packages too (React, MUI, Emotion), so that it runs wherever the
 * build is copied, beside any node_modules.
 */
export function prerender(): Plugin {
  return {
    name: 'admit:prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (options.dir === undefined) return;
        const outDir = join(options.dir, SSR_FOLDER);
        await rm(outDir, { recursive: true, force: true });
        // JSX compiled for React's production runtime, which the bundle holds, whatever the
        // caller's NODE_ENV (a test runner sets `test`).
        const nodeEnv = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
        try {
          await build({
            configFile: false,
            root: FORM_APP,
            logLevel: 'warn',
            mode: 'production',
            plugins: [react(), admitTenantFromPage(), admitCatalogues('prerender')],
            ssr: { noExternal: true },
            // React's production build, whatever NODE_ENV the server runs with.
            define: { 'process.env.NODE_ENV': JSON.stringify('production') },
            build: {
              ssr: join(FORM_APP, 'prerenderEntry.ts'),
              outDir,
              emptyOutDir: true,
              minify: false,
              sourcemap: false,
              // One file: the server imports it under a query of the college's (site.ts), and a
              // chunk importing the entry back would get a second copy of the app's modules.
              rolldownOptions: { output: { entryFileNames: SSR_ENTRY, codeSplitting: false } },
            },
          });
        } finally {
          if (nodeEnv === undefined) delete process.env.NODE_ENV;
          else process.env.NODE_ENV = nodeEnv;
        }
        // An ES module wherever the build is copied (a folder with no package.json around).
        await writeFile(join(outDir, 'package.json'), '{ "type": "module" }\n');
        this.environment.logger.info(`prerender bundle: ${join(outDir, SSR_ENTRY)}`);
      },
    },
  };
}
