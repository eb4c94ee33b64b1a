import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

import { preloadedChunks, readManifest } from './manifest.ts';
import type * as Entry from './prerenderEntry.ts';
import { EARLY_SUBMIT_SCRIPT } from './src/earlySubmit.ts';
import { admitTenant } from './tenantPlugin.ts';

const FORM_APP = fileURLToPath(new URL('.', import.meta.url));
/**
 * Where the Node build of prerenderEntry.ts goes for the time it runs: inside the repository,
 * so that the packages it leaves external (React, MUI, Emotion) resolve from node_modules.
 */
const SSR_DIR = resolve(FORM_APP, 'node_modules', '.admit-prerender');

/** The file of a visitor's page: `/about` → `about.html`, beside index.html. */
export function prerenderedFile(path: string): string {
  return `${path.replace(/^\//, '')}.html`;
}
/** The logged-in applicant's shell (the loading spinner); no route's file can take this name. */
export const SHELL_FILE = 'index.shell.html';
/** #root's mark: what main.tsx finds there (`visitor` is hydrated, `shell` replaced). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Text for an element's content or a quoted attribute's value. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html as Vite wrote it (its script and preload tags), holding one rendered page, with a
 * `<link rel="modulepreload">` for each of `preloads` (URLs) at the end of its body.
 */
export function pageHtml(
  index: string,
  page: Entry.RenderedPage,
  kind: 'visitor' | 'shell',
  iconHref: string,
  preloads: readonly string[] = [],
): string {
  const replaced = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${String(pattern)}`);
    return html.replace(pattern, () => by);
  };
  let html = replaced(
    index,
    /<div id="root"><\/div>/,
    `<div id="root" ${PRERENDERED_ATTRIBUTE}="${kind}">${page.html}</div>`,
  );
  html = replaced(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaced(html, /<link rel="icon" href="[^"]*"/, `<link rel="icon" href="${iconHref}"`);
  // Fetched while the entry script downloads, not after it has run and asked for them (issue
  // 17). At the end of the body: found once the page's HTML is in, so they take none of its
  // bandwidth, and still long before the entry script (about 170 KB) has arrived.
  if (preloads.length > 0)
    html = replaced(
      html,
      /<\/body>/,
      `${preloads
        .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
        .join('')}</body>`,
    );
  // A form drawn before the script runs would be the browser's own until React takes it over
  // (a GET with the password in the address bar): the early script holds its submit back for
  // the app to send (src/earlySubmit.ts). First in <head>, before anyone can press anything.
  if (/<form[\s>]/i.test(page.html))
    html = replaced(html, /<head>/, `<head><script>${EARLY_SUBMIT_SCRIPT}</script>`);
  return replaced(html, /<\/head>/, `${page.styles}</head>`);
}

/** Builds prerenderEntry.ts for Node with the college's module, and imports it. */
async function loadEntry(tenantId: string): Promise<typeof Entry> {
  await build({
    configFile: false,
    root: FORM_APP,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), admitTenant(tenantId)],
    // Our packages are TypeScript sources: bundled in. npm packages stay external.
    ssr: { noExternal: [/^@admit\//] },
    build: {
      ssr: join(FORM_APP, 'prerenderEntry.ts'),
      outDir: SSR_DIR,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
    },
  });
  return (await import(pathToFileURL(join(SSR_DIR, 'prerenderEntry.js')).href)) as typeof Entry;
}

/**
 * Issue 17, "HTML first": once the browser build is written, every page a visitor can open
 * (the steps and the account pages) is rendered to HTML through the app's own tree, with the
 * Emotion rules it uses inlined, and written as `<route>.html` beside index.html with the same
 * script tags; so is the logged-in applicant's loading shell (`index.shell.html`). The server
 * sends them (server/src/plugins/app/spa.ts), the browser hydrates (src/main.tsx).
 *
 * Listed before `precompress()` so that the pages get their brotli and gzip copies too.
 */
export function prerender(tenantId: string): Plugin {
  let base = '/';
  return {
    name: 'admit:prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      ({ base } = config);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (options.dir === undefined) return;
        const outDir = options.dir;
        try {
          const entry = await loadEntry(tenantId);
          const index = await readFile(join(outDir, 'index.html'), 'utf8');
          const manifest = readManifest(outDir);
          const pages = await entry.renderVisitorPages();
          await mkdir(outDir, { recursive: true });
          for (const [path, page] of pages) {
            const preloads = preloadedChunks(manifest, entry.routeModules(path)).map(
              (file) => base + file,
            );
            await writeFile(
              join(outDir, prerenderedFile(path)),
              pageHtml(index, page, 'visitor', entry.iconHref, preloads),
            );
          }
          const shell = await entry.renderShell();
          await writeFile(
            join(outDir, SHELL_FILE),
            pageHtml(index, shell, 'shell', entry.iconHref),
          );
          this.environment.logger.info(`prerendered: ${String(pages.size)} pages and the shell`);
        } finally {
          await rm(SSR_DIR, { recursive: true, force: true });
        }
      },
    },
  };
}
