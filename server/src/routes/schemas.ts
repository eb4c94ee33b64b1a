/** Shared route schemas (TypeBox → JSON Schema → validation and the OpenAPI document). */
import { ACCOUNT_EMAIL_MAX_LENGTH } from '@admit/form-model';
import { ErrorBodySchema } from '@admit/form-model/api';
import { Type } from 'typebox';

// The payloads both sides share are declared once, in form-model's API contract.
export { Body, ErrorMapSchema, MessageSchema as Message } from '@admit/form-model/api';

/** What each error status means on this API (docs/operations/api.md lists them too). */
const ERROR_MEANINGS = {
  400: 'Refused: the request breaks a rule; the message says which (SPEC §8), `errors` maps fields to their messages.',
  401: "No live session: the applicant must log in again (SPEC §8's message); the session's cookies are cleared.",
  403: 'Refused: a state-changing call from another site, a step only submit may take, or a link or upload policy that is forged, revoked or expired.',
  404: "Not found: nothing of this applicant's (or this link's) is there.",
  409: 'In conflict with what is stored: the application is already submitted, or the file was already written.',
  413: 'Too large: the body passes 1 MB (an upload, its file passes 1 MB).',
  415: 'The body must be JSON (an upload: a multipart form).',
  429: 'Too many attempts: Retry-After says how many seconds to wait; the message says it in words.',
  500: "Unexpected: SPEC §8's generic message; the details are in the server's log.",
  503: 'The database is unavailable or too slow: try again after Retry-After seconds; nothing was changed.',
  507: "The server's disk is full: nothing was stored; try again later.",
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** An error answer `{message}` (SPEC §8) described for `status`. */
function errorBody(status: ErrorStatus) {
  return Type.Object(ErrorBodySchema.properties, { description: ERROR_MEANINGS[status] });
}

/** An error answer `{message}` a route describes in its own words (what its 400 carries). */
export function errorAnswer(description: string) {
  return Type.Object(ErrorBodySchema.properties, { description });
}

/**
 * The error answers of a route, each `{message}`: the statuses its handler, its schema and the
 * app's hooks really answer. 500 (unexpected) is always among them; a route that reads or
 * writes the database lists 503; a route that writes files lists 507. Session routes get 401
 * from the session plugin (plugins/app/session.ts), which knows which routes are public.
 */
export function errorAnswers(
  ...statuses: ErrorStatus[]
): Record<ErrorStatus, ReturnType<typeof errorBody>> {
  const answers = {} as Record<ErrorStatus, ReturnType<typeof errorBody>>;
  for (const status of [...statuses, 500 as const].sort()) answers[status] = errorBody(status);
  return answers;
}

/** The refusals every state-changing JSON route may answer: bad body, another site, too large, not JSON. */
export const JSON_BODY_ERRORS = [400, 403, 413, 415] as const satisfies readonly ErrorStatus[];

/** The session a route needs (OpenAPI `security`): the applicant's cookie, or nothing. */
export const SESSION_SECURITY = [{ session: [] }];
export const PUBLIC_SECURITY = [];

const text = (maxLength: number) => Type.String({ maxLength });
export const Username = text(ACCOUNT_EMAIL_MAX_LENGTH);
export const Password = text(4096);
