/**
 * Mail goes through the `mail_outbox` table and the job queue: `send` records the mail and
 * queues a `send-mail` job in one transaction, and returns; the job delivers it (SMTP_URL with
 * nodemailer, else the log). While the SMTP server is away the job is retried with capped
 * backoff for two days (`MAIL_RETRY_MS`): the first failure of a mail is a warning, giving up
 * an error, and `npm run admin -- mail retry` sends failed mail again. A mail whose code or
 * link has expired by the time it goes is renewed (`renewWith`): it always arrives working.
 * Codes and reset links are secrets: once a mail is sent its text is removed, unless the dev
 * mailbox is on (GET /dev/mail shows it; config.ts says when). The log never shows a mail's
 * text, except in dev-mailbox mode, where reading the code there is the point.
 */
import { type Kysely, sql } from 'kysely';
import nodemailer from 'nodemailer';

import { type Db } from '../db/database.ts';
import { type Database, type MailAttachmentKind } from '../db/schema.ts';
import { type Clock } from './clock.ts';
import { type Jobs } from './jobs.ts';

/** Mail whose secret (a code, a link) expires: the job renews it when it goes late. */
export type MailRenewalKind = 'confirmation-code' | 'reset-link';

/**
 * Writes a new secret for `accountId` and answers the mail that carries it, or undefined
 * when the mail is no longer needed (the account is confirmed, or gone).
 */
export type MailRenewal = (
  accountId: string,
) => Promise<{ subject: string; text: string; expiresAt: Date } | undefined>;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Built by the mail's job when it sends the mail (see `MailAttachmentSource`). */
  attachment?: { kind: MailAttachmentKind; accountId: string };
  /**
   * The text carries a secret that stops working at `expiresAt`: a mail still unsent then is
   * renewed by the `renewWith` function of its kind before it goes.
   */
  renew?: { kind: MailRenewalKind; accountId: string; expiresAt: Date };
  /** The account the mail is about, for the log line when it gives up (never its address). */
  accountId?: string;
  /**
   * The language the mail is written in (the account's for an applicant's mail, the college's
   * first for staff's): sent as Content-Language, and the attachment's notes are in it.
   */
  language?: string;
}

export interface Mailer {
  /** Records the mail and queues its delivery (one transaction); resolves once both are stored. */
  send: (mail: Mail) => Promise<void>;
  /**
   * Records the mail and queues its delivery in the caller's transaction: the mail exists
   * exactly when the change that sends it commits. Call `wake` after the commit.
   */
  enqueue: (trx: Kysely<Database>, mail: Mail) => Promise<void>;
  /** Starts an idle worker of this instance on mail just committed. */
  wake: () => void;
  /** How the job renews a mail of `kind` that went late (services/accounts.ts). */
  renewWith: (kind: MailRenewalKind, renewal: MailRenewal) => void;
  /**
   * True while mail is failing: the latest delivery attempt, within `MAIL_DELAY_WINDOW_MS`,
   * failed. The same for every applicant, so telling them reveals nothing about an account.
   */
  delayed: () => Promise<boolean>;
  /** True when a mail of `kind` for `accountId` waits to be delivered (queued or retrying). */
  pending: (accountId: string, kind: MailRenewalKind) => Promise<boolean>;
  /** Ends the pooled SMTP connections; called when the server closes, after its mail worker. */
  close?: () => void;
}

/** A file a mail's job attaches, built when the mail is sent (services/receipts.ts). */
export interface MailAttachmentSource {
  /** The file; a throw is retried (`ATTACHMENT_ATTEMPTS`), then the mail goes without it. */
  build: (accountId: string) => Promise<{ fileName: string; contentType: string; bytes: Buffer }>;
  /** Appended to the text when the file is attached, in the mail's language. */
  attachedNote: (fileName: string, language: string | null) => string;
  /** Appended to the text when the mail goes without the file, in the mail's language. */
  missingNote: (language: string | null) => string;
}

