/**
 * One access line per request, at info, after its response: method, the route's pattern,
 * status and duration. Never the address as asked (its query string carries entry tokens and
 * search text), a header, a cookie or a body: the pattern of `/api/pdf/document-answer/:key`
 * names the route and nothing the applicant typed. Fastify's own request lines (with the full
 * URL) stay off (app.ts).
 *
 * A probe's success (`/health/live`, `/health/ready` answering 200, every few seconds) is
 * logged at debug only, so that the probes do not drown the log; a failing probe is logged.
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The prefixes whose routes are the API's: their patterns are labels and log fields. */
const ROUTE_PREFIXES = [
  '/api/',
  '/public/',
  '/service/',
  '/lookup/',
  '/dev/',
  '/storage/',
  '/health/',
];

/**
 * The request's route as a log field and metric label: the pattern it matched under the API's
 * prefixes; `(static)` for the app's files (one route each, named by content: as labels they
 * would be new series on every deployment); `(unmatched)` for no route (the app's pages, sent
 * by the not-found handler, and unknown paths).
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return '(unmatched)';
  return ROUTE_PREFIXES.some((prefix) => pattern.startsWith(prefix)) ? pattern : '(static)';
}

const PROBES = new Set(['/health/live', '/health/ready']);

export const accessLog = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = routeLabel(request);
      const status = reply.statusCode;
      const line = {
        method: request.method,
        route,
        status,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      };
      const message = `${request.method} ${route} ${String(status)}`;
      if (PROBES.has(route) && status < 400) request.log.debug(line, message);
      else request.log.info(line, message);
    });
    // The request ended before its response: the client went away (a closed tab), or its
    // body did not arrive within REQUEST_TIMEOUT_S and the server closed the connection.
    app.addHook('onRequestAbort', async (request) => {
      const route = routeLabel(request);
      request.log.info(
        { method: request.method, route, status: null, aborted: true },
        `${request.method} ${route} ended before its response (the client went away, or its request took longer than the request timeout)`,
      );
    });
  },
  { name: 'access-log' },
);
