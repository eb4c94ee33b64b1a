/**
 * The built SPA (STATIC_DIR): its files, sent compressed when the browser accepts it and cached
 * as long as their names allow, and index.html for every other page address (SPEC §2). A page
 * the build prerendered (issue 17: `about.html` for /about) is sent instead of index.html to a
 * visitor, and the loading shell (`index.shell.html`) to a logged-in applicant.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import fastifyStatic from '@fastify/static';
import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A name Vite gives by content (assets/NAME-HASH.ext, and its map): a changed file gets a new name. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.\w+(?:\.map)?$/;
/** The build's compressed copies (form-app/precompressPlugin.ts), beside each file. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** A year, the most HTTP caches honour: the file under that name never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Kept, but checked with the server before each use (a 304 when unchanged): index.html names
 * the current build's assets, and a stale copy after a deployment would load the old app.
 */
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the build, by its path under the build folder. */
function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE;
}

/** What form-app/prerender.ts writes beside index.html: a logged-in applicant's shell. */
export const SHELL_FILE = 'index.shell.html';
/** The page addresses the build prerendered: `/about` → `about.html`. */
function prerenderedPages(root: string): ReadonlyMap<string, string> {
  const files = readdirSync(root).filter(
    (file) => /^[\w-]+\.html$/.test(file) && file !== 'index.html',
  );
  return new Map(files.map((file) => [`/${file.replace(/\.html$/, '')}`, file]));
}
/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts in the build's pages:
 * the prerendered account pages carry one that holds back a submit until the app has the form
 * (form-app/src/earlySubmit.ts). Each is allowed by its hash, so no other inline script runs.
 */
export function inlineScriptSources(root: string): string[] {
  const sources = new Set<string>();
  for (const file of readdirSync(root).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(join(root, file), 'utf8');
    for (const [, body = ''] of html.matchAll(/<script>([^<]*)<\/script>/g))
      sources.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...sources].sort();
}

/** Entry parameters that show something else than a visitor's page (SPEC §2, §6). */
const OTHER_VIEWS = ['service_token', 'token'];

/**
 * The HTML for a page address: its prerendered page for a visitor, the shell for a logged-in
 * applicant (the marker cookie: the page depends on their profile, which the app loads), else
 * index.html (an unknown path, an entry parameter, or a build without prerendered pages).
 */
function htmlFor(
  url: string,
  loggedIn: boolean,
  pages: ReadonlyMap<string, string>,
  hasShell: boolean,
): string {
  const [path = '', query = ''] = url.split('?');
  const page = pages.get(path);
  const params = new URLSearchParams(query);
  if (page === undefined || OTHER_VIEWS.some((name) => params.has(name))) return 'index.html';
  if (!loggedIn) return page;
  return hasShell ? SHELL_FILE : 'index.html';
}

export const spa = fp(
  async (
    app: FastifyInstance,
    options: { root: string; apiPrefixes: readonly string[]; markerCookie?: string },
  ) => {
    const { root, apiPrefixes, markerCookie } = options;
    const pages = prerenderedPages(root);
    const hasShell = existsSync(join(root, SHELL_FILE));
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // FILE.br, then FILE.gz, by the request's Accept-Encoding (else FILE itself), with
      // Vary: Accept-Encoding. The copies have no address of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        const file = relative(root, path).split(sep).join('/').replace(COMPRESSED_COPY, '');
        reply.header('cache-control', cacheControlFor(file));
      },
    });
    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // A missing file (/assets/x.js, /favicon.ico) is a 404, never the app's HTML.
      const isFile = /\.[A-Za-z0-9]+$/.test(path);
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isFile &&
        !apiPrefixes.some((prefix) => request.url.startsWith(prefix))
      ) {
        // SPEC §2: the SPA routes every other path itself. Sent as index.html is (compressed,
        // no-cache); a prerendered page depends on the marker cookie, which caches must key on.
        const loggedIn = markerCookie !== undefined && (request.cookies[markerCookie] ?? '') !== '';
        const file = htmlFor(request.url, loggedIn, pages, hasShell);
        if (file !== 'index.html') reply.header('vary', 'cookie');
        return reply.sendFile(file);
      }
      return reply.code(404).send({ message: 'Not found.' });
    });
  },
  { name: 'spa' },
);
