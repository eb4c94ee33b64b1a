/**
 * The office's calls to `/office/api` (server/README.md, "Admissions office API"). Every
 * answer that is not 2xx becomes an `OfficeApiError` with the server's sentence; a 401 (no
 * session, or it ended) is told to the app (`onUnauthorized`), which goes to the sign-in page.
 */

/** Where the office's API lives. */
export const API_BASE = '/office/api';

export class OfficeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OfficeApiError';
  }
}

type UnauthorizedListener = () => void;
let unauthorized: UnauthorizedListener = () => undefined;

/** Who is told when a call answers 401 (the app's router, App.tsx). */
export function onUnauthorized(listener: UnauthorizedListener): void {
  unauthorized = listener;
}

/** The server's `{message}`, or the status line when the answer is not JSON. */
async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON (a proxy's page): the status says what is known.
  }
  return `${String(response.status)} ${response.statusText}`.trim();
}

/** A call to the office API; throws `OfficeApiError` on anything but 2xx. */
export async function call(
  path: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const response = await fetch(`${API_BASE}${path}`, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  if (response.ok) return response;
  const error = new OfficeApiError(response.status, await messageOf(response));
  // The sign-in's own refusals are 401-free (400/429); any other 401 means the session is gone.
  if (response.status === 401) unauthorized();
  throw error;
}

export async function getJson<T>(path: string): Promise<T> {
  return (await (await call(path)).json()) as T;
}

export async function postJson<T>(path: string, body?: unknown): Promise<T> {
  return (await (
    await call(path, {
      method: 'POST',
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
  ).json()) as T;
}

/** `?name=value&…` of the values that are set, in a stable order; '' when none is. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
