/**
 * The session: its cookies and the one hook that admits a request to the `/api` scope.
 *
 * The session cookie is httpOnly, SameSite=Lax and Secure under https; the marker, readable by
 * the SPA, only tells it a session may exist (SPEC §4: is_logged_in is inferred from cookies
 * with the provider's prefix) and grants nothing.
 *
 * `sessionPlugin` is registered inside the scope that holds the applicant's routes (app.ts),
 * as fastify/demo's `autohooks` are: every route of that scope needs a live session (SPEC §6)
 * except those listed in `PUBLIC_ROUTES`. The check runs onRequest, before the body is parsed
 * or judged, so without a session every call is 401, whatever it carries.
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { DatabaseUnavailableError } from '../../db/health.ts';
import { errorAnswers, PUBLIC_SECURITY, SESSION_SECURITY } from '../../routes/schemas.ts';
import { HttpError, SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import {
  SESSION_ABSOLUTE_MS,
  type SessionAccount,
  sessionKey,
  type Sessions,
} from '../../services/sessions.ts';

export const SESSION_COOKIE = 'admit_session';

export interface CookieSettings {
  secure: boolean;
  /** The tenant's identity-provider prefix: the marker is `${prefix}.loggedIn`. */
  markerPrefix: string;
}

/**
 * The routes of the session scope that a visitor without a session may call: signing up,
 * confirming, logging in, password resets, logout (which answers 401 itself when there
 * was no session to end, after clearing the cookies), and the error screen's report (shown to
 * visitors and after a session ended too).
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'POST /public/signup',
  'POST /public/confirm',
  'POST /public/resend-confirm',
  'POST /public/login',
  'POST /public/forgot-password',
  'POST /public/reset-password',
  'GET /api/logout',
  'POST /api/client-errors',
]);

export function markerCookieName(settings: CookieSettings): string {
  return `${settings.markerPrefix}.loggedIn`;
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  settings: CookieSettings,
): void {
  const maxAge = Math.floor(SESSION_ABSOLUTE_MS / 1000);
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    maxAge,
  });
  reply.setCookie(markerCookieName(settings), '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: settings.secure,
    path: '/',
    maxAge,
  });
}

export function clearSessionCookies(reply: FastifyReply, settings: CookieSettings): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(markerCookieName(settings), { path: '/' });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in applicant (set by the session hook). */
    account?: SessionAccount;
    /**
     * The stored key of the request's session token, set by the session hook on a route that
     * checks its session inside its own statement (`sessionInHandler`).
     */
    sessionKey?: Buffer;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session itself, inside its own statement (PUT /api/answer: one
     * round trip to PostgreSQL, not two), so the session hook only refuses requests that carry
     * no token of ours, and a body refused before the session was confirmed is answered after
     * the session is (the session speaks first, as on every route).
     */
    sessionInHandler?: boolean;
  }
}

/** How long the session lives without another request (ms), on every authenticated answer. */
export const SESSION_MS_LEFT_HEADER = 'admit-session-ms-left';

/** The 401 of SPEC §8 for a request without a live session; its cookies are cleared. */
export function sessionInvalid(reply: FastifyReply, settings: CookieSettings): HttpError {
  clearSessionCookies(reply, settings);
  return new HttpError(401, SESSION_INVALID_MESSAGE);
}

export interface SessionPluginOptions {
  sessions: Sessions;
  cookies: CookieSettings;
}

/**
 * Admits only a live session: sets `request.account`, or throws the 401 (an idle or expired
 * session is ended on the way). The session hook calls it, and so does a `sessionInHandler`
 * route whose own statement found no live session.
 */
export async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  { sessions, cookies }: SessionPluginOptions,
): Promise<SessionAccount> {
  const account = await sessions.authenticate(request.cookies[SESSION_COOKIE]);
  if (account === undefined) throw sessionInvalid(reply, cookies);
  request.account = account;
  // The browser's idle prompt follows the server's clock, not its own guess (SPEC §4).
  if (account.msLeft !== undefined) reply.header(SESSION_MS_LEFT_HEADER, String(account.msLeft));
  return account;
}

/** The signed-in account of a request the session hook admitted. */
export function accountOf(request: FastifyRequest): SessionAccount {
  if (request.account === undefined) throw new HttpError(401, SESSION_INVALID_MESSAGE);
  return request.account;
}

/** The session key of a request on a `sessionInHandler` route (set by the session hook). */
export function sessionKeyOf(request: FastifyRequest): Buffer {
  if (request.sessionKey === undefined) throw new HttpError(401, SESSION_INVALID_MESSAGE);
  return request.sessionKey;
}

/** Whether an error is about the request's body (bad JSON, the schema, a refused answer). */
function aboutTheBody(error: unknown): boolean {
  // A database outage is about neither the body nor the session: it is answered 503 at once,
  // without another round trip to a database that is not answering.
  return error instanceof HttpError
    ? error.statusCode === 400
    : !(error instanceof DatabaseUnavailableError);
}

/**
 * The one session check of the scope it is registered in (wrapped with fastify-plugin so the
 * hook belongs to that scope, not to a scope of its own).
 */
export const sessionPlugin = fp(
  async (scope: FastifyInstance, options: SessionPluginOptions) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (PUBLIC_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
      if (request.routeOptions.config.sessionInHandler !== true) {
        await authenticate(request, reply, options);
        return;
      }
      const key = sessionKey(request.cookies[SESSION_COOKIE]);
      if (key === undefined) throw sessionInvalid(reply, options.cookies);
      request.sessionKey = key;
    });

    // The OpenAPI document says what this hook enforces: a public route needs nothing, every
    // other one the session cookie, and answers 401 without it.
    scope.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const open = methods.every((method) => PUBLIC_ROUTES.has(`${method} ${route.url}`));
      const schema = route.schema ?? {};
      const response = (schema.response ?? {}) as Record<string, unknown>;
      route.schema = {
        ...schema,
        security: open ? PUBLIC_SECURITY : SESSION_SECURITY,
        response: open ? response : { ...response, 401: errorAnswers(401)[401] },
      };
    });

    // A `sessionInHandler` route whose body is refused before its session was confirmed (bad
    // JSON or the schema, by Fastify; a key or value the form cannot hold, by the save): the
    // session speaks first, then the app's error handler answers. Fastify awaits an async
    // error handler and hands what it throws on (application.test.ts proves both).
    scope.addHook('onRoute', (route) => {
      if (route.config?.sessionInHandler !== true) return;
      // Its route-option type only says `void`, hence the lint exception.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      route.errorHandler = async (error, request, reply) => {
        if (aboutTheBody(error) && request.account === undefined)
          await authenticate(request, reply, options);
        throw error;
      };
    });
  },
  { name: 'session' },
);
