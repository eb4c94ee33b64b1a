import { english, format, isText, type Said, text } from './texts.ts';

/**
 * An error with an HTTP status and a message a person can read; the body is `{message}`, in the
 * request's language when the message is a `Text` (plugins/app/errors.ts formats it, and any
 * `Text` in `body`). `Error.message` is its English, for the log.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  /** The message as its catalogue id, or words already made. */
  readonly text: Said;
  constructor(
    readonly statusCode: number,
    message: Said,
    /** Extra JSON fields for the body (e.g. `errors` for a refused submit). */
    readonly body: Record<string, unknown> = {},
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(english(message));
    this.text = message;
  }
}

/** `value` with every `Text` in it (at any depth of arrays and objects) made in `language`. */
export function localized(value: unknown, language: string): unknown {
  if (isText(value)) return format(language, value);
  if (Array.isArray(value)) return value.map((item) => localized(item, language));
  if (typeof value === 'object' && value !== null && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, localized(item, language)]),
    );
  return value;
}

/** SPEC §8's generic message, for anything unexpected: form-model's, which the browser says too. */
export const GENERIC_MESSAGE = text('model.error.generic');
/** SPEC §8's session-invalid message, on every 401. */
export const SESSION_INVALID_MESSAGE = text('model.error.sessionInvalid');

/** What a person is told when the server's disk is full (507). */
export const STORAGE_FULL_MESSAGE = text('server.errors.storageFull');

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
