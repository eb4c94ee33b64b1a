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

/** SPEC §8's generic and session-invalid messages: form-model's, which the browser shows too. */
export {
  GENERIC_ERROR_MESSAGE as GENERIC_MESSAGE,
  SESSION_INVALID_MESSAGE,
} from '@admit/form-model';
