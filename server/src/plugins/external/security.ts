/**
 * Security headers (helmet, CSP) and the cross-site request guard: a state-changing call
 * must carry JSON and, from a browser, come from our own origin.
 */
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';

import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

import { HttpError } from '../../services/errors.ts';
import { securityEvents } from '../../services/securityEvents.ts';
import { text } from '../../services/texts.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = text('server.errors.crossSite');
export const JSON_ONLY_MESSAGE = text('server.errors.jsonOnly');

/**
 * Helmet's headers for `options`, computed once. They are the same for every response (no
 * per-request nonces), and building them per request (as @fastify/helmet does, re-parsing the
 * CSP each time) cost a measurable share of every API call (bench/README.md, bench/api).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      // Helmet removes X-Powered-By, which Fastify never sets.
      Reflect.deleteProperty(headers, name.toLowerCase());
    },
  };
  helmet(options)(
    new IncomingMessage(new Socket()),
    response as unknown as ServerResponse,
    (error) => {
      if (error !== undefined && error !== null) throw error as Error;
    },
  );
  return headers;
}

export const security = fp(
  async (
    app: FastifyInstance,
    options: {
      publicOrigin: string;
      https: boolean;
      jsonExempt?: (url: string) => boolean;
      /** Other origins the browser may send to (an S3 bucket for presigned uploads). */
      connectOrigins?: readonly string[];
      /** The hashes (`'sha256-…'`) of the build's inline scripts (spa.ts `inlineScriptSources`). */
      inlineScripts?: readonly string[];
    },
  ) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(options.inlineScripts ?? [])],
          // Emotion (MUI) injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https,
      crossOriginEmbedderPolicy: false,
    });
    // A JSON answer is data, never a page: it gets the short set OWASP recommends for APIs
    // (nothing may load or frame it, nothing may keep it), which is stricter for JSON than
    // the page set and a third of its bytes on the busiest routes. Everything else (the app,
    // its files, PDFs, errors of other types) gets the page set.
    const api: Record<string, string> = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      ...(headers['strict-transport-security'] === undefined
        ? {}
        : { 'strict-transport-security': headers['strict-transport-security'] }),
    };
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json')) {
        reply.headers(api);
        // Applicants' data is never kept by a browser or a proxy unless a route says otherwise.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      } else {
        reply.headers(headers);
      }
      done(null, payload);
    });

    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      // A browser says where a request comes from; a cross-site one is refused. Clients that
      // are not browsers (curl, the staff CLI) send neither header and cannot be forged by a site.
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      if (
        origin !== undefined
          ? origin !== options.publicOrigin
          : site !== undefined && site !== 'same-origin' && site !== 'none'
      ) {
        securityEvents(request)('origin.refused', {
          reason: origin !== undefined ? 'origin' : 'fetch_site',
          // Headers a client chose: bounded, so a line stays a line.
          origin: origin?.slice(0, 200),
          site: site?.slice(0, 50),
          method: request.method,
          route: request.routeOptions.url,
        });
        throw new HttpError(403, CROSS_SITE_MESSAGE);
      }
      if (options.jsonExempt?.(request.url) === true) return;
      const type = request.headers['content-type'];
      const hasBody =
        request.headers['content-length'] !== undefined &&
        request.headers['content-length'] !== '0';
      if ((type !== undefined || hasBody) && !/^application\/json\b/i.test(type ?? '')) {
        throw new HttpError(415, JSON_ONLY_MESSAGE);
      }
    });
  },
  { name: 'security' },
);
