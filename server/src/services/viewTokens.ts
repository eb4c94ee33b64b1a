/**
 * Tokens that open an application without a session, both made by staff (the CLI):
 *
 * - a service token (SPEC §6 service user) shows one applicant's application, read-only, in
 *   the print-style view (`/?service_token=…` → `GET /service/tmp-pdf`);
 * - a temporary public application (SPEC §2 `token`) hands a visitor answers prefilled by
 *   staff (`/?token=…` → `GET /public/tmp`).
 *
 * Both are 256 random bits, stored only as SHA-256, expiring and revocable. A token is read
 * from its one route's query string and nowhere else: it is not a session and opens nothing
 * more.
 */
import { type Answers } from '@admit/form-model';
import { sql } from 'kysely';

import { type Db } from '../db/database.ts';
import { type Said, text } from './texts.ts';
import { assertAnswerPatch, type KeyRule } from './applications.ts';
import { type Clock } from './clock.ts';
import { randomToken, sha256 } from './crypto.ts';
import { HttpError } from './errors.ts';
import { noSecurityEvents, type RecordSecurityEvent } from './securityEvents.ts';
import { type SsnVault } from './ssn.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A service link lasts a week unless staff say otherwise… */
export const SERVICE_TOKEN_DEFAULT_DAYS = 7;
/** …a prefilled application two weeks… */
export const TMP_APPLICATION_DEFAULT_DAYS = 14;
/** …and neither more than 90 days. */
export const TOKEN_MAX_DAYS = 90;

/** 256-bit tokens are 43 base64url characters; anything else is refused before a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const tokenMessages = {
  serviceMissing: text('server.tokens.serviceMissing'),
  serviceInvalid: text('server.tokens.serviceInvalid'),
  serviceExpired: text('server.tokens.serviceExpired'),
  serviceRevoked: text('server.tokens.serviceRevoked'),
  tmpInvalid: text('server.tokens.tmpInvalid'),
  unknownUser: (username: string) => text('server.tokens.unknownUser', { username }),
  days: text('server.tokens.days', { max: TOKEN_MAX_DAYS }),
  answersObject: text('server.tokens.answersObject'),
} as const;

/** A token as staff pass it: the token itself, or a link that carries it. */
export function tokenFromInput(input: string): string {
  const trimmed = input.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      const params = new URL(trimmed).searchParams;
      return params.get('service_token') ?? params.get('token') ?? trimmed;
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

function expiry(now: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 1 || days > TOKEN_MAX_DAYS)
    throw new HttpError(400, tokenMessages.days);
  return new Date(now.getTime() + days * DAY_MS);
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export function createViewTokens(deps: {
  db: Db;
  clock: Clock;
  rules: ReadonlyMap<string, KeyRule>;
  /** A prefilled SSN is sealed at rest like an applicant's. */
  ssn: SsnVault;
}) {
  const { db, clock, rules, ssn } = deps;
  return {
    /** Issues a service token for `username`'s application. */
    async createServiceToken(
      username: string,
      days = SERVICE_TOKEN_DEFAULT_DAYS,
    ): Promise<IssuedToken & { accountId: string }> {
      const now = clock();
      const expiresAt = expiry(now, days);
      const account = await db
        .selectFrom('accounts')
        .innerJoin('applications', 'applications.account_id', 'accounts.id')
        .select('accounts.id')
        .where('accounts.username', '=', username.trim().toLowerCase())
        .executeTakeFirst();
      if (account === undefined) throw new HttpError(404, tokenMessages.unknownUser(username));
      const token = randomToken();
      await db
        .insertInto('service_tokens')
        .values({
          token_hash: sha256(token),
          account_id: account.id,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt, accountId: account.id };
    },

    /**
     * The application a service token opens: 401 when it is missing or unknown, 403 when it
     * has expired or was revoked (the holder had it, so they are told which).
     */
    async authenticateService(
      token: string | undefined,
      record: RecordSecurityEvent = noSecurityEvents,
    ): Promise<{ accountId: string; username: string }> {
      const refuse = (status: number, message: Said, reason: string, accountId?: string) => {
        record('service_token.failure', { accountId, reason });
        return new HttpError(status, message);
      };
      if (token === undefined || token === '')
        throw refuse(401, tokenMessages.serviceMissing, 'missing');
      if (!TOKEN_PATTERN.test(token)) throw refuse(401, tokenMessages.serviceInvalid, 'malformed');
      const row = await db
        .selectFrom('service_tokens')
        .innerJoin('accounts', 'accounts.id', 'service_tokens.account_id')
        .select([
          'service_tokens.account_id',
          'service_tokens.expires_at',
          'service_tokens.revoked_at',
          'accounts.username',
        ])
        .where('service_tokens.token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (row === undefined) throw refuse(401, tokenMessages.serviceInvalid, 'unknown');
      if (row.revoked_at !== null)
        throw refuse(403, tokenMessages.serviceRevoked, 'revoked', row.account_id);
      if (clock() >= row.expires_at)
        throw refuse(403, tokenMessages.serviceExpired, 'expired', row.account_id);
      record('service_token.use', { accountId: row.account_id });
      return { accountId: row.account_id, username: row.username };
    },

    /** Issues a temporary public application holding `answers` (checked like PUT /api/answer). */
    async createTmpApplication(
      answers: unknown,
      days = TMP_APPLICATION_DEFAULT_DAYS,
    ): Promise<IssuedToken> {
      if (typeof answers !== 'object' || answers === null || Array.isArray(answers))
        throw new HttpError(400, tokenMessages.answersObject);
      const patch = answers as Record<string, unknown>;
      assertAnswerPatch(rules, patch);
      const now = clock();
      const expiresAt = expiry(now, days);
      const token = randomToken();
      await db
        .insertInto('tmp_applications')
        .values({
          token_hash: sha256(token),
          answers: JSON.stringify(ssn.sealPatch(patch as Answers)),
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt };
    },

    /** The prefilled answers of a live temporary application; 404 for any other token. */
    async readTmpApplication(
      token: string | undefined,
      record: RecordSecurityEvent = noSecurityEvents,
    ): Promise<Record<string, string | boolean>> {
      if (token === undefined || !TOKEN_PATTERN.test(token)) {
        record('tmp_application.failure', {
          reason: token === undefined || token === '' ? 'missing' : 'malformed',
        });
        throw new HttpError(404, tokenMessages.tmpInvalid);
      }
      const row = await db
        .selectFrom('tmp_applications')
        .select(['answers', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      // Unknown, expired and revoked look alike: a visitor's link simply no longer works.
      if (row?.revoked_at !== null || clock() >= row.expires_at) {
        record('tmp_application.failure', {
          reason: row === undefined ? 'unknown' : row.revoked_at !== null ? 'revoked' : 'expired',
        });
        throw new HttpError(404, tokenMessages.tmpInvalid);
      }
      record('tmp_application.use');
      // In full: the visitor's browser saves it as the applicant's own once they sign up.
      return ssn.open(row.answers);
    },

    /**
     * Revokes a service token or a temporary application (again is fine); says which, or
     * undefined when the token is neither.
     */
    async revoke(input: string): Promise<'service token' | 'temporary application' | undefined> {
      const hash = sha256(tokenFromInput(input));
      const now = clock();
      const service = await db
        .updateTable('service_tokens')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${now})` })
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (service.numUpdatedRows > 0n) return 'service token';
      const tmp = await db
        .updateTable('tmp_applications')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${now})` })
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (tmp.numUpdatedRows > 0n) return 'temporary application';
      return undefined;
    },
  };
}

export type ViewTokens = ReturnType<typeof createViewTokens>;
