/**
 * Fastify's own client errors (a body that is not JSON, too large, of a type nothing reads, an
 * address no route has or that cannot be routed) are said in the request's language, as every
 * other message is: chosen by Accept-Language or by the `admit-lang` cookie
 * (docs/architecture.md, "Languages").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, json, ORIGIN, type TestContext } from '../../test/context.ts';
import { STORAGE_PATH } from '../../services/storage.ts';
import { format, text } from '../../services/texts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let clients = 0;
/** A login attempt with `payload` as its raw body (its own client address: no throttle). */
function login(payload: string | Buffer, headers: Record<string, string>) {
  clients += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/public/login',
    payload,
    headers: { origin: ORIGIN, ...headers },
    remoteAddress: `10.77.0.${String(clients)}`,
  });
}

const SPANISH = [
  ['Accept-Language: es', { 'accept-language': 'es-MX,es;q=0.9' }],
  ['the admit-lang cookie', { cookie: 'admit-lang=es', 'accept-language': 'en-US' }],
] as const;

describe.each(SPANISH)('with Spanish chosen by %s', (_how, chosen) => {
  it('a body that is not JSON is refused (400) in Spanish', async () => {
    const response = await login('{"username": "ada@example.com", ', {
      ...chosen,
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(format('es', text('server.http.invalidJson')));
    expect(json(response).message).toBe('El contenido enviado no es JSON válido.');
  });

  it('an empty JSON body is refused (400) in Spanish', async () => {
    const response = await login('', { ...chosen, 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(format('es', text('server.http.emptyJson')));
  });

  it('a body over the limit is refused (413) in Spanish', async () => {
    const response = await login(
      JSON.stringify({ username: 'ada@example.com', password: 'x'.repeat(1_100_000) }),
      { ...chosen, 'content-type': 'application/json' },
    );
    expect(response.statusCode).toBe(413);
    expect(json(response).message).toBe('Lo que se envió es demasiado grande para aceptarlo.');
  });

  it('a body of a type nothing reads is refused (415) in Spanish', async () => {
    // The upload address takes any type past the JSON-only check: Fastify itself refuses it.
    const response = await ctx.app.inject({
      method: 'POST',
      url: STORAGE_PATH,
      payload: '<file/>',
      headers: { ...chosen, 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).message).toBe('Este tipo de contenido no se puede enviar aquí.');
  });

  it('an API body that is not JSON is refused (415) in Spanish', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/answer',
      payload: '<answers/>',
      headers: { ...chosen, origin: ORIGIN, 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).message).toBe(format('es', text('server.errors.jsonOnly')));
  });

  it('an API address no route has is answered 404 in Spanish', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: chosen,
    });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('No se encontró.');
  });

  it('an address Fastify cannot route (bad percent-encoding, 400; a parameter too long, 414) is refused in Spanish', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/%zz', headers: chosen });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ message: 'Esta dirección web no es válida.' });
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/document-answer/${'x'.repeat(600)}`,
      headers: chosen,
    });
    expect(long.statusCode).toBe(414);
    expect(json(long)).toEqual({ message: 'Esta dirección web es demasiado larga.' });
  });

  it("a body its route's schema refuses is told in Spanish, naming the field", async () => {
    const response = await login(JSON.stringify({ username: 'ada@example.com', password: 7 }), {
      ...chosen,
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('"password" no es válido.');
  });
});

describe('in English', () => {
  it("says the same refusals in the catalogue's English, not Fastify's", async () => {
    const invalid = await login('{', {
      'accept-language': 'en-US',
      'content-type': 'application/json',
    });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).message).toBe("The request's content is not valid JSON.");
    const large = await login(JSON.stringify({ password: 'x'.repeat(1_100_000) }), {
      'content-type': 'application/json',
    });
    expect(large.statusCode).toBe(413);
    expect(json(large).message).toBe('The request is too large to be accepted.');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/%zz?lang=en' });
    expect(json(bad)).toEqual({ message: 'This web address is not valid.' });
  });
});
