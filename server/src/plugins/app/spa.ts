/**
 * The built SPA (STATIC_DIR): its files, sent compressed when the browser accepts it and cached
 * as long as their names allow, and the app's HTML for every other page address (SPEC §2). The
 * HTML documents are made for the college when the server starts (site.ts): a visitor
 * gets the page prerendered for its address, a logged-in applicant the loading
 * shell, anything else index.html, each with the college's browser copy; the college's other
 * pages are a JSON file named by its content.
 *
 * Which addresses get the app: its own pages (prerendered, `/`), and any other path a browser
 * navigates to (the request accepts text/html: the app shows its own "page not found"). A
 * path under the API's prefixes, a missing file, or an unknown path asked for by a program
 * (a health probe at /healthz, a Prometheus scrape at /metrics, curl) is a JSON 404: a
 * misconfigured probe fails instead of passing on the app's HTML.
 */
import { relative, sep } from 'node:path';

import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { text } from '../../services/texts.ts';
import { type HeldDocument, type Site, type Sites } from './site.ts';

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

/**
 * The Cache-Control of a file of a build (the applicant SPA's, the office's), by its path
 * under the build folder: a compressed copy's is its file's.
 */
export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path.replace(COMPRESSED_COPY, '')) ? IMMUTABLE : REVALIDATE;
}

/** Entry parameters that show something else than a visitor's page (SPEC §2, §6). */
const OTHER_VIEWS = ['service_token', 'token'];

/**
 * The HTML for a page address: its prerendered page for a visitor, the shell for a logged-in
 * applicant (the marker cookie: the page depends on their profile, which the app loads), else
 * index.html (an unknown path, an entry parameter). `varies` when the cookie chose it.
 */
function documentFor(url: string, loggedIn: boolean, site: Site): HeldDocument {
  const [path = '', query = ''] = url.split('?');
  const page = site.pages.get(path);
  const params = new URLSearchParams(query);
  if (page === undefined || OTHER_VIEWS.some((name) => params.has(name))) return site.index;
  return loggedIn ? site.shell : page;
}

/**
 * Every document depends on the language (the cookie, or Accept-Language: plugins/app/
 * language.ts), and a prerendered page on the marker cookie too: caches key on both.
 */
const PAGE_VARY = 'accept-encoding, cookie, accept-language';

/**
 * The encoding to send, by the request's Accept-Encoding and its q-values, brotli first where
 * both are as welcome: the negotiation @fastify/static runs for the build's files.
 */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return undefined;
  // "*" welcomes anything: taken as gzip, as @fastify/static does.
  const chosen = negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** Sends a held document: compressed as accepted, with its ETag (a 304 when unchanged). */
export function send(
  request: FastifyRequest,
  reply: FastifyReply,
  document: HeldDocument,
  cacheControl: string,
  vary = 'accept-encoding',
): FastifyReply {
  const encoding = encodingFor(request);
  reply
    .header('content-type', document.type)
    .header('cache-control', cacheControl)
    .header('etag', document.etag)
    .header('vary', vary);
  if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
  const body = encoding === 'br' ? document.br : encoding === 'gzip' ? document.gz : document.body;
  if (encoding !== undefined) reply.header('content-encoding', encoding);
  reply.header('content-length', String(body.length));
  return reply.send(request.method === 'HEAD' ? undefined : body);
}

/** A browser navigating: its Accept names HTML (programs send `*\/*` or nothing). */
function acceptsHtml(request: FastifyRequest): boolean {
  return /\b(?:text\/html|application\/xhtml\+xml)\b/i.test(request.headers.accept ?? '');
}

export const spa = fp(
  async (
    app: FastifyInstance,
    options: {
      root: string;
      sites: Sites;
      apiPrefixes: readonly string[];
      markerCookie?: string;
    },
  ) => {
    const { root, sites, apiPrefixes, markerCookie } = options;
    const siteFor = (language: string): Site => {
      const site = sites.byLanguage.get(language) ?? sites.byLanguage.get(sites.fallback);
      if (site === undefined) throw new Error(`spa: no site in ${language} nor ${sites.fallback}`);
      return site;
    };
    const fallbackSite = siteFor(sites.fallback);
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // FILE.br, then FILE.gz, by the request's Accept-Encoding (else FILE itself), with
      // Vary: Accept-Encoding. The copies have no address of their own; neither have
      // index.html (it is sent with the college, below) nor the dot folders (the manifest, the
      // prerender bundle).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'index.html', '.*/**'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(relative(root, path).split(sep).join('/')));
      },
    });
    // Named by its content: a changed college, or another language, is a new name.
    // Two languages with the same pages (the pseudo-locale's are English) share the file.
    const collegePages = new Map(
      [...sites.byLanguage.values()].map((site) => [site.collegePages.url, site.collegePages]),
    );
    for (const { url, document } of collegePages.values())
      app.get(url, { schema: { hide: true } }, async (request, reply) =>
        send(request, reply, document, IMMUTABLE),
      );
    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // A missing file (/assets/x.js, /favicon.ico) is a 404, never the app's HTML.
      const isFile = /\.[A-Za-z0-9]+$/.test(path) && path !== '/index.html';
      const appPage =
        path === '/' ||
        path === '/index.html' ||
        fallbackSite.pages.has(path) ||
        acceptsHtml(request);
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isFile &&
        appPage &&
        !apiPrefixes.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)
      ) {
        // SPEC §2: the SPA routes every other path itself, in the request's language.
        const loggedIn = markerCookie !== undefined && (request.cookies[markerCookie] ?? '') !== '';
        // The service view is staff's: request.language is the college's first there
        // (plugins/app/language.ts, isStaffAddress).
        const document = documentFor(request.url, loggedIn, siteFor(request.language));
        return send(request, reply, document, REVALIDATE, PAGE_VARY);
      }
      return reply.code(404).send({ message: request.t(text('server.errors.notFound')) });
    });
  },
  { name: 'spa' },
);
