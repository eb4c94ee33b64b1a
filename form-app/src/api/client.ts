/**
 * The one way the app talks to the server (SPEC §7): JSON in and out, cookies for the session,
 * no retries (web-status excepted, see endpoints.ts). Errors per SPEC §7/§8.
 */
import { GENERIC_ERROR_MESSAGE, ServerError, UnauthorizedError } from './errors.ts';

/** Below the Fetch standard's 64 KiB quota for the bodies of keepalive requests under way. */
const KEEPALIVE_MAX_BYTES = 60_000;

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
  let response: Response;
  const text = body === undefined ? undefined : JSON.stringify(body);
  const sentAt = Date.now();
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: text,
      signal,
      // A keepalive request outlives the page (a tab closed mid-save), but browsers refuse one
      // whose body passes 64 KiB: a longer one goes as an ordinary request.
      keepalive:
        options.keepalive === true &&
        (text === undefined || new TextEncoder().encode(text).byteLength < KEEPALIVE_MAX_BYTES),
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
