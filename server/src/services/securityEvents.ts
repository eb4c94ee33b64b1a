/**
 * The security event log (ASVS 5 V16): one JSON line per event an operator may need to
 * investigate or alert on, with an `event` field from the vocabulary below
 * (docs/operations/security-events.md lists each one, its fields and level).
 *
 * A line carries the event, its outcome, a reason category on a refusal, the account's id when
 * one is known, and the client address; pino adds the request id (`reqId`) and the time. It
 * never carries a password, a confirmation code, a token, a reset link or an answer: the
 * account's e-mail address is personal data and stays out too (the id is enough to correlate,
 * and `npm run admin` finds the person behind an id). Refusals and lockouts are written at
 * warn, everything else at info.
 */
import { type FastifyBaseLogger, type FastifyRequest } from 'fastify';

/** Every event name, dotted: the subject, then what happened to it. */
export const SECURITY_EVENTS = [
  'account.signup',
  'account.confirm',
  'account.confirm.failure',
  'login.success',
  'login.failure',
  'login.lockout',
  'password.reset.requested',
  'password.reset.completed',
  'password.reset.failure',
  'session.logout',
  'office.login.success',
  'office.login.failure',
  'office.login.lockout',
  'service_token.use',
  'service_token.failure',
  'tmp_application.use',
  'tmp_application.failure',
  'ownership.refused',
  'upload.refused',
  'origin.refused',
] as const;

export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

/** What the log line says, beside the event's name. Never a secret: see the module comment. */
export interface SecurityEventFields {
  /** The account acted on or for, when the server knows it. */
  accountId?: string | undefined;
  /** Why a refusal happened, as a category (`wrong_password`, `revoked`…), never a value. */
  reason?: string;
  /** Other non-secret facts (another account's id, an origin header). */
  [field: string]: string | number | boolean | undefined;
}

/** One sentence per event, the line's `msg`. */
const MESSAGES: Record<SecurityEventName, string> = {
  'account.signup': 'An account was signed up for.',
  'account.confirm': 'An account was confirmed.',
  'account.confirm.failure': 'A confirmation code was refused.',
  'login.success': 'An applicant logged in.',
  'login.failure': 'A login was refused.',
  'login.lockout': 'Logins were refused: too many attempts.',
  'password.reset.requested': 'A password reset link was asked for.',
  'password.reset.completed': 'A password was changed with a reset link.',
  'password.reset.failure': 'A password reset was refused.',
  'session.logout': 'An applicant logged out.',
  'office.login.success': 'A staff member signed in to the admissions office.',
  'office.login.failure': 'A sign-in to the admissions office was refused.',
  'office.login.lockout': 'Sign-ins to the admissions office were refused: too many attempts.',
  'service_token.use': 'A service link was used.',
  'service_token.failure': 'A service link was refused.',
  'tmp_application.use': 'A temporary application link was used.',
  'tmp_application.failure': 'A temporary application link was refused.',
  'ownership.refused': "An applicant asked for another account's file and was refused.",
  'upload.refused': 'An upload form that our server did not sign as sent was refused.',
  'origin.refused': 'A state-changing request from another site was refused.',
};

/** Events written at warn: refusals and lockouts. */
const WARN = new Set<SecurityEventName>([
  'account.confirm.failure',
  'login.failure',
  'login.lockout',
  'office.login.failure',
  'office.login.lockout',
  'password.reset.failure',
  'service_token.failure',
  'tmp_application.failure',
  'ownership.refused',
  'upload.refused',
  'origin.refused',
]);

/** Records one security event of a request (services take it from their route). */
export type RecordSecurityEvent = (event: SecurityEventName, fields?: SecurityEventFields) => void;

/** Writes security events to `log` (a request's logger, so the line has its `reqId`). */
export function securityLog(log: FastifyBaseLogger, ip: string): RecordSecurityEvent {
  return (event, fields = {}) => {
    const line = {
      event,
      outcome: WARN.has(event) ? 'failure' : 'success',
      ...fields,
      ip,
    };
    if (WARN.has(event)) log.warn(line, MESSAGES[event]);
    else log.info(line, MESSAGES[event]);
  };
}

/** The security event recorder of a request: its logger and its client address. */
export function securityEvents(request: FastifyRequest): RecordSecurityEvent {
  return securityLog(request.log, request.ip);
}

/** Records nothing: for callers outside a request (the staff CLI, tests of a service alone). */
export const noSecurityEvents: RecordSecurityEvent = () => undefined;
