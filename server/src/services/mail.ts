/**
 * Mail goes through the `mail_outbox` table and the job queue: `send` records the mail and
 * queues a `send-mail` job in one transaction, and returns; the job delivers it (SMTP_URL with
 * nodemailer, else the log), retried with backoff when the SMTP server fails. Codes and reset
 * links are secrets: once a mail is sent (or has failed for good) its text is removed, unless
 * the dev mailbox is on (GET /dev/mail shows it; config.ts says when). The log never shows a
 * mail's text, except in dev-mailbox mode, where reading the code there is the point.
 */
import { type Kysely } from 'kysely';
import nodemailer from 'nodemailer';

import { type Db } from '../db/database.ts';
import { type Database, type MailAttachmentKind } from '../db/schema.ts';
import { type Jobs } from './jobs.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Built by the mail's job when it sends the mail (see `MailAttachmentSource`). */
  attachment?: { kind: MailAttachmentKind; accountId: string };
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
}

/** A file a mail's job attaches, built when the mail is sent (services/receipts.ts). */
export interface MailAttachmentSource {
  /** The file; a throw is retried (`ATTACHMENT_ATTEMPTS`), then the mail goes without it. */
  build: (accountId: string) => Promise<{ fileName: string; contentType: string; bytes: Buffer }>;
  /** Appended to the text when the file is attached. */
  attachedNote: (fileName: string) => string;
  /** Appended to the text when the mail goes without the file. */
  missingNote: string;
}

/**
 * Attempts at building an attachment before the mail goes without it: the queue waits 5 s,
 * 10 s, 20 s between them, so a receipt is at most about 35 s late for a PDF that cannot be made.
 */
export const ATTACHMENT_ATTEMPTS = 4;

interface Logger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export const SEND_MAIL_JOB = 'send-mail';
/**
 * Delivery attempts: the queue waits 5 s, 10 s, 20 s … between them (services/jobs.ts), so
 * eight attempts ride out an SMTP server that is away for about ten minutes.
 */
export const MAIL_MAX_ATTEMPTS = 8;
/** One delivery attempt may take this long (connecting, greeting, sending). */
export const MAIL_TIMEOUT_MS = 60_000;
/** Outbox rows (who was mailed what subject, when, any error) are kept this long, then pruned. */
export const KEEP_MAIL_MS = 7 * 24 * 60 * 60 * 1000;

/** nodemailer's timeouts, kept within one attempt so a hung server fails the attempt. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

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
}

/** Removes the text of sent or failed mail (nothing secret is kept) and outbox rows past their time. */
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
      .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('error', 'is not', null)]))
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
  const transport =
    options.smtpUrl === undefined
      ? undefined
      : nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });

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
    mail: { recipient: string; attachment: MailAttachmentKind | null; account_id: string | null },
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
      return { note: source.attachedNote(built.fileName), built };
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
      return { note: source.missingNote };
    }
  }

  queue.define<SendMailPayload>(SEND_MAIL_JOB, {
    timeoutMs: MAIL_TIMEOUT_MS,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    async run({ outboxId }, { attempt }) {
      const mail = await db
        .selectFrom('mail_outbox')
        .select(['recipient', 'subject', 'body', 'sent_at', 'attachment', 'account_id'])
        .where('id', '=', outboxId)
        .executeTakeFirst();
      // Pruned, or sent by an attempt whose outcome was not recorded: nothing to do.
      if (mail?.body == null || mail.sent_at !== null) return;
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
          ...afterSending({ sent_at: new Date() }),
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
    async onFailed({ outboxId }, message) {
      log.error(
        { mail: { id: outboxId }, error: message },
        `mail ${outboxId} could not be sent after ${MAIL_MAX_ATTEMPTS} attempts`,
      );
      await db
        .updateTable('mail_outbox')
        .set(afterSending({ error: message }))
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
        account_id: mail.attachment?.accountId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queue.enqueue(SEND_MAIL_JOB, { outboxId: id } satisfies SendMailPayload, { db: trx });
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
  };
}
