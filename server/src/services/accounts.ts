/**
 * Accounts (SPEC §7 /public/*): sign-up, confirmation, login, forgotten and reset passwords.
 * No account enumeration: sign-up, confirm, login, forgot and resend answer alike for unknown,
 * waiting and confirmed addresses (throttles included). Sign-up never changes an existing
 * account's password. Codes and reset ids are random, stored hashed, short-lived and
 * single-use; wrong codes are counted per address before they are compared.
 */
import {
  type AccountForm,
  ERROR_CODES,
  type ErrorMap,
  validateAccountForm,
} from '@admit/form-model';

import { type Db } from '../db/database.ts';
import { format, modelMessages, type Said, text } from './texts.ts';
import { type Clock } from './clock.ts';
import { type CollegeLanguages } from './college.ts';
import { hmac, randomCode, randomToken, sameDigest, sha256 } from './crypto.ts';
import { HttpError } from './errors.ts';
import { type Mailer } from './mail.ts';
import {
  burnVerifyTime,
  hashPassword,
  isCommonPassword,
  MAX_PASSWORD_LENGTH,
  verifyPassword,
} from './passwords.ts';
import { noSecurityEvents, type RecordSecurityEvent } from './securityEvents.ts';
import { type Sessions } from './sessions.ts';
import { clear, count, hit, type ThrottleRule } from './throttle.ts';

/** A confirmation code works for 24 hours. */
export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** Five wrong codes burn the code (429) until a new one is asked for. */
export const MAX_CODE_ATTEMPTS = 5;
/** A reset link works for one hour, once. */
export const RESET_TTL_MS = 60 * 60 * 1000;

const MINUTES = 60_000;
/**
 * `…Account` rules count per e-mail address (known or not), whatever the client address;
 * `…Address` rules per client address (request.ip: see TRUST_PROXY). README explains each.
 */
export const THROTTLES = {
  loginAccount: { limit: 10, windowMs: 15 * MINUTES },
  /**
   * A lab that signed up together logs in together, and again after a mistyped password: 100
   * stopped a class of 60 halfway through its second attempt (sign-up lets 200 an hour through).
   */
  loginAddress: { limit: 300, windowMs: 15 * MINUTES },
  /** Guesses at one address's code: reserved before comparing; a new code starts afresh. */
  codeGuesses: { limit: MAX_CODE_ATTEMPTS, windowMs: CODE_TTL_MS },
  /**
   * A class that signs up together confirms together: 30 stopped the 31st student of a lab
   * (sign-up lets 200 an hour through). Guessing is held per address's code (`codeGuesses`).
   */
  confirmAddress: { limit: 200, windowMs: 15 * MINUTES },
  /** Mail to one address: sign-up, resend and forgot share it. */
  mailAccount: { limit: 5, windowMs: 60 * MINUTES },
  resendAddress: { limit: 20, windowMs: 60 * MINUTES },
  forgotAddress: { limit: 20, windowMs: 60 * MINUTES },
  /** A school lab or a college fair signs up a class behind one address: 200 in an hour pass. */
  signupAddress: { limit: 300, windowMs: 60 * MINUTES },
  /** …and a script from one address stops at this many a day. */
  signupAddressDay: { limit: 1000, windowMs: 24 * 60 * MINUTES },
} as const satisfies Record<string, ThrottleRule>;

/** The throttle keys. A key names an e-mail address or a client address, never a secret. */
const keys = {
  guesses: (username: string) => `confirm:acct:${username}`,
  mail: (username: string) => `mail:acct:${username}`,
  loginAccount: (username: string) => `login:acct:${username}`,
};

/** The sign-up marker cookie lives as long as the code it announces. */
export const SIGNUP_MARKER_TTL_MS = CODE_TTL_MS;

