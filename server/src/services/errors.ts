/** An error with an HTTP status and a message a person can read; the body is `{message}`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra JSON fields for the body (e.g. `errors` for a refused submit). */
    readonly body: Record<string, unknown> = {},
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** SPEC §8: the generic message, for anything unexpected. */
export const GENERIC_MESSAGE =
  "We've encountered an unexpected error at this time. Please try again later.";
/** SPEC §8: the session-invalid message, on every 401. */
export const SESSION_INVALID_MESSAGE =
  'Your session is invalid. Please clear your cookies and login again.';
