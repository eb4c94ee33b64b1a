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

/** What a person is told when the server's disk is full (507). */
export const STORAGE_FULL_MESSAGE =
  'The server has run out of space to store files, so this could not be saved. Please try again later; what you saved before is safe.';

/** The error codes of a write that found no room: the disk, or the user's quota, is full. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** True for an error of a write that found the disk (or a quota) full. */
export function isDiskFull(error: unknown): boolean {
  if (error instanceof StorageFullError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_CODES.has(code);
}

/**
 * 507 Insufficient Storage: a file could not be written because the disk is full. Its
 * temporary file is already removed, and the file store has logged the one error line (with
 * `code` and `folder`), so the error handler does not log it again.
 */
export class StorageFullError extends HttpError {
  override name = 'StorageFullError';
  constructor(
    /** ENOSPC or EDQUOT. */
    readonly code: string,
    /** The folder the write was in. */
    readonly folder: string,
    options?: { cause?: unknown },
  ) {
    super(507, STORAGE_FULL_MESSAGE);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