/** What the account calls answer (README lists them; SPEC shows only some). */
export const accountMessages = {
  signedUp: text('server.accounts.signedUp'),
  confirmed: text('server.accounts.confirmed'),
  codeWrong: text('server.accounts.codeWrong'),
  codeBurned: text('server.accounts.codeBurned'),
  resent: text('server.accounts.resent'),
  loggedIn: text('server.accounts.loggedIn'),
  loginFailed: text('server.accounts.loginFailed'),
  unconfirmed: text('server.accounts.unconfirmed'),
  forgot: text('server.accounts.forgot'),
  reset: text('server.accounts.reset'),
  resetInvalid: text('server.accounts.resetInvalid'),
  commonPassword: text('server.accounts.commonPassword'),
  passwordTooLong: text('server.accounts.passwordTooLong', { max: MAX_PASSWORD_LENGTH }),
  loggedOut: text('server.accounts.loggedOut'),
  /** Resend while mail is failing (services/mail.ts `delayed`): alike for every address. */
  resentDelayed: text('server.accounts.resentDelayed'),
  /** Forgot while mail is failing: alike for every address. */
  forgotDelayed: text('server.accounts.forgotDelayed'),
} as const;

export interface AccountDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessions: Sessions;
  /** The origin of links in mail (PUBLIC_ORIGIN, never the Host header). */
  publicOrigin: string;
  /** The college in each language, for mail (in the account's language). */
  college: CollegeLanguages;
}

const normalise = (username: unknown): string =>
  typeof username === 'string' ? username.trim().toLowerCase() : '';

/** Refuses a form that breaks SPEC §5's rules: 400 with the first message and the error map. */
function check(form: AccountForm, body: Record<string, unknown>, language: string): void {
  const errors: ErrorMap = validateAccountForm(form, body, modelMessages(language), 'all');
  const first = Object.values(errors).flat()[0];
  if (first !== undefined) throw new HttpError(400, first, { errors });
}

async function checkNewPassword(password: string): Promise<void> {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new HttpError(400, accountMessages.passwordTooLong, {
      errors: { password: [accountMessages.passwordTooLong] },
    });
  }
  if (await isCommonPassword(password)) {
    throw new HttpError(400, accountMessages.commonPassword, {
      errors: { password: [accountMessages.commonPassword] },
    });
  }
}

