/**
 * The error screen's report (`POST /api/client-errors`): what the server logs so that SPEC §8's
 * "has been logged" is true. Only the page's path, the error's name, message and stack: never
 * an answer, the form's values or the applicant's e-mail (the server also redacts the message
 * and keeps only the stack's frames).
 */
import { request } from '../api/client.ts';
import { type ClientErrorReport } from '../api/types.ts';

/** The report's limits, as the server's schema holds them (form-model's contract). */
const MAX_PATH = 300;
const MAX_NAME = 100;
const MAX_MESSAGE = 1000;
const MAX_STACK = 8000;

/** What is reported of `error` shown on the page at `path` (`location.pathname`). */
export function errorReport(error: unknown, path: string): ClientErrorReport {
  const known = error instanceof Error;
  const stack = known ? error.stack : undefined;
  return {
    // A path never holds "?" or "#" (they start the query and the fragment); "/" if it is cut.
    path: path.startsWith('/') ? path.slice(0, MAX_PATH) : '/',
    name: (known ? error.name : typeof error).slice(0, MAX_NAME),
    message: (known ? error.message : String(error)).slice(0, MAX_MESSAGE),
    ...(stack === undefined ? {} : { stack: stack.slice(0, MAX_STACK) }),
  };
}

/** Whether the server logged the report. */
export type ReportOutcome = 'logged' | 'not-logged';

/** Each error's report, so that it is sent once however often its screen renders. */
const sentObjects = new WeakMap<object, Promise<ReportOutcome>>();
/** A thrown string or number (rare): by value. */
const sentValues = new Map<unknown, Promise<ReportOutcome>>();

const isObject = (value: unknown): value is object =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

/**
 * Sends the report of `error` once (a second call for the same error answers the first's
 * outcome): 'logged' once the server has it, 'not-logged' if it refused it or did not answer.
 */
export function reportError(error: unknown, path: string): Promise<ReportOutcome> {
  const known = isObject(error) ? sentObjects.get(error) : sentValues.get(error);
  if (known !== undefined) return known;
  const outcome = request<undefined>('POST', '/api/client-errors', errorReport(error, path)).then(
    (): ReportOutcome => 'logged',
    (): ReportOutcome => 'not-logged',
  );
  if (isObject(error)) sentObjects.set(error, outcome);
  else sentValues.set(error, outcome);
  return outcome;
}
