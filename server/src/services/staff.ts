/**
 * Staff of the admissions office: accounts apart from applicants' (migration 013), made by the
 * staff CLI, signed in with a password and a 6-digit TOTP code (RFC 6238: 30-second steps, a
 * step either side accepted, each code once), with sessions of their own (a 30-minute idle
 * limit) that the applicant API never reads.
 *
 * Sign-in is held as strictly as the applicants' login (services/accounts.ts): the same
 * throttles per address and per e-mail address, the same argon2id hashing and time burnt on
 * an unknown address, and besides, a lockout after consecutive failures of a known account.
 * Every refusal answers one message, whatever the reason (wrong password or code, a code used
 * before, a disabled account), and is written to the audit log with its reason. The TOTP
 * secret is stored sealed with the data key (services/totpSecrets.ts) and opened only to check
 * a code.
 */
import { randomUUID } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';

import { type Db } from '../db/database.ts';
import { type StaffRole } from '../db/schema.ts';
import { type Audit, type AuditActor } from './audit.ts';
import { type Clock } from './clock.ts';
import { randomToken, sha256 } from './crypto.ts';
import { type DataKeys } from './dataKeys.ts';
import { HttpError } from './errors.ts';
import { burnVerifyTime, hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from './passwords.ts';
import { noSecurityEvents, type RecordSecurityEvent } from './securityEvents.ts';
import { THROTTLES } from './accounts.ts';
import { couldBeSession } from './sessions.ts';
import { clear, hit, tooManyError } from './throttle.ts';
import { openTotpSecret, sealTotpSecret } from './totpSecrets.ts';

export const STAFF_ROLES: readonly StaffRole[] = ['reader', 'officer'];

/** A staff session ends after 30 minutes without a request. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
/** …and after 12 hours however active, as an applicant's. */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen_at is refreshed at most this often. */
const TOUCH_EVERY_MS = 30_000;

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
/** A code of the step before or after the server's is accepted (a clock a little off). */
const TOTP_WINDOW = 1;

/** Consecutive refusals of one known account that lock it… */
export const STAFF_MAX_FAILURES = THROTTLES.loginAccount.limit;
/** …for this long (a success or `staff reset` ends it sooner). */
export const STAFF_LOCKOUT_MS = THROTTLES.loginAccount.windowMs;

export const staffMessages = {
  signedIn: 'You are signed in to the admissions office.',
  refused: 'The e-mail address, password or code is not correct.',
  signedOut: 'You are signed out of the admissions office.',
  sessionInvalid: 'Your office session has ended. Please sign in again.',
  officersOnly: 'Only an admissions officer may do this.',
} as const;

/** The throttle keys, apart from the applicants' login so neither counts against the other. */
const keys = {
  address: (address: string) => `office-login:ip:${address}`,
  account: (email: string) => `office-login:acct:${email}`,
};

export const normaliseEmail = (email: unknown): string =>
  typeof email === 'string' ? email.trim().toLowerCase() : '';

/** The TOTP of a secret, labelled for the authenticator app with the college and the address. */
export function staffTotp(secret: string, email: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
}

export interface StaffSession extends StaffMember {
  /** How long the session lives without another request, in ms. */
  msLeft: number;
}

export interface StaffDeps {
  db: Db;
  clock: Clock;
  audit: Audit;
  /** The issuer the authenticator app shows: the college's name. */
  issuer: string;
  /** The keys the TOTP secrets are sealed with at rest (services/totpSecrets.ts). */
  dataKeys: DataKeys;
}

export function createStaff(deps: StaffDeps) {
  const { db, clock, audit } = deps;

  /** The step of a code valid at `now`, or undefined when it is not one of ±1 step. */
  function codeStep(secret: string, email: string, code: string, now: Date): number | undefined {
    if (!/^[0-9]{6}$/.test(code)) return undefined;
    const delta = staffTotp(secret, email, deps.issuer).validate({
      token: code,
      timestamp: now.getTime(),
      window: TOTP_WINDOW,
    });
    return delta === null ? undefined : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
  }

  async function refuse(
    who: AuditActor,
    reason: string,
    record: RecordSecurityEvent,
    staffId?: string,
  ): Promise<never> {
    await audit.record(who, 'sign_in_refused', null, { reason });
    record('office.login.failure', { staffId, reason });
    throw new HttpError(400, staffMessages.refused);
  }

  /** One more consecutive refusal of a known account; the last allowed locks it. */
  async function failed(staffId: string, now: Date): Promise<void> {
    await db
      .updateTable('staff')
      .set((eb) => ({
        failed_attempts: eb('failed_attempts', '+', 1),
        locked_until: eb
          .case()
          .when('failed_attempts', '>=', STAFF_MAX_FAILURES - 1)
          .then(new Date(now.getTime() + STAFF_LOCKOUT_MS))
          .else(eb.ref('locked_until'))
          .end(),
      }))
      .where('id', '=', staffId)
      .execute();
  }

  return {
    /**
     * Checks the password and the code and starts a session; returns its token. Refuses with
     * one message (400), or 429 once throttled or locked.
     */
    async login(
      body: { username: string; password: string; code: string },
      address: string,
      record: RecordSecurityEvent = noSecurityEvents,
    ): Promise<{ token: string; staff: StaffMember }> {
      const email = normaliseEmail(body.username);
      const who: AuditActor = { staffId: null, actor: email };
      const now = clock();
      const throttled = async (reason: string, attempt: Promise<void>) => {
        try {
          await attempt;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429) {
            await audit.record(who, 'sign_in_refused', null, { reason });
            record('office.login.lockout', { reason });
          }
          throw error;
        }
      };
      await throttled(
        'throttled_address',
        hit(db, keys.address(address), THROTTLES.loginAddress, now),
      );
      await throttled(
        'throttled_account',
        hit(db, keys.account(email), THROTTLES.loginAccount, now),
      );
      const member = await db
        .selectFrom('staff')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      if (member === undefined) {
        await burnVerifyTime(body.password);
        return refuse(who, 'unknown_staff', record);
      }
      const known: AuditActor = { staffId: member.id, actor: member.email };
      if (member.locked_until !== null && member.locked_until > now) {
        await audit.record(known, 'sign_in_refused', null, { reason: 'locked' });
        record('office.login.lockout', { staffId: member.id, reason: 'locked' });
        throw tooManyError(Math.ceil((member.locked_until.getTime() - now.getTime()) / 1000));
      }
      const passwordOk =
        body.password.length <= MAX_PASSWORD_LENGTH &&
        (await verifyPassword(member.password_hash, body.password));
      if (!passwordOk) {
        await failed(member.id, now);
        return refuse(known, 'wrong_password', record, member.id);
      }
      const secret = openTotpSecret(deps.dataKeys, member.id, member.totp_secret);
      const step = codeStep(secret, member.email, body.code.trim(), now);
      if (step === undefined) {
        await failed(member.id, now);
        return refuse(known, 'wrong_code', record, member.id);
      }
      if (member.disabled_at !== null) return refuse(known, 'disabled', record, member.id);
      // The step is taken in the same statement that checks it: two sign-ins with one code,
      // however close together, cannot both pass.
      const taken = await db
        .updateTable('staff')
        .set({ totp_last_step: step, failed_attempts: 0, locked_until: null })
        .where('id', '=', member.id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      if (taken.numUpdatedRows === 0n) {
        await failed(member.id, now);
        return refuse(known, 'reused_code', record, member.id);
      }
      await clear(db, keys.account(email));
      const token = randomToken();
      await db
        .insertInto('staff_sessions')
        .values({
          token_hash: sha256(token),
          staff_id: member.id,
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS),
        })
        .execute();
      await audit.record(known, 'sign_in');
      record('office.login.success', { staffId: member.id });
      return { token, staff: { id: member.id, email: member.email, role: member.role } };
    },

    /** The staff member of a live session, or undefined (unknown, idle, expired, disabled). */
    async authenticate(token: string | undefined): Promise<StaffSession | undefined> {
      if (!couldBeSession(token)) return undefined;
      const hash = sha256(token);
      const now = clock();
      const row = await db
        .selectFrom('staff_sessions as s')
        .innerJoin('staff', 'staff.id', 's.staff_id')
        .select([
          'staff.id',
          'staff.email',
          'staff.role',
          'staff.disabled_at',
          's.last_seen_at',
          's.expires_at',
        ])
        .where('s.token_hash', '=', hash)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const live =
        row.disabled_at === null &&
        row.last_seen_at.getTime() > now.getTime() - STAFF_SESSION_IDLE_MS &&
        row.expires_at > now;
      if (!live) {
        await db.deleteFrom('staff_sessions').where('token_hash', '=', hash).execute();
        return undefined;
      }
      const stale = row.last_seen_at.getTime() < now.getTime() - TOUCH_EVERY_MS;
      if (stale)
        await db
          .updateTable('staff_sessions')
          .set({ last_seen_at: now })
          .where('token_hash', '=', hash)
          .execute();
      const seen = stale ? now.getTime() : row.last_seen_at.getTime();
      const msLeft = Math.max(
        0,
        Math.min(seen + STAFF_SESSION_IDLE_MS, row.expires_at.getTime()) - now.getTime(),
      );
      return { id: row.id, email: row.email, role: row.role, msLeft };
    },

    /** Ends one session; returns its staff member's id, or undefined when there was none. */
    async logout(token: string | undefined): Promise<string | undefined> {
      if (!couldBeSession(token)) return undefined;
      const ended = await db
        .deleteFrom('staff_sessions')
        .where('token_hash', '=', sha256(token))
        .returning('staff_id')
        .executeTakeFirst();
      return ended?.staff_id;
    },
  };
}

