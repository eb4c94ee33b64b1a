import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collegeLanguagesOf } from '../../services/college.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { renderSites, type Site } from './site.ts';
import { IMMUTABLE, REVALIDATE } from './spa.ts';

/** A build as form-app's Vite build leaves it: a hashed script with its copies, index.html. */
const dir = mkdtempSync(join(tmpdir(), 'admit-spa-'));
const SCRIPT = '/assets/index-Bx9_q-2Z.js';
const script = Buffer.from(`console.log(${JSON.stringify('Apply to Gallatin. '.repeat(400))});`);
const indexHtml = `<!doctype html><html lang="en"><head><title>Admit</title><script type="module" src="${SCRIPT}"></script></head><body><div id="root"></div></body></html>`;
/** A prerendered account page: its form comes with the early script (form-app/src/prerender/earlySubmit.ts). */
const EARLY = 'window.__admitEarly={form:null};';
const MARKER = 'AdmitSession.loggedIn';

/**
 * The build's prerender bundle (form-app/prerenderEntry.ts), as the server meets it: it reads
 * the college the server hands it, and renders index.html, the visitor's pages and the shell.
 * This one writes what it was given into each document, so the test sees it.
 */
const PRERENDER_BUNDLE = `
export async function renderSite({ indexHtml, base }) {
  const college = globalThis.__ADMIT_COLLEGE__;
  const data = JSON.stringify({ ...college, otherPages: undefined }).replace(/</g, '\\\\u003c');
  const title = college.firstLoad.titles.application;
  const index = indexHtml
    .replace('<title>Admit</title>', '<title>' + title + '</title>')
    .replace('</body>', '<script type="application/json" id="admit-college">' + data + '</script></body>');
  const page = (name, extra = '') => index.replace('<div id="root"></div>', '<div id="root">' + name + extra + '</div>');
  const pages = new Map(college.firstLoad.steps.map((step) => ['/' + step.route, page(step.title)]));
  pages.set('/login', page('Log In', '<form></form>').replace('<head>', '<head><script>${EARLY}</script>'));
  return { index, pages, shell: page('Loading' + base) };
}
`;

/** The documents as the server holds them, once it has rendered them: what the tests expect. */
let site: Site;
const html = () => site.index.body;
const education = () => site.pages.get('/education')?.body ?? Buffer.alloc(0);
const shell = () => site.shell.body;

/** Copies that differ from what the server could make itself: the test sees which one it got. */
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script, { level: 9 });

let ctx: TestContext;
beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.ssr'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, SCRIPT), script);
  writeFileSync(join(dir, `${SCRIPT}.br`), scriptBr);
  writeFileSync(join(dir, `${SCRIPT}.gz`), scriptGz);
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dir, '.ssr', 'prerender.mjs'), PRERENDER_BUNDLE);
  // An unhashed file of the public folder, small enough to have no copies.
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  ctx = await createTestContext({ env: { STATIC_DIR: dir } });
  const sites = await renderSites(dir, collegeLanguagesOf(ctx.tenant));
  const english = sites.byLanguage.get('en');
  if (english === undefined) throw new Error('no English site');
  site = english;
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The type of the script sent as it is: each copy says the same. */
const JAVASCRIPT = /^(?:text|application)\/javascript; charset=utf-8$/i;

