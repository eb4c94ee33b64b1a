import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { security } from './security.ts';

const ORIGIN = 'https://apply.example.edu';
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admit-security-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Apply</title>');
  app = Fastify();
  await app.register(security, { publicOrigin: ORIGIN, https: true });
  await app.register(fastifyStatic, { root: dir, index: false, wildcard: false });
  app.get('/api/data', async () => ({ ok: true }));
  app.get('/api/cached', async (_request, reply) =>
    reply.header('cache-control', 'max-age=60').send({ ok: true }),
  );
  app.get('/page', async (_request, reply) => reply.sendFile('index.html'));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it("gives the app's HTML helmet's page set: its CSP, framing refused, HSTS under https", async () => {
    const response = await app.inject({ method: 'GET', url: '/page' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('gives JSON the API set: nothing loads or frames it, nothing keeps it, HSTS kept', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/data' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it("keeps a route's own cache-control on JSON (public lookups may be cached)", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cached' });
    expect(response.headers['cache-control']).toBe('max-age=60');
  });

  it('gives a refusal from the cross-site guard the API set too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/data',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
