/**
 * The one way the app talks to the server (SPEC §7): JSON in and out, cookies for the session,
 * no retries (web-status excepted, see endpoints.ts). Errors per SPEC §7/§8.
 */
import { GENERIC_ERROR_MESSAGE, ServerError, UnauthorizedError } from './errors.ts';

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
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ServerError(GENERIC_ERROR_MESSAGE);
  }
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
