/**
 * The one way the app talks to the server (SPEC §7): JSON in and out, cookies for the session,
 * no retries (web-status excepted, see endpoints.ts). Errors per SPEC §7/§8.
 */
import { GENERIC_ERROR_MESSAGE, ServerError, UnauthorizedError } from './errors.ts';

/**
 * The Fetch standard's quota for the bodies of a page's keepalive requests under way together
 * (64 KiB): a keepalive request that would pass it fails at once, with nothing sent.
 */
export const KEEPALIVE_QUOTA_BYTES = 65_536;

/** The bytes of this page's keepalive bodies not yet answered (all go through `request`). */
let keepaliveBytesInFlight = 0;

/**
 * Whether a body of `bytes` may go as a keepalive request beside the keepalive bodies of
 * `inFlightBytes` still under way. One that does not fit goes as an ordinary request: it may
 * be cut off if the page goes away, but it is never refused outright, and what it carries
 * still waits in this browser until the server acknowledges it.
 */
export function fitsKeepalive(bytes: number, inFlightBytes: number): boolean {
  return bytes + inFlightBytes <= KEEPALIVE_QUOTA_BYTES;
}

/** The server's header: how long the session lives without another request (ms). */
const SESSION_MS_LEFT_HEADER = 'admit-session-ms-left';

type SessionEndListener = (endsAt: number) => void;
const sessionEndListeners = new Set<SessionEndListener>();
let knownSessionEnd: number | undefined;

/**
 * When the server's session ends (epoch ms by this browser's clock), told on every answer that
 * says so; the idle prompt counts down from it. Returns the unsubscribe function.
 */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/** The last end of the session an answer reported, if any did. */
export function lastKnownSessionEnd(): number | undefined {
  return knownSessionEnd;
}

function noteSessionEnd(response: Response, sentAt: number): void {
  const msLeft = Number(response.headers.get(SESSION_MS_LEFT_HEADER) ?? Number.NaN);
  if (!Number.isFinite(msLeft)) return;
  // Counted from when the request left: the server measured later, so this end is never late.
  const endsAt = sentAt + msLeft;
  knownSessionEnd = endsAt;
  for (const listener of sessionEndListeners) listener(endsAt);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  code?: unknown;
}

/** Sends a request and returns its JSON body, or throws UnauthorizedError / ServerError. */
export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const bytes = text === undefined ? 0 : new TextEncoder().encode(text).byteLength;
  // A keepalive request outlives the page (a tab closed mid-save), within the page's quota.
  const keepalive = options.keepalive === true && fitsKeepalive(bytes, keepaliveBytesInFlight);
  const heldBytes = keepalive ? bytes : 0;
  keepaliveBytesInFlight += heldBytes;
  try {
    return await answer<T>(method, path, text, signal, keepalive);
  } finally {
    keepaliveBytesInFlight -= heldBytes;
  }
}

async function answer<T>(
  method: Method,
  path: string,
  text: string | undefined,
  signal: AbortSignal | undefined,
  keepalive: boolean,
): Promise<T> {
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        text === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: text,
      signal,
      keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ServerError(GENERIC_ERROR_MESSAGE);
  }
  noteSessionEnd(response, sentAt);
  // SPEC §7: some calls answer nothing (DELETE document-answer and conversion: 204 No Content).
  if (response.status === 204) return undefined as T;
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    // SPEC §7: a non-JSON response raises the generic server error.
    throw new ServerError(GENERIC_ERROR_MESSAGE, response.status);
  }
  if (response.ok) return parsed as T;
  const error = (parsed ?? {}) as ErrorBody;
  const serverMessage =
    typeof error.message === 'string' && error.message !== '' ? error.message : undefined;
  const message = serverMessage ?? GENERIC_ERROR_MESSAGE;
  // The server's own words when it gave them (a refused service link says what to do).
  if (response.status === 401) throw new UnauthorizedError(serverMessage);
  const errors =
    typeof error.errors === 'object' && error.errors !== null
      ? (error.errors as Record<string, string[]>)
      : {};
  throw new ServerError(
    message,
    response.status,
    errors,
    typeof error.code === 'string' ? error.code : undefined,
  );
}
