/**
 * The app's HTML documents for the college this server runs (one build serves any college), in
 * each language it is offered in. When the server starts it hands the college it loaded to the
 * build's prerender bundle
 * (form-app/prerender.ts writes it to `dist/.ssr/prerender.mjs`), which renders index.html with the
 * college's browser copy, every visitor's page (form-app README, "Prerendered pages") and the
 * logged-in applicant's shell. They are kept in memory, compressed once, and sent by spa.ts; the
 * college's other pages are one JSON file named by its content (`/college/pages-HASH.json`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import { browserSplit, type CollegeOnPage, type TenantConfig } from '@admit/tenant-config';
import { PSEUDO_LANGUAGE } from '@admit/tenant-config/node';

import { type CollegeLanguages, collegeLanguagesOf } from '../../services/college.ts';

/** Where the build keeps its prerender bundle (form-app/prerender.ts). */
export const SSR_ENTRY = join('.ssr', 'prerender.mjs');

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A document held in memory, as sent, with its compressed copies and its ETag. */
export interface HeldDocument {
  body: Buffer;
  br: Buffer;
  gz: Buffer;
  etag: string;
  type: string;
}

/** Everything spa.ts sends that the build does not hold as a file, in one language. */
export interface Site {
  /** index.html with the college: entry parameters, unknown paths, builds without pages. */
  index: HeldDocument;
  /** Each visitor's page by its path (`/about`). */
  pages: ReadonlyMap<string, HeldDocument>;
  /** A logged-in applicant's loading shell. */
  shell: HeldDocument;
  /** The college's pages but the default one, and where they are. */
  collegePages: { url: string; document: HeldDocument };
}

/** The site in each language the college is offered in. */
export interface Sites {
  /** Each offered language's site. */
  byLanguage: ReadonlyMap<string, Site>;
  /** The college's first language: its site is sent when a language has none. */
  fallback: string;
  /** The CSP sources (`'sha256-…'`) of the inline scripts in every language's documents. */
  inlineScripts: readonly string[];
}

/** The prerender bundle's one export (form-app/prerenderEntry.ts). */
interface PrerenderBundle {
  renderSite: (input: {
    indexHtml: string;
    manifest: unknown;
    base: string;
  }) => Promise<{ index: string; pages: Map<string, string>; shell: string }>;
}

/** `text` held as sent: its compressed copies and its ETag, made once (the office's page too: officeSpa.ts). */
export async function held(text: string, type: string): Promise<HeldDocument> {
  const body = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, br, gz, etag, type };
}

/** The CSP sources of the attribute-less inline scripts of `documents`. */
function inlineScriptSources(documents: readonly string[]): string[] {
  const sources = new Set<string>();
  for (const html of documents)
    for (const [, body = ''] of html.matchAll(/<script>([^<]*)<\/script>/g))
      sources.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [...sources].sort();
}

/**
 * The site in the college's first language, with the CSP sources of every language's inline
 * scripts: what a bench or a build check of one page needs.
 */
export async function renderSite(
  root: string,
  tenant: TenantConfig,
): Promise<Site & { inlineScripts: readonly string[] }> {
  const sites = await renderSites(root, collegeLanguagesOf(tenant));
  const site = sites.byLanguage.get(sites.fallback);
  if (site === undefined) throw new Error(`no site in ${sites.fallback}`);
  return { ...site, inlineScripts: sites.inlineScripts };
}

/**
 * Renders the app's documents for the college in every language it is offered in, from the
 * build in `root`: the prerender bundle is imported once per language, with the college's
 * texts and the app's messages in that language (form-app/src/languageInPrerender.ts reads
 * `language` when the bundle is imported). Throws, with what to do, when the build has no
 * prerender bundle.
 */
export async function renderSites(root: string, college: CollegeLanguages): Promise<Sites> {
  const bundle = join(root, SSR_ENTRY);
  if (!existsSync(bundle))
    throw new Error(
      `${bundle} is missing: the app in ${root} was built without its prerender bundle. Build it with \`npm run build\`.`,
    );
  const input = {
    indexHtml: readFileSync(join(root, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as unknown,
    base: '/',
  };
  // The switch offers the real languages; the pseudo-locale is reached by `?lang=en-XA` only.
  const languages = college.languages.offered.filter((language) => language !== PSEUDO_LANGUAGE);
  const byLanguage = new Map<string, Site>();
  const documents: string[] = [];
  // One language after another: the bundle reads its language from the global when imported.
  for (const language of college.languages.offered) {
    const tenant = college.in(language);
    const split = browserSplit(tenant);
    const pagesJson = JSON.stringify(split.otherPages);
    const pagesHash = createHash('sha256').update(pagesJson).digest('base64url').slice(0, 16);
    const onPage: CollegeOnPage = {
      firstLoad: split.firstLoad,
      pagesUrl: `/college/pages-${pagesHash}.json`,
      defaultPageIndex: split.defaultPageIndex,
    };
    // The bundle reads the college when it is imported (src/collegeOnPage.ts), with every page
    // at hand. One college a process; a query of the college's own (and the language's) makes
    // each import a module of its own.
    (globalThis as Record<string, unknown>).__ADMIT_COLLEGE__ = {
      ...onPage,
      otherPages: split.otherPages,
      language,
      languages,
    };
    const version = createHash('sha256').update(JSON.stringify(tenant)).digest('hex').slice(0, 16);
    const { renderSite: render } = (await import(
      `${pathToFileURL(bundle).href}?college=${version}&lang=${encodeURIComponent(language)}`
    )) as PrerenderBundle;
    const rendered = await render(input);
    const html = 'text/html; charset=utf-8';
    const [index, shell, collegePages, ...pages] = await Promise.all([
      held(rendered.index, html),
      held(rendered.shell, html),
      held(pagesJson, 'application/json; charset=utf-8'),
      ...[...rendered.pages].map(async ([path, page]) => [path, await held(page, html)] as const),
    ]);
    byLanguage.set(language, {
      index,
      shell,
      pages: new Map(pages),
      collegePages: { url: onPage.pagesUrl, document: collegePages },
    });
    documents.push(rendered.index, rendered.shell, ...rendered.pages.values());
  }
  return {
    byLanguage,
    fallback: college.languages.fallback,
    inlineScripts: inlineScriptSources(documents),
  };
}
