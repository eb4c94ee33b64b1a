/**
 * The session cookie and the marker cookie. The session cookie is httpOnly, SameSite=Lax and
 * Secure under https; the marker, readable by the SPA, only tells it a session may exist
 * (SPEC §4: is_logged_in is inferred from cookies with the provider's prefix) and grants nothing.
 */
import { type FastifyReply, type FastifyRequest } from 'fastify';

import { HttpError, SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import {
  SESSION_ABSOLUTE_MS,
  type SessionAccount,
  type Sessions,
} from '../../services/sessions.ts';

export const SESSION_COOKIE = 'admit_session';

export interface CookieSettings {
  secure: boolean;
  /** The tenant's identity-provider prefix: the marker is `${prefix}.loggedIn`. */
  markerPrefix: string;
}

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
    /** The signed-in applicant (set by `requireSession`). */
    account?: SessionAccount;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session itself, inside its own statement (PUT /api/answer), so the
     * session hook only refuses requests that carry no token of ours.
     */
    sessionInHandler?: boolean;
  }
}

/** The 401 of SPEC §8 for a request without a live session; its cookies are cleared. */
export function sessionInvalid(reply: FastifyReply, settings: CookieSettings): HttpError {
  clearSessionCookies(reply, settings);
  return new HttpError(401, SESSION_INVALID_MESSAGE);
}

/** A hook that admits only a live session; anything else is 401 with SPEC §8's message. */
export function requireSession(sessions: Sessions, settings: CookieSettings) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const account = await sessions.authenticate(request.cookies[SESSION_COOKIE]);
    if (account === undefined) throw sessionInvalid(reply, settings);
    request.account = account;
  };
}

/** The signed-in account of a request that passed `requireSession`. */
export function accountOf(request: FastifyRequest): SessionAccount {
  if (request.account === undefined) throw new HttpError(401, SESSION_INVALID_MESSAGE);
  return request.account;
}
