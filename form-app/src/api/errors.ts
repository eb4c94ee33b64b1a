/**
 * SPEC §7 client error classes. A 401 is an UnauthorizedError (the session is invalid); any
 * other failure a ServerError carrying the server's message, or SPEC §8's generic message.
 */
import { errorMessages } from '../pageIntl.ts';

/**
 * SPEC §8's generic message in the page's language (form-model's), for a failure the server
 * did not explain: no answer, or an answer without a message.
 */
export const GENERIC_ERROR_MESSAGE = errorMessages.genericError;
/** SPEC §8's session-invalid message in the page's language, for a 401 without a message. */
export const SESSION_INVALID_MESSAGE = errorMessages.sessionInvalid;

export class UnauthorizedError extends Error {
  override name = 'UnauthorizedError';
  constructor(message: string = SESSION_INVALID_MESSAGE) {
    super(message);
  }
}

export class ServerError extends Error {
  override name = 'ServerError';
  constructor(
    message: string = GENERIC_ERROR_MESSAGE,
    readonly status = 0,
    /** Per-field messages when the server refused a form (SPEC §3 error lists). */
    readonly errors: Readonly<Record<string, readonly string[]>> = {},
    /** A machine-readable reason, e.g. UNCONFIRMED. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A service link or a temporary application link that did not open: the server
 * refused the token (unknown, cut short, expired, revoked), or no answer came. It carries the
 * server's message, which says what to do; it is never a session error, so nothing is cleared
 * and nobody is sent to /login.
 */
export class LinkError extends Error {
  override name = 'LinkError';
  constructor(
    message: string = GENERIC_ERROR_MESSAGE,
    /** The HTTP status of the refusal, 0 when no answer came. */
    readonly status = 0,
  ) {
    super(message);
  }
}

/** A configuration mistake found while running on a local development host (SPEC §5). */
export class BadConfigError extends Error {
  override name = 'BadConfigError';
}