/**
 * Attempts at building an attachment before the mail goes without it: the queue waits 30 s,
 * 1 min, 2 min between them (`mailBackoff`), so a receipt is at most about 3.5 minutes late
 * for a PDF that cannot be made.
 */
export const ATTACHMENT_ATTEMPTS = 4;

interface Logger {
  debug?: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export const SEND_MAIL_JOB = 'send-mail';

/** The job priority of a mail whose code or link expires: above receipts (priority 0). */
export const URGENT_MAIL_PRIORITY = 1;
/** A mail keeps being retried for at least this long: a weekend without the SMTP server. */
export const MAIL_RETRY_MS = 48 * 60 * 60 * 1000;
/** The wait between attempts doubles from 30 s up to this cap. */
export const MAIL_BACKOFF_CAP_MS = 60 * 60 * 1000;

/** 30 s, 1 min, 2 min … then every hour: mail goes within the hour the SMTP server is back. */
export function mailBackoff(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), MAIL_BACKOFF_CAP_MS);
}

/** Delivery attempts: as many as the backoff needs to span `MAIL_RETRY_MS` (55). */
export const MAIL_MAX_ATTEMPTS = (() => {
  let attempts = 1;
  for (let waited = 0; waited < MAIL_RETRY_MS; attempts += 1) waited += mailBackoff(attempts);
  return attempts;
})();

/** Mail counts as delayed while its latest failed attempt is this recent (two backoff caps). */
export const MAIL_DELAY_WINDOW_MS = 2 * MAIL_BACKOFF_CAP_MS;
/** One delivery attempt may take this long (connecting, greeting, sending). */
export const MAIL_TIMEOUT_MS = 60_000;
/** Outbox rows (who was mailed what subject, when, any error) are kept this long, then pruned. */
export const KEEP_MAIL_MS = 7 * 24 * 60 * 60 * 1000;

/** nodemailer's timeouts, kept within one attempt so a hung server fails the attempt. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * Mails this instance sends at the same time (the mail worker's loops, and as many pooled SMTP
 * connections). A receipt's job spends most of its time waiting (the database, the file store,
 * the SMTP server's replies) around the PDF's render: one at a time, a burst of submissions at
 * a deadline gets its receipts at the pace of those round trips, and a remote SMTP server's
 * latency adds to every mail. Several at a time, the waits overlap and the renders follow one
 * another (bench/receipts).
 */
export const MAIL_CONCURRENCY = 4;

export interface MailerOptions {
  db: Db;
  /** The queue the `send-mail` job kind is defined on (its own worker: see app.ts). */
  queue: Jobs;
  /** The SMTP server (nodemailer); unset: the log, or nowhere (see `devMailbox`). */
  smtpUrl: string | undefined;
  from: string;
  /** Keep each mail's text after sending, and log it: the dev mailbox (config.devMailbox). */
  devMailbox: boolean;
  log: Logger;
  /** How the job builds each kind of attachment; a kind without a source goes unattached. */
  attachments?: Partial<Record<MailAttachmentKind, MailAttachmentSource>>;
}

interface SendMailPayload extends Record<string, unknown> {
  outboxId: number;
  /** `Mail.renew`, with its expiry as an ISO string (the payload is JSON). */
  renew?: { kind: MailRenewalKind; accountId: string; expiresAt: string };
}

/**
 * Removes the text of sent mail (nothing secret is kept) and outbox rows past their time. The
 * text of mail that failed for good stays, so `mail retry` can send it: by then its code or
 * link has expired (24 hours, one hour; it is renewed when retried).
 */
