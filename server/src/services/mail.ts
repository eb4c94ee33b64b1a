/**
 * Mail goes through an outbox table. With SMTP_URL it is sent by nodemailer; otherwise it is
 * printed to the log and readable at GET /dev/mail (not in production).
 */
import nodemailer from 'nodemailer';

import { type Db } from '../db/database.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the mail in the outbox and delivers it. Never throws for a delivery failure. */
  send: (mail: Mail) => Promise<void>;
}

interface Logger {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export function createMailer(
  db: Db,
  options: { smtpUrl: string | undefined; from: string; log: Logger },
): Mailer {
  const transport =
    options.smtpUrl === undefined ? undefined : nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      const { id } = await db
        .insertInto('mail_outbox')
        .values({ recipient: mail.to, subject: mail.subject, body: mail.text })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (transport === undefined) {
        options.log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `mail to ${mail.to}: ${mail.subject}\n${mail.text}`,
        );
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: new Date() })
          .where('id', '=', id)
          .execute();
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: new Date() })
          .where('id', '=', id)
          .execute();
      } catch (error) {
        options.log.error(
          { err: error, outboxId: id },
          `mail to ${mail.to} could not be sent; it stays in the outbox`,
        );
        await db
          .updateTable('mail_outbox')
          .set({ error: String(error) })
          .where('id', '=', id)
          .execute();
      }
    },
  };
}
