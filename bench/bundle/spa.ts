/**
 * The built SPA for the browser benches (bench/bundle, bench/renders): a production build by
 * Vite into a folder of their own, a loopback static server that answers every route with
 * index.html as the real server does, and the system Chromium.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Browser, chromium } from 'playwright-core';

import { renderSite } from '@admit/server';
import { loadTenant } from '@admit/tenant-config/node';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/paths.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const formAppDir = join(root, 'form-app');

/** Debian's Chromium: browser downloads do not work here. */

/**
 * Builds the SPA exactly as `npm run build` does (form-app/vite.config.ts), but into `outDir`,
 * so the build the server serves (form-app/dist) is left alone. The build holds no college
 * (docs/colleges.md, one build for any college): `serveSpa` gives it one.
 */
export async function buildSpa(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    root: formAppDir,
    configFile: join(formAppDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** API prefixes of SPEC §7: a visitor's page never calls them; if it does, it gets a 404. */
const API_PREFIXES = ['/api/', '/public/', '/dev/', '/lookup/', '/service/', '/storage/'];

/**
 * Serves `distDir` for the college `tenant` on a free loopback port: files as they are, API
 * paths 404, the college's other pages at their address, every other path index.html with the
 * college, as the real server makes it when it starts (server/src/plugins/app/site.ts; the SPA
 * routes itself, as the real server's not-found handler does).
 */
export async function serveSpa(
  dist: string,
  tenant: string,
): Promise<{ origin: string; close: () => void }> {
  const distDir = resolve(dist);
  const site = await renderSite(distDir, loadTenant(tenant));
  const index = site.index.body;
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(distDir, path));
    if (path === site.collegePages.url) {
      response.writeHead(200, { 'content-type': site.collegePages.document.type });
      response.end(site.collegePages.document.body);
    } else if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"message":"Not found."}');
    } else if (
      file.startsWith(distDir + sep) &&
      extname(file) !== '' &&
      existsSync(file) &&
      statSync(file).isFile()
    ) {
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(readFileSync(file));
    } else {
      response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
      response.end(index);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
