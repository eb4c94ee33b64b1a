/**
 * bench/bundle: the JavaScript /about loads on first load, in KB gzip. Prints figures; never
 * fails on them. It keeps no target of its own (a 170 kB limit was retired): what counts is what
 * a person waits for, which bench/pageload measures (with a first visit ≤ 200 KB on the wire,
 * every byte of the page counted); this bench says where the weight of the scripts is.
 *
 *   npx tsx bench/bundle/run.ts [--tenant=gallatin] [--dist=form-app/dist] [--route=/about]
 *
 * What it does: builds the SPA with Vite exactly as `npm run build` does, into a temporary
 * folder (or reads an existing build with `--dist`, which must hold `.vite/manifest.json`);
 * from Vite's manifest takes the entry chunk and every chunk it imports statically, the JS a
 * browser must download and run before the first render; gzips each file (zlib, level 9, as
 * a server or CDN would send it) and sums them. Then it opens the route as a visitor in the
 * system Chromium, against a loopback static server, and lists every script the page really
 * fetched: the static set (a check on the manifest walk) and the chunks loaded lazily after
 * the first render, which are reported apart and not counted in the first-load figure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';

import { firstLoadChunks, readManifest } from '../../form-app/manifest.ts';
import { renderSite } from '@admit/server';
import { loadTenant } from '@admit/tenant-config/node';

import { buildSpa, launchChromium, root, serveSpa } from './spa.ts';

const { values: flags } = parseArgs({
  options: {
    tenant: { type: 'string', default: 'gallatin' },
    dist: { type: 'string' },
    route: { type: 'string', default: '/about' },
  },
});
/** kB as Vite and browsers' network panels count them: 1,000 bytes. */
const KB = 1000;
const TIME_LIMIT_MS = 10 * 60_000;

let tempDir: string | undefined;
const cleanUp = () => {
  if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
};
const abort = (why: string, code: number) => {
  console.error(`bench/bundle: ${why}`);
  cleanUp();
  process.exit(code);
};
process.once('SIGINT', () => {
  abort('interrupted; cleaned up', 130);
});
process.once('SIGTERM', () => {
  abort('terminated; cleaned up', 143);
});
setTimeout(() => {
  abort(`stopped after the ${TIME_LIMIT_MS / 60_000} min time limit`, 2);
}, TIME_LIMIT_MS).unref();

function gzipBytes(path: string): { raw: number; gzip: number } {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length,
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/**
 * The script files the route fetched in Chromium (paths under dist), in request order, and
 * the errors the page met (a bundle that loads but breaks the page is no figure).
 */
async function fetchedScripts(
  distDir: string,
  route: string,
): Promise<{ scripts: string[]; errors: string[] }> {
  const server = await serveSpa(distDir, flags.tenant);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' || url.pathname.endsWith('.js'))
        scripts.push(url.pathname.replace(/^\//, ''));
    });
    await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
    // The step's heading: the page rendered, not only the loading spinner.
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return { scripts: [...new Set(scripts)], errors };
  } finally {
    await browser.close();
    server.close();
  }
}

let distDir: string;
if (flags.dist === undefined) {
  tempDir = mkdtempSync(join(tmpdir(), 'admit-bundle-'));
  distDir = tempDir;
  const started = performance.now();
  await buildSpa(distDir);
  console.log(`built form-app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  distDir = resolve(root, flags.dist);
}

try {
  const manifest = readManifest(distDir);
  const firstLoad = firstLoadChunks(manifest);
  const rows = firstLoad.map((file) => ({ file, ...gzipBytes(join(distDir, file)) }));
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);

  const { scripts: fetched, errors } = await fetchedScripts(distDir, flags.route);
  const lazy = fetched.filter((file) => !firstLoad.includes(file));
  const missing = firstLoad.filter((file) => !fetched.includes(file));
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, index, files) => file.endsWith('.js') && files.indexOf(file) === index);
  const allGzip = allJs.reduce((sum, file) => sum + gzipBytes(join(distDir, file)).gzip, 0);

  console.log(`\n${flags.route}: first-load JS (entry + static imports), gzip level 9\n`);
  for (const row of rows)
    console.log(
      `  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)}  ${kb(row.gzip).padStart(9)} gzip`,
    );
  console.log(
    `  ${'total'.padEnd(44)} ${kb(totalRaw).padStart(10)}  ${kb(total).padStart(9)} gzip`,
  );
  // The college is not in the scripts (one build serves any college): the server writes its
  // first-load part into each page as a JSON data block.
  const site = await renderSite(distDir, loadTenant(flags.tenant));
  const block = /<script type="application\/json" id="admit-college">[^<]*<\/script>/.exec(
    site.index.body.toString('utf8'),
  )?.[0];
  if (block !== undefined) {
    const bytes = Buffer.from(block);
    const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
    console.log(
      `  ${`+ the college in the page (${flags.tenant})`.padEnd(44)} ${kb(bytes.length).padStart(10)}  ${kb(gzip).padStart(9)} gzip`,
    );
  }
  if (lazy.length > 0) {
    console.log(`\nloaded lazily by ${flags.route} after the first render (not counted above):`);
    for (const file of lazy) {
      const size = gzipBytes(join(distDir, file));
      console.log(
        `  ${file.padEnd(44)} ${kb(size.raw).padStart(10)}  ${kb(size.gzip).padStart(9)} gzip`,
      );
    }
  }
  if (errors.length > 0) console.log(`\npage errors on ${flags.route}:\n  ${errors.join('\n  ')}`);
  if (missing.length > 0)
    console.log(
      `\nwarning: in the manifest's first-load set but not fetched: ${missing.join(', ')}`,
    );
  console.log(
    `\nall JS of the build: ${allJs.length} files, ${kb(allGzip)} gzip (the rest loads only on the routes that need it)`,
  );
  console.log(
    `\n${flags.route} first-load JS: ${kb(total)} gzip (no target: bench/pageload's figures count)`,
  );
} finally {
  cleanUp();
}