export function createAccounts(deps: AccountDeps) {
  const { db, clock, mailer, sessions } = deps;
  let secret: Promise<Buffer> | undefined;
  const serverSecret = () =>
    (secret ??= db
      .selectFrom('app_secret')
      .select('secret')
      .executeTakeFirstOrThrow()
      .then((row) => row.secret));
  const codeHash = async (accountId: string, code: string) =>
    hmac(await serverSecret(), `${accountId}:${code}`);

  /**
   * A proof, for this browser only, that it signed up `username` (the sign-up marker cookie):
   * the login tells its holder that the account waits for confirmation, and no one else.
   */
  async function signupMarker(username: string, expiresAt: number): Promise<string> {
    const mac = hmac(await serverSecret(), `signup-marker:${username}:${expiresAt}`);
    return `${expiresAt}.${mac.toString('base64url')}`;
  }

  async function holdsSignupMarker(
    marker: string | undefined,
    username: string,
    now: Date,
  ): Promise<boolean> {
    const match = /^([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/.exec(marker ?? '');
    if (match?.[1] === undefined || match[2] === undefined) return false;
    const expiresAt = Number(match[1]);
    if (expiresAt <= now.getTime()) return false;
    const expected = hmac(await serverSecret(), `signup-marker:${username}:${expiresAt}`);
    return sameDigest(Buffer.from(match[2], 'base64url'), expected);
  }

  /** The language an account's mail is written in, and the college's name in it. */
  async function mailLanguage(accountId: string) {
    const row = await db
      .selectFrom('accounts')
      .select('language')
      .where('id', '=', accountId)
      .executeTakeFirst();
    const language = deps.college.forAccount(row?.language);
    const say = (id: string, values: Record<string, string> = {}) =>
      format(
        language,
        text(id, {
          college: deps.college.in(language).names.college,
          origin: deps.publicOrigin,
          ...values,
        }),
      );
    return { language, say };
  }

  /** Writes a new code for the account (only the newest works) and answers its mail. */
  async function codeMail(accountId: string) {
    const code = randomCode();
    const now = clock();
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
    // Only the newest code works: the row is replaced.
    await db
      .insertInto('confirmation_codes')
      .values({
        account_id: accountId,
        code_hash: await codeHash(accountId, code),
        expires_at: expiresAt,
      })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          code_hash: eb.ref('excluded.code_hash'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
    const { language, say } = await mailLanguage(accountId);
    return {
      subject: say('server.mail.code.subject'),
      text: say('server.mail.code.text', { code }),
      expiresAt,
      language,
    };
  }

  async function issueCode(accountId: string, username: string): Promise<void> {
    const { subject, text: body, expiresAt, language } = await codeMail(accountId);
    await mailer.send({
      to: username,
      subject,
      text: body,
      language,
      renew: { kind: 'confirmation-code', accountId, expiresAt },
    });
  }

  /** Writes a new reset link for the account (only the newest works) and answers its mail. */
  async function resetMail(accountId: string, username: string) {
    const id = randomToken();
    const expiresAt = new Date(clock().getTime() + RESET_TTL_MS);
    await db.transaction().execute(async (trx) => {
      // Only the newest link works.
      await trx.deleteFrom('password_resets').where('account_id', '=', accountId).execute();
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: sha256(id),
          account_id: accountId,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
    });
    const link = new URL('/reset', deps.publicOrigin);
    link.searchParams.set('username', username);
    link.searchParams.set('id', id);
    const { language, say } = await mailLanguage(accountId);
    return {
      subject: say('server.mail.reset.subject'),
      text: say('server.mail.reset.text', { link: link.toString() }),
      expiresAt,
      language,
    };
  }

  // A code or link mailed late (the SMTP server was away) is renewed as it goes, so what
  // arrives works: the applicant need not ask again (server/README.md, "Mail").
  mailer.renewWith('confirmation-code', async (accountId) => {
    const account = await db
      .selectFrom('accounts')
      .select(['username', 'confirmed_at'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (account?.confirmed_at !== null) return undefined;
    // A new code starts its guesses afresh, as a resend does.
    await clear(db, keys.guesses(account.username));
    return codeMail(accountId);
  });
  mailer.renewWith('reset-link', async (accountId) => {
    const account = await db
      .selectFrom('accounts')
      .select('username')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return account === undefined ? undefined : resetMail(accountId, account.username);
  });

  /** Creates the account and its application; undefined when the address was taken meanwhile. */
  async function createAccount(
    username: string,
    password: string,
    language: string | undefined,
  ): Promise<string | undefined> {
    const passwordHash = await hashPassword(password);
    return db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('accounts')
        .values({ username, password_hash: passwordHash, language: language ?? null })
        // Never an update: a sign-up does not touch an existing account.
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (created === undefined) return undefined;
      await trx
        .insertInto('applications')
        .values({ account_id: created.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return created.id;
    });
  }

  const findAccount = (username: string) =>
    db
      .selectFrom('accounts')
      .select(['id', 'password_hash', 'confirmed_at', 'language'])
      .where('username', '=', username)
      .executeTakeFirst();

  return {
    /**
     * Signs up. Answers alike whatever the address's state, and returns the sign-up marker for
     * the route to set. Each path costs one argon2 operation, so timing does not tell them apart.
     */
    async signup(
      body: { username?: unknown; password?: unknown },
      address: string,
      record: RecordSecurityEvent = noSecurityEvents,
      /** The language the sign-up was made in: the account's, for its mail and its logins. */
      language?: string,
    ): Promise<{ message: Said; marker: string }> {
      check('signup', body, language ?? deps.college.languages.fallback);
      const username = normalise(body.username);
      const password = String(body.password);
      await checkNewPassword(password);
      const now = clock();
      await hit(db, `signup:ip:${address}`, THROTTLES.signupAddress, now);
      await hit(db, `signup:ip-day:${address}`, THROTTLES.signupAddressDay, now);
      await hit(db, keys.mail(username), THROTTLES.mailAccount, now);
      // Every sign-up, for any address, starts the guesses afresh, as a new code would.
      await clear(db, keys.guesses(username));
      const answer = {
        message: accountMessages.signedUp,
        marker: await signupMarker(username, now.getTime() + SIGNUP_MARKER_TTL_MS),
      };
      let account = await findAccount(username);
      if (account === undefined) {
        const created = await createAccount(username, password, language);
        if (created !== undefined) {
          await issueCode(created, username);
          record('account.signup', { accountId: created, reason: 'created' });
          return answer;
        }
        // Another sign-up for this address won the race: the account exists now.
        account = await findAccount(username);
        if (account === undefined) throw new Error(`the account ${username} vanished`);
      }
      if (account.confirmed_at !== null) {
        record('account.signup', { accountId: account.id, reason: 'already_confirmed' });
        await burnVerifyTime(password);
        // No enumeration: the answer is the same; the owner is told by mail instead.
        const { language, say } = await mailLanguage(account.id);
        await mailer.send({
          to: username,
          accountId: account.id,
          language,
          subject: say('server.mail.taken.subject'),
          text: say('server.mail.taken.confirmed'),
        });
      } else if (await verifyPassword(account.password_hash, password)) {
        // The applicant signing up again with the password they chose: a new code.
        record('account.signup', { accountId: account.id, reason: 'code_sent_again' });
        await issueCode(account.id, username);
      } else {
        record('account.signup', { accountId: account.id, reason: 'other_password' });
        // Someone else, or the owner with another password: the password stays, and the owner
        // is told how to take the account with a password of their own.
        const { language, say } = await mailLanguage(account.id);
        await mailer.send({
          to: username,
          accountId: account.id,
          language,
          subject: say('server.mail.taken.subject'),
          text: say('server.mail.taken.waiting'),
        });
      }
      return answer;
    },

    async confirm(
      body: { username?: unknown; code?: unknown },
      address: string,
      record: RecordSecurityEvent = noSecurityEvents,
      /** The request's language: what a refused form is told in. */
      language?: string,
    ): Promise<{ message: Said }> {
      check('confirm', body, language ?? deps.college.languages.fallback);
      const now = clock();
      await hit(db, `confirm:ip:${address}`, THROTTLES.confirmAddress, now);
      const username = normalise(body.username);
      const code = String(body.code).trim();
      // The guess is reserved before the code is compared: concurrent guesses each take their
      // own number, and only the first MAX_CODE_ATTEMPTS are ever compared. Counted per
      // address, with or without a pending code, so both answer alike.
      const { hits } = await count(db, keys.guesses(username), THROTTLES.codeGuesses, now);
      if (hits > MAX_CODE_ATTEMPTS) {
        record('account.confirm.failure', { reason: 'code_burned' });
        throw new HttpError(429, accountMessages.codeBurned);
      }
      const row = await db
        .selectFrom('accounts')
        .innerJoin('confirmation_codes', 'confirmation_codes.account_id', 'accounts.id')
        .select(['accounts.id', 'confirmation_codes.code_hash', 'confirmation_codes.expires_at'])
        .where('accounts.username', '=', username)
        .executeTakeFirst();
      const matches =
        row !== undefined &&
        now < row.expires_at &&
        sameDigest(row.code_hash, await codeHash(row.id, code));
      if (!matches) {
        const reason =
          row === undefined ? 'no_code' : now >= row.expires_at ? 'code_expired' : 'wrong_code';
        if (hits >= MAX_CODE_ATTEMPTS) {
          // The last guess allowed: the code is burned now, a lockout until a new one is sent.
          record('account.confirm.failure', { accountId: row?.id, reason: 'code_burned' });
          throw new HttpError(429, accountMessages.codeBurned);
        }
        record('account.confirm.failure', { accountId: row?.id, reason });
        throw new HttpError(400, accountMessages.codeWrong, {
          errors: { code: [accountMessages.codeWrong] },
        });
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ confirmed_at: now })
          .where('id', '=', row.id)
          .where('confirmed_at', 'is', null)
          .execute();
        await trx.deleteFrom('confirmation_codes').where('account_id', '=', row.id).execute();
      });
      await clear(db, keys.guesses(username));
      record('account.confirm', { accountId: row.id });
      return { message: accountMessages.confirmed };
    },

    async resend(
      body: { username?: unknown },
      address: string,
      /** The request's language: what a refused form is told in. */
      language?: string,
    ): Promise<{ message: Said }> {
      check('resend', body, language ?? deps.college.languages.fallback);
      const username = normalise(body.username);
      const now = clock();
      await hit(db, `resend:ip:${address}`, THROTTLES.resendAddress, now);
      await hit(db, keys.mail(username), THROTTLES.mailAccount, now);
      // A new code, new guesses: for every address alike, or the count would tell them apart.
      await clear(db, keys.guesses(username));
      const account = await findAccount(username);
      const delayed = await mailer.delayed();
      // While mail is failing, a code already on its way is not doubled: it is renewed if it
      // goes late, and the applicant is told it is delayed.
      if (
        account?.confirmed_at === null &&
        !(delayed && (await mailer.pending(account.id, 'confirmation-code')))
      )
        await issueCode(account.id, username);
      return { message: delayed ? accountMessages.resentDelayed : accountMessages.resent };
    },

    /**
     * Checks the password and starts a session; returns the new session token. Every refusal
     * answers alike: "not confirmed yet" to a browser holding this address's sign-up marker
     * (it was just told to confirm), "Incorrect…" to everyone else, whatever the reason.
     */
    async login(
      body: { username?: unknown; password?: unknown },
      address: string,
      signupMarkerValue?: string,
      record: RecordSecurityEvent = noSecurityEvents,
      /** The request's language: what a refused form is told in. */
      language?: string,
    ): Promise<{ message: Said; token: string; accountId: string; language: string | null }> {
      check('login', body, language ?? deps.college.languages.fallback);
      const username = normalise(body.username);
      const password = String(body.password);
      const now = clock();
      const throttled = async (rule: 'address' | 'account', attempt: Promise<void>) => {
        try {
          await attempt;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429) {
            // A lockout is rare: one more look-up names the account, if there is one.
            record('login.lockout', { accountId: (await findAccount(username))?.id, reason: rule });
          }
          throw error;
        }
      };
      await throttled('address', hit(db, `login:ip:${address}`, THROTTLES.loginAddress, now));
      await throttled('account', hit(db, keys.loginAccount(username), THROTTLES.loginAccount, now));
      const refused = async () =>
        (await holdsSignupMarker(signupMarkerValue, username, now))
          ? new HttpError(400, accountMessages.unconfirmed, { code: ERROR_CODES.unconfirmed })
          : new HttpError(400, accountMessages.loginFailed);
      const account = await findAccount(username);
      if (account === undefined) {
        await burnVerifyTime(password);
        record('login.failure', { reason: 'unknown_user' });
        throw await refused();
      }
      if (
        password.length > MAX_PASSWORD_LENGTH ||
        !(await verifyPassword(account.password_hash, password))
      ) {
        record('login.failure', { accountId: account.id, reason: 'wrong_password' });
        throw await refused();
      }
      if (account.confirmed_at === null) {
        record('login.failure', { accountId: account.id, reason: 'unconfirmed' });
        throw await refused();
      }
      await clear(db, keys.loginAccount(username));
      const token = await sessions.create(account.id);
      await db
        .insertInto('successful_logins')
        .values({ account_id: account.id, logged_in_at: now })
        .execute();
      record('login.success', { accountId: account.id });
      return {
        message: accountMessages.loggedIn,
        token,
        accountId: account.id,
        language: account.language,
      };
    },

    async forgot(
      body: { username?: unknown },
      address: string,
      record: RecordSecurityEvent = noSecurityEvents,
      /** The request's language: what a refused form is told in. */
      language?: string,
    ): Promise<{ message: Said }> {
      check('forgot', body, language ?? deps.college.languages.fallback);
      const username = normalise(body.username);
      const now = clock();
      await hit(db, `forgot:ip:${address}`, THROTTLES.forgotAddress, now);
      await hit(db, keys.mail(username), THROTTLES.mailAccount, now);
      const account = await findAccount(username);
      record('password.reset.requested', {
        accountId: account?.id,
        ...(account === undefined ? { reason: 'unknown_user' } : {}),
      });
      const delayed = await mailer.delayed();
      if (account !== undefined && !(delayed && (await mailer.pending(account.id, 'reset-link')))) {
        const { subject, text: body, expiresAt, language } = await resetMail(account.id, username);
        await mailer.send({
          to: username,
          subject,
          text: body,
          language,
          renew: { kind: 'reset-link', accountId: account.id, expiresAt },
        });
      }
      return { message: delayed ? accountMessages.forgotDelayed : accountMessages.forgot };
    },

    /** Sets the language the account reads Admit in (`PUT /api/language`). */
    async setLanguage(accountId: string, language: string): Promise<void> {
      await db.updateTable('accounts').set({ language }).where('id', '=', accountId).execute();
    },

    async resetPassword(
      body: {
        username?: unknown;
        password?: unknown;
        confirm_password?: unknown;
        id?: unknown;
      },
      record: RecordSecurityEvent = noSecurityEvents,
      /** The request's language: what a refused form is told in. */
      language?: string,
    ): Promise<{ message: Said }> {
      check('reset', body, language ?? deps.college.languages.fallback);
      const username = normalise(body.username);
      const password = String(body.password);
      await checkNewPassword(password);
      const now = clock();
      const passwordHash = await hashPassword(password);
      const reset = await db
        .selectFrom('password_resets')
        .innerJoin('accounts', 'accounts.id', 'password_resets.account_id')
        .select([
          'password_resets.account_id',
          'password_resets.expires_at',
          'password_resets.used_at',
          'accounts.username',
        ])
        .where('password_resets.token_hash', '=', sha256(String(body.id)))
        .executeTakeFirst();
      if (reset?.username !== username || reset.used_at !== null || now >= reset.expires_at) {
        record('password.reset.failure', {
          accountId: reset?.username === username ? reset.account_id : undefined,
          reason:
            reset?.username !== username
              ? 'unknown_link'
              : reset.used_at !== null
                ? 'used_link'
                : 'expired_link',
        });
        throw new HttpError(400, accountMessages.resetInvalid);
      }
      await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', sha256(String(body.id)))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (used.numUpdatedRows === 0n) {
          record('password.reset.failure', { accountId: reset.account_id, reason: 'used_link' });
          throw new HttpError(400, accountMessages.resetInvalid);
        }
        // The mailbox owner proved themselves: the account is confirmed too.
        await trx
          .updateTable('accounts')
          .set((eb) => ({
            password_hash: passwordHash,
            confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)),
          }))
          .where('id', '=', reset.account_id)
          .execute();
        await trx.deleteFrom('sessions').where('account_id', '=', reset.account_id).execute();
      });
      record('password.reset.completed', { accountId: reset.account_id });
      return { message: accountMessages.reset };
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