export type Staff = ReturnType<typeof createStaff>;

/** Removes staff sessions that have ended (idle or past their end); answers how many. */
export async function deleteEndedStaffSessions(db: Db, now: Date): Promise<number> {
  const ended = await db
    .deleteFrom('staff_sessions')
    .where((eb) =>
      eb.or([
        eb('last_seen_at', '<=', new Date(now.getTime() - STAFF_SESSION_IDLE_MS)),
        eb('expires_at', '<=', now),
      ]),
    )
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** A new staff account or its reset: the URI for the authenticator app, shown once. */
export interface StaffCredentials {
  email: string;
  role: StaffRole;
  otpauthUri: string;
}

/**
 * The staff CLI's side: add, list, disable, reset. Each change is written to the audit log
 * with the CLI as its actor.
 */
export function staffAdmin(deps: StaffDeps) {
  const { db, audit } = deps;
  const uri = (secret: string, email: string) => staffTotp(secret, email, deps.issuer).toString();

  return {
    async add(emailGiven: string, role: StaffRole, password: string): Promise<StaffCredentials> {
      const email = normaliseEmail(emailGiven);
      const secret = newTotpSecret();
      // The id is chosen here: the secret is sealed for it before the row is written.
      const id = randomUUID();
      const created = await db
        .insertInto('staff')
        .values({
          id,
          email,
          role,
          password_hash: await hashPassword(password),
          totp_secret: sealTotpSecret(deps.dataKeys, id, secret),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (created === undefined)
        throw new StaffError(`A staff account for ${email} exists already.`);
      await audit.record(CLI, 'staff_add', null, { email, role });
      return { email, role, otpauthUri: uri(secret, email) };
    },

    async list() {
      return db
        .selectFrom('staff')
        .select(['email', 'role', 'disabled_at', 'locked_until', 'created_at'])
        .orderBy('email')
        .execute();
    },

    /** Disables the account and ends its sessions at once. */
    async disable(emailGiven: string): Promise<void> {
      const email = normaliseEmail(emailGiven);
      const row = await db
        .updateTable('staff')
        .set({ disabled_at: deps.clock() })
        .where('email', '=', email)
        .returning('id')
        .executeTakeFirst();
      if (row === undefined) throw new StaffError(`There is no staff account for ${email}.`);
      await db.deleteFrom('staff_sessions').where('staff_id', '=', row.id).execute();
      await audit.record(CLI, 'staff_disable', null, { email });
    },

    /**
     * A new password and a new TOTP secret (a lost phone, a forgotten password): the account
     * is enabled and unlocked, and its sessions end.
     */
    async reset(emailGiven: string, password: string): Promise<StaffCredentials> {
      const email = normaliseEmail(emailGiven);
      const secret = newTotpSecret();
      const member = await db
        .selectFrom('staff')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (member === undefined) throw new StaffError(`There is no staff account for ${email}.`);
      const row = await db
        .updateTable('staff')
        .set({
          password_hash: await hashPassword(password),
          totp_secret: sealTotpSecret(deps.dataKeys, member.id, secret),
          totp_last_step: null,
          disabled_at: null,
          failed_attempts: 0,
          locked_until: null,
        })
        .where('id', '=', member.id)
        .returning(['id', 'role'])
        .executeTakeFirst();
      if (row === undefined) throw new StaffError(`There is no staff account for ${email}.`);
      await db.deleteFrom('staff_sessions').where('staff_id', '=', row.id).execute();
      await clear(db, keys.account(email));
      await audit.record(CLI, 'staff_reset', null, { email });
      return { email, role: row.role, otpauthUri: uri(secret, email) };
    },
  };
}

const CLI: AuditActor = { staffId: null, actor: 'cli' };

/** A staff command that could not do what was asked (the CLI prints the message). */
export class StaffError extends Error {
  override name = 'StaffError';
}
