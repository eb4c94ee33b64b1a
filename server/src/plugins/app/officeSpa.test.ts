import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '../../test/context.ts';
import { OFFICE_PAGE_ELEMENT_ID } from './officeSpa.ts';
import { IMMUTABLE, REVALIDATE } from './spa.ts';

/** The office's build as office-app's Vite build leaves it: index.html and a hashed script. */
const dir = mkdtempSync(join(tmpdir(), 'admit-office-spa-'));
const SCRIPT = '/office/assets/index-C16WCbj7.js';
const indexHtml = `<!doctype html><html lang="en"><head><title>Admissions office</title><script type="module" crossorigin src="${SCRIPT}"></script></head><body><div id="root"></div></body></html>`;

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let ctx: TestContext;
beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-C16WCbj7.js'), 'console.log("office");');
  // The build's brotli copy beside it (office-app/vite.config.ts, `precompress`).
  writeFileSync(
    join(dir, 'assets', 'index-C16WCbj7.js.br'),
    brotliCompressSync('console.log("office");'),
  );
  writeFileSync(join(dir, 'index.html'), indexHtml);
  ctx = await createTestContext({ env: { OFFICE_DIR: dir } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { accept: NAVIGATION } });

/** The data block the server wrote into the office's page. */
function pageData(html: string): Record<string, unknown> {
  const match = new RegExp(
    `<script type="application/json" id="${OFFICE_PAGE_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  if (match?.[1] === undefined) throw new Error(`no #${OFFICE_PAGE_ELEMENT_ID} in ${html}`);
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe('the office at /office', () => {
  it("sends the office's page with the college's name, theme, first language and time zone at /office and every path under it", async () => {
    for (const path of ['/office', '/office/', '/office/login', '/office/applications/GC-1234']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe(REVALIDATE);
      expect(response.body).toContain('<html lang="en"');
      expect(response.body).toContain(`<title>${ctx.tenant.names.college}</title>`);
      expect(response.body).toContain(SCRIPT);
      expect(pageData(response.body)).toEqual({
        collegeName: ctx.tenant.names.college,
        theme: ctx.tenant.theme,
        language: ctx.tenant.languages[0],
        timeZone: ctx.tenant.timeZone,
      });
    }
  });

  it('sends the page with the same security headers as the applicant SPA (CSP without inline scripts)', async () => {
    const response = await get('/office');
    const csp = String(response.headers['content-security-policy']);
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toBe("'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends its hashed files cached for a year, and a missing file as a 404', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: SCRIPT });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(script.body).toBe('console.log("office");');
    const missing = await get('/office/assets/gone-AAAAAAAA.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  it("sends the build's brotli copy to a browser that accepts it, the file itself to one that does not", async () => {
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: SCRIPT,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("office");');
    const plain = await ctx.app.inject({
      method: 'GET',
      url: SCRIPT,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("office");');
  });

  it('leaves the API its own: an unknown /office/api path is a JSON 404, a known one answers as before', async () => {
    const unknown = await get('/office/api/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.body).not.toContain(OFFICE_PAGE_ELEMENT_ID);
    const me = await get('/office/api/me');
    expect(me.statusCode).toBe(401);
    expect(me.headers['content-type']).toMatch(/^application\/json/);
  });
});