export async function pruneOutbox(
  db: Db,
  now: Date,
  options: { devMailbox: boolean },
): Promise<number> {
  if (!options.devMailbox) {
    // Normally done as each mail is sent; this also clears mail from before that was so.
    await db
      .updateTable('mail_outbox')
      .set({ body: null })
      .where('body', 'is not', null)
      .where('sent_at', 'is not', null)
      .execute();
  }
  const removed = await db
    .deleteFrom('mail_outbox')
    .where('created_at', '<', new Date(now.getTime() - KEEP_MAIL_MS))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, queue, log, devMailbox } = options;
  const clock: Clock = queue.clock;
  const renewals = new Map<MailRenewalKind, MailRenewal>();
  const transport =
    options.smtpUrl === undefined
      ? undefined
      : // Pooled: a connection (and its TLS handshake) serves many mails, not one each.
        nodemailer.createTransport({
          url: options.smtpUrl,
          pool: true,
          maxConnections: MAIL_CONCURRENCY,
          ...SMTP_TIMEOUTS,
        });

  /** The text is dropped once it is no longer needed, unless the dev mailbox shows it. */
  const afterSending = (fields: { sent_at?: Date; error?: string }) =>
    devMailbox ? fields : { ...fields, body: null };

  /**
   * The mail's attachment, built now; undefined when it asks for none. A build that fails is
   * logged and retried with the queue's backoff; after `ATTACHMENT_ATTEMPTS` the mail goes
   * without it, saying so, rather than not at all.
   */
  async function attach(
    outboxId: number,
    mail: {
      recipient: string;
      attachment: MailAttachmentKind | null;
      account_id: string | null;
      language: string | null;
    },
    attempt: number,
  ): Promise<
    | {
        note: string;
        built?: { fileName: string; contentType: string; bytes: Buffer };
      }
    | undefined
  > {
    if (mail.attachment === null || mail.account_id === null) return undefined;
    const source = options.attachments?.[mail.attachment];
    if (source === undefined) return undefined;
    try {
      const built = await source.build(mail.account_id);
      return { note: source.attachedNote(built.fileName, mail.language), built };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const what = `mail ${outboxId} to ${mail.recipient}: its ${mail.attachment} attachment could not be built (attempt ${attempt} of ${ATTACHMENT_ATTEMPTS}): ${reason}`;
      if (attempt < ATTACHMENT_ATTEMPTS) {
        log.error({ mail: { id: outboxId }, err: error }, `${what}; trying again`);
        throw new Error(`${mail.attachment} attachment could not be built: ${reason}`, {
          cause: error,
        });
      }
      log.error({ mail: { id: outboxId }, err: error }, `${what}; sending the mail without it`);
      return { note: source.missingNote(mail.language) };
    }
  }

  queue.define<SendMailPayload>(SEND_MAIL_JOB, {
    timeoutMs: MAIL_TIMEOUT_MS,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    backoffMs: mailBackoff,
    async run({ outboxId, renew }, { attempt }) {
      const stored = await db
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'body', 'sent_at', 'attachment', 'account_id', 'language'])
        .where('id', '=', outboxId)
        .executeTakeFirst();
      // Pruned, or sent by an attempt whose outcome was not recorded: nothing to do.
      if (stored?.body == null || stored.sent_at !== null) return;
      let mail = { ...stored, body: stored.body };
      if (renew !== undefined && clock().getTime() >= Date.parse(renew.expiresAt)) {
        // Late: its code or link no longer works. A new one, so the mail arrives working.
        const renewal = renewals.get(renew.kind);
        const renewed = renewal === undefined ? undefined : await renewal(renew.accountId);
        if (renewed === undefined) {
          log.info(
            { mail: { id: outboxId } },
            `mail ${outboxId} not sent: it went late and is no longer needed (the account is confirmed or gone)`,
          );
          await db
            .updateTable('mail_outbox')
            .set({ body: null, error: 'not sent: no longer needed when it went late' })
            .where('id', '=', outboxId)
            .execute();
          return;
        }
        mail = { ...mail, subject: renewed.subject, body: renewed.text };
        await db
          .updateTable('mail_outbox')
          .set({ subject: renewed.subject, body: renewed.text })
          .where('id', '=', outboxId)
          .execute();
      }
      const summary = { mail: { id: outboxId, to: mail.recipient, subject: mail.subject } };
      if (transport === undefined && !devMailbox) {
        // No SMTP server and no dev mailbox: the mail cannot go anywhere (app.ts warns at start).
        log.warn(summary, `mail to ${mail.recipient} not sent: SMTP_URL is not set`);
        await db
          .updateTable('mail_outbox')
          .set(afterSending({ error: 'not sent: SMTP_URL is not set' }))
          .where('id', '=', outboxId)
          .execute();
        return;
      }
      const file = await attach(outboxId, mail, attempt);
      const text = file === undefined ? mail.body : `${mail.body}\n\n${file.note}`;
      const attached = file?.built;
      if (transport !== undefined) {
        await transport.sendMail({
          from: options.from,
          to: mail.recipient,
          subject: mail.subject,
          text,
          ...(mail.language === null ? {} : { headers: { 'Content-Language': mail.language } }),
          attachments:
            attached === undefined
              ? []
              : [
                  {
                    filename: attached.fileName,
                    content: attached.bytes,
                    contentType: attached.contentType,
                  },
                ],
        });
        log.info(summary, `mail sent to ${mail.recipient}: ${mail.subject}`);
      } else {
        const attachedLine =
          attached === undefined
            ? ''
            : ` (attached: ${attached.fileName}, ${attached.bytes.byteLength} bytes)`;
        log.info(summary, `mail to ${mail.recipient}: ${mail.subject}${attachedLine}\n${text}`);
      }
      await db
        .updateTable('mail_outbox')
        .set({
          ...afterSending({ sent_at: clock() }),
          ...(devMailbox ? { body: text } : {}),
          ...(attached === undefined
            ? {}
            : {
                attachment_name: attached.fileName,
                // The bytes only for the dev mailbox; a college's mail keeps no copy.
                attachment_data: devMailbox ? attached.bytes : null,
              }),
        })
        .where('id', '=', outboxId)
        .execute();
    },
    async onRetry({ outboxId }, message, { jobId, attempt, runAfter }) {
      // Once per mail: an SMTP server away for a day would otherwise warn 40 times a mail.
      const line = {
        mail: { id: outboxId },
        jobId,
        attempt,
        error: message,
        retryAt: runAfter.toISOString(),
      };
      if (attempt === 1)
        log.warn(
          line,
          `mail ${outboxId} could not be sent (${message}); it will be retried for ${MAIL_RETRY_MS / 3_600_000} hours`,
        );
      else (log.debug ?? log.info)(line, `mail ${outboxId}: attempt ${attempt} failed`);
    },
    async onFailed({ outboxId }, message, _error, { jobId, attempts }) {
      const row = await db
        .selectFrom('mail_outbox')
        .select('account_id')
        .where('id', '=', outboxId)
        .executeTakeFirst();
      // The account, never the text (a code or link); the mail is kept for `mail retry`.
      log.error(
        { mail: { id: outboxId }, jobId, accountId: row?.account_id ?? null, error: message },
        `mail ${outboxId} could not be sent after ${attempts} attempts over ${MAIL_RETRY_MS / 3_600_000} hours; gave up (send it again with: npm run admin -- mail retry ${outboxId})`,
      );
      await db
        .updateTable('mail_outbox')
        .set({ error: message })
        .where('id', '=', outboxId)
        .execute();
    },
  });

  async function enqueue(trx: Kysely<Database>, mail: Mail): Promise<void> {
    const { id } = await trx
      .insertInto('mail_outbox')
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        attachment: mail.attachment?.kind ?? null,
        account_id: mail.attachment?.accountId ?? mail.renew?.accountId ?? mail.accountId ?? null,
        language: mail.language ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payload: SendMailPayload = { outboxId: id };
    if (mail.renew !== undefined)
      payload.renew = { ...mail.renew, expiresAt: mail.renew.expiresAt.toISOString() };
    // A code or link that expires goes before receipts queued earlier (migration 009).
    await queue.enqueue(SEND_MAIL_JOB, payload, {
      db: trx,
      priority: mail.renew === undefined ? 0 : URGENT_MAIL_PRIORITY,
    });
  }

  return {
    async send(mail) {
      await db.transaction().execute((trx) => enqueue(trx, mail));
      // Delivered now by an idle worker of this instance, not at its next poll.
      queue.wake();
    },
    enqueue,
    wake: () => {
      queue.wake();
    },
    renewWith(kind, renewal) {
      renewals.set(kind, renewal);
    },
    delayed: () => mailDelayed(db, clock()),
    close: () => {
      transport?.close();
    },
    async pending(accountId, kind) {
      const row = await db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', SEND_MAIL_JOB)
        .where('status', 'in', ['queued', 'running'])
        .where(sql<boolean>`payload->'renew'->>'accountId' = ${accountId}`)
        .where(sql<boolean>`payload->'renew'->>'kind' = ${kind}`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/**
 * Whether mail is failing now: the latest attempt to deliver one (of any mail, so the answer
 * is the same for every applicant) failed, not longer ago than `MAIL_DELAY_WINDOW_MS`.
 */
export async function mailDelayed(db: Db, now: Date): Promise<boolean> {
  const latest = await db
    .selectFrom('jobs')
    .select(['last_error', 'updated_at'])
    .where('kind', '=', SEND_MAIL_JOB)
    .where('attempts', '>', 0)
    .where('status', '!=', 'running')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    latest?.last_error != null && latest.updated_at.getTime() > now.getTime() - MAIL_DELAY_WINDOW_MS
  );
}

/** A mail that failed for good, as `mail retry` lists it. */
export interface FailedMail {
  id: number;
  createdAt: Date;
  accountId: string | null;
  subject: string;
  error: string;
}

/** Mail whose delivery gave up and that can be sent again (its text is kept), oldest first. */
export async function failedMail(db: Db): Promise<FailedMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .innerJoin('jobs', (join) =>
      join.on(sql<boolean>`jobs.payload->>'outboxId' = mail_outbox.id::text`),
    )
    .select([
      'mail_outbox.id',
      'mail_outbox.created_at',
      'mail_outbox.account_id',
      'mail_outbox.subject',
      'mail_outbox.error',
    ])
    .where('jobs.kind', '=', SEND_MAIL_JOB)
    .where('jobs.status', '=', 'failed')
    .where('mail_outbox.sent_at', 'is', null)
    .where('mail_outbox.body', 'is not', null)
    .orderBy('mail_outbox.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    accountId: row.account_id,
    subject: row.subject,
    error: row.error ?? '',
  }));
}

/**
 * Queues failed mail again (`ids`, or all of it): each one's job starts afresh, with its full
 * two days of retries, and is picked up by the running server's mail worker within a second.
 * Answers the ids queued; ids that are not failed mail are left out.
 */
export async function retryFailedMail(
  db: Db,
  now: Date,
  ids: readonly number[] | 'all',
): Promise<number[]> {
  const failed = (await failedMail(db)).map((mail) => mail.id);
  const chosen = ids === 'all' ? failed : failed.filter((id) => ids.includes(id));
  if (chosen.length === 0) return [];
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: 0,
        max_attempts: MAIL_MAX_ATTEMPTS,
        run_after: now,
        finished_at: null,
        locked_until: null,
        updated_at: now,
      })
      .where('kind', '=', SEND_MAIL_JOB)
      .where('status', '=', 'failed')
      .where(sql<boolean>`payload->>'outboxId' = ANY(${chosen.map((id) => String(id))}::text[])`)
      .execute();
    await trx.updateTable('mail_outbox').set({ error: null }).where('id', 'in', chosen).execute();
  });
  return chosen;
}