/** What a browser's Accept says when it navigates to an address. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A GET as a browser sends it, navigating (its Accept names HTML). */
const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: {
      accept: NAVIGATION,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('the built app: compressed and cached', () => {
  it('regression: /about sent its JavaScript uncompressed with max-age=3600: a browser that accepts brotli gets the .br copy, cached for a year', async () => {
    // Chromium's header: brotli is preferred over gzip even when listed last.
    const response = await get(SCRIPT, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(JAVASCRIPT);
    expect(response.rawPayload.equals(scriptBr)).toBe(true);
    expect(response.headers['content-length']).toBe(String(scriptBr.length));
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    // The security headers every page and file gets (plugins/external/security.ts).
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the .gz copy to a browser that accepts gzip but not brotli', async () => {
    const response = await get(SCRIPT, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(JAVASCRIPT);
    expect(response.rawPayload.equals(scriptGz)).toBe(true);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the file itself to a client that accepts no compression, still varying by it', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(SCRIPT, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(JAVASCRIPT);
      expect(response.rawPayload.equals(script)).toBe(true);
      // A shared cache must not hand this copy to a browser that accepts brotli.
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('sends index.html, and the app at any page address, compressed and revalidated on every use', async () => {
    for (const url of ['/index.html', '/nowhere', '/apply/personal?from=mail']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).equals(html()), url).toBe(true);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    const plain = await get('/nowhere');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(html())).toBe(true);
    expect(plain.headers['cache-control']).toBe(REVALIDATE);
    // An unchanged index.html costs a 304 on the next visit.
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { accept: NAVIGATION, 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers HEAD for a page address as for GET (curl -I)', async () => {
    const response = await ctx.app.inject({
      method: 'HEAD',
      url: '/about',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toBe('');
  });

  it('revalidates files whose name is not a content hash', async () => {
    const response = await get('/robots.txt', 'br');
    expect(response.statusCode).toBe(200);
    // Too small to have copies: sent as it is.
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('User-agent: *\n');
    expect(response.headers['cache-control']).toBe(REVALIDATE);
  });

  it("answers a missing file with a 404, never the app's HTML, and gives the copies no address", async () => {
    for (const url of [
      '/assets/index-00000000.js',
      `${SCRIPT}.br`,
      `${SCRIPT}.gz`,
      '/favicon.ico',
    ]) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
    // An API address is never the app either.
    expect((await get('/api/nothing-here', 'br')).statusCode).toBe(404);
  });

  it("answers an unknown path under the API's prefixes with a JSON 404, even to a browser (regression: /api/nope was the app's HTML, 200)", async () => {
    for (const url of [
      '/api/nope',
      '/health/nope',
      '/health',
      '/public/nope',
      '/service/nope',
      '/lookup/nope',
      '/dev/nope',
      '/storage/nope',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it("answers a program's unknown path (a probe, a scrape, curl) with a JSON 404, and still sends the app's own pages (regression: /healthz and /metrics passed on the app's HTML)", async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/plain;version=0.0.4']) {
      const headers = accept === undefined ? {} : { accept };
      for (const url of ['/healthz', '/readyz', '/metrics', '/nowhere']) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url} ${String(accept)}`).toBe(404);
        expect(response.json(), url).toEqual({ message: 'Not found.' });
      }
      // The app's own addresses are pages whoever asks (curl -I /about).
      for (const url of ['/', '/about', '/education', '/index.html']) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url} ${String(accept)}`).toBe(200);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      }
    }
  });
});

describe('the prerendered pages', () => {
  const page = (url: string, cookie?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { accept: NAVIGATION, ...(cookie === undefined ? {} : { cookie }) },
    });

  it("sends a visitor the page's prerendered HTML, compressed, revalidated and varying by cookie", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/education',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(response.rawPayload).equals(education())).toBe(true);
    expect(response.headers['cache-control']).toBe(REVALIDATE);
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a logged-in applicant (the marker cookie) the loading shell, never the visitor page', async () => {
    const response = await page('/education', `${MARKER}=1`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(shell())).toBe(true);
    expect(response.headers.vary).toMatch(/cookie/i);
    // An empty marker is no session (the app reads it the same way).
    expect((await page('/education', `${MARKER}=`)).rawPayload.equals(education())).toBe(true);
  });

  it("allows the build's inline scripts by their hashes, and no other inline script", async () => {
    const response = await get('/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<script>${EARLY}</script>`);
    const hash = createHash('sha256').update(EARLY).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(
      String(response.headers['content-security-policy']),
    )?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    // Every page and file gets the same policy: the hash, never 'unsafe-inline'.
    expect(String((await get(SCRIPT)).headers['content-security-policy'])).toContain(
      `'sha256-${hash}'`,
    );
  });

  it('sends index.html for an unknown path, the root, and the service and temporary views', async () => {
    for (const url of ['/', '/nowhere', '/education?service_token=abc', '/education?token=abc']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.equals(html()), url).toBe(true);
    }
    // A logged-in applicant at an unknown path: the app redirects it, as before.
    expect((await page('/nowhere', `${MARKER}=1`)).rawPayload.equals(html())).toBe(true);
  });
});

describe('the college, made into the documents when the server starts (one build, any college)', () => {
  it("writes the college's browser copy and title into every document, as data that no text of it can end", async () => {
    for (const url of ['/', '/about', '/education', '/login', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${ctx.tenant.titles.application}</title>`);
      const data = /<script type="application\/json" id="admit-college">([^<]*)<\/script>/.exec(
        response.body,
      )?.[1];
      expect(data, url).toBeDefined();
      const onPage = JSON.parse(data ?? '') as {
        firstLoad: { id: string; defaultPage: { id: string } };
        pagesUrl: string;
        otherPages?: unknown;
      };
      expect(onPage.firstLoad.id).toBe(ctx.tenant.id);
      expect(onPage.firstLoad.defaultPage.id).toBe(ctx.tenant.pages[0]?.id);
      // The other pages are not in the page: they are a file of their own.
      expect(onPage.otherPages).toBeUndefined();
      expect(onPage.pagesUrl).toBe(site.collegePages.url);
    }
  });

  it("sends the college's other pages as JSON named by their content, cached for a year, compressed", async () => {
    expect(site.collegePages.url).toMatch(/^\/college\/pages-[\w-]{16}\.json$/);
    const response = await get(site.collegePages.url, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    const pages = JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8')) as {
      id: string;
    }[];
    expect(pages.map((page) => page.id)).toEqual(ctx.tenant.pages.slice(1).map((page) => page.id));
    // Another name is no college.
    expect((await get('/college/pages-0000000000000000.json')).statusCode).toBe(404);
  });

  it('never sends the build folder index.html as it is, the manifest or the prerender bundle', async () => {
    expect((await get('/index.html')).body).toContain('admit-college');
    for (const url of ['/.ssr/prerender.mjs', '/.vite/manifest.json', '/.ssr/package.json']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('stops the start with what to do when the build has no prerender bundle', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'admit-spa-bare-'));
    writeFileSync(join(bare, 'index.html'), indexHtml);
    try {
      await expect(renderSites(bare, collegeLanguagesOf(ctx.tenant))).rejects.toThrow(
        /prerender\.mjs is missing.*npm run build/,
      );
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
