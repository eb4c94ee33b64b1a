import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { renderSite } from '@admit/server';
import { loadTenant } from '@admit/tenant-config/node';

import { preloadedChunks, readManifest } from '../../form-app/manifest.ts';
// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { buildApp, buildOffice } from '../../scripts/build.mjs';

const outDir = mkdtempSync(join(tmpdir(), 'admit-build-'));
const officeDir = mkdtempSync(join(tmpdir(), 'admit-build-office-'));
const callerEnv = process.env.NODE_ENV;
beforeAll(async () => {
  // `npm start` builds and then starts the server in the same process, with no NODE_ENV.
  delete process.env.NODE_ENV;
  await (buildApp as (options: { outDir: string }) => Promise<void>)({ outDir });
  await (buildOffice as (options: { outDir: string }) => Promise<void>)({ outDir: officeDir });
}, 240_000);
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(officeDir, { recursive: true, force: true });
  process.env.NODE_ENV = callerEnv;
});

describe('scripts/build.mjs', () => {
  it("regression: building the app left NODE_ENV=production behind, so `npm start`'s server hid /dev/mail", () => {
    expect(process.env.NODE_ENV).toBeUndefined();
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
  });

  it('writes brotli and gzip copies of index.html and the scripts, which decompress to the originals', () => {
    const assets = readdirSync(join(outDir, 'assets'));
    // The entry script (hundreds of kB) and index.html both shrink; each copy is smaller.
    const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/.exec(
      readFileSync(join(outDir, 'index.html'), 'utf8'),
    )?.[1];
    expect(entry).toBeDefined();
    const scripts = assets.filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`);
    expect(scripts).toContain(entry);
    for (const file of ['index.html', ...scripts]) {
      const original = readFileSync(join(outDir, file));
      const brotli = join(outDir, `${file}.br`);
      const gzip = join(outDir, `${file}.gz`);
      // A copy exists only where it saves bytes; the big ones always do.
      if (file === 'index.html' || file === entry) {
        expect(existsSync(brotli), `${file}.br`).toBe(true);
        expect(existsSync(gzip), `${file}.gz`).toBe(true);
      }
      if (existsSync(brotli)) {
        const bytes = readFileSync(brotli);
        expect(bytes.length).toBeLessThan(original.length);
        expect(brotliDecompressSync(bytes).equals(original), `${file}.br`).toBe(true);
      }
      if (existsSync(gzip)) {
        const bytes = readFileSync(gzip);
        expect(bytes.length).toBeLessThan(original.length);
        expect(gunzipSync(bytes).equals(original), `${file}.gz`).toBe(true);
      }
    }
    // Source maps (devtools only) and Vite's manifest (not served) get no copies.
    expect(assets.filter((name) => /\.map\.(?:br|gz)$/.test(name))).toEqual([]);
    expect(readdirSync(join(outDir, '.vite'))).toEqual(['manifest.json']);
  });

  it('holds no college, and a prerender bundle that runs on its own', () => {
    const built = [
      'index.html',
      ...readdirSync(join(outDir, 'assets')).map((name) => `assets/${name}`),
    ].filter((name) => /\.(?:html|js)$/.test(name));
    for (const file of built) {
      const text = readFileSync(join(outDir, file), 'utf8');
      expect(text, file).not.toContain('Gallatin');
      expect(text, file).not.toContain('Riverbend');
    }
    // Its npm packages are inside it: it runs wherever the build is copied.
    const bundle = readFileSync(join(outDir, '.ssr', 'prerender.mjs'), 'utf8');
    expect(bundle).not.toMatch(/^import .* from ["'](?!node:)[^./]/m);
  });

  it("keeps the admissions office out of the applicant's build: its own bundle under /office/, with no college", () => {
    /** Every text file of a build, by its path under the build. */
    const files = (root: string, dir = ''): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(root, join(dir, entry.name))
          : /\.(?:html|m?js|json)$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    // What only the office's code holds: its API's address, its texts' ids and words.
    const officeMarks = ['/office/api', 'office.export.fullSsn', 'Include full SSNs'];
    const officeText = files(officeDir)
      .map((file) => readFileSync(join(officeDir, file), 'utf8'))
      .join('\n');
    for (const mark of officeMarks) expect(officeText, mark).toContain(mark);
    expect(readFileSync(join(officeDir, 'index.html'), 'utf8')).toMatch(
      /<script type="module" crossorigin src="\/office\/assets\/index-[\w-]{8}\.js"/,
    );
    expect(officeText).not.toContain('Gallatin');
    for (const file of files(outDir)) {
      const text = readFileSync(join(outDir, file), 'utf8');
      for (const mark of officeMarks) expect(text, `${file} holds ${mark}`).not.toContain(mark);
    }
  });

  it('preloads in each prerendered page what it fetches before it hydrates, and only those', async () => {
    const site = await renderSite(outDir, loadTenant('gallatin'));
    const preloads = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="(?:modulepreload|preload" as="fetch)" crossorigin href="\/([^"]+)">/g,
        ),
      ].map(([, href]) => href ?? '');
    const page = (path: string) => site.pages.get(path)?.body.toString('utf8') ?? '';
    const manifest = readManifest(outDir);
    const runtime = preloads(site.index.body.toString('utf8'));
    // The first step needs nothing beyond the entry: its page holds Vite's own tags alone.
    expect(preloads(page('/about'))).toEqual(runtime);
    // An account page: its own chunk and what that imports, each a file of the build.
    const login = preloads(page('/login'));
    const loginPage = manifest['src/pages/account/LoginPage.tsx']?.file;
    expect(loginPage).toBeDefined();
    expect(login).toEqual([...runtime, loginPage, ...login.slice(runtime.length + 1)]);
    expect(login.length).toBeGreaterThan(runtime.length + 1);
    for (const href of login) expect(existsSync(join(outDir, href)), href).toBe(true);
    // Another step: the college's other pages, the JSON file the server names by content.
    expect(preloads(page('/education')).slice(runtime.length)).toEqual([
      site.collegePages.url.slice(1),
    ]);
    // The prerender renders every page of the site: seconds on a busy machine.
  }, 60_000);

  it("shows a college's texts as text: a title that tries to end the data block or the title stays data", async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const gallatin = loadTenant('gallatin');
    const college = {
      ...gallatin,
      names: { ...gallatin.names, college: hostile },
      titles: { ...gallatin.titles, application: hostile },
    };
    const site = await renderSite(outDir, college);
    for (const [where, html] of [
      ['index.html', site.index.body.toString('utf8')],
      ['/about', site.pages.get('/about')?.body.toString('utf8') ?? ''],
      ['the shell', site.shell.body.toString('utf8')],
    ] as const) {
      expect(html, where).not.toContain('<script>alert(1)');
      expect(html, where).not.toContain(hostile);
      const data = /<script type="application\/json" id="admit-college">([^<]*)<\/script>/.exec(
        html,
      )?.[1];
      expect(data, where).toBeDefined();
      const onPage = JSON.parse(data ?? '') as { firstLoad: { titles: { application: string } } };
      expect(onPage.firstLoad.titles.application, where).toBe(hostile);
    }
    // The page shows it as text: escaped in the document's title and the header.
    expect(site.pages.get('/about')?.body.toString('utf8')).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  }, 60_000);

  it('stops the build when the router names a module the entry does not import', () => {
    const manifest = readManifest(outDir);
    expect(() => preloadedChunks(manifest, ['src/pages/account/GonePage.tsx'])).toThrow(
      /GonePage\.tsx.*is not one chunk the app's entry imports/,
    );
  });
});
