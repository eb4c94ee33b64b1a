/**
 * Receipts: when an application is submitted, the applicant is mailed a receipt
 * naming the college, the reference number and the submission time, with the application's PDF
 * attached; and, when the college names one (tenant-config `admissionsNotificationEmail`), the
 * admissions office is told: the reference and the applicant's name, nothing else of the
 * application, and how staff open it. Both mails are queued in the submission's transaction
 * (services/mail.ts `enqueue`), so a submission that commits has its mail, whatever happens
 * next; the PDF is built by the mail's job when it sends the receipt.
 */
import { type Kysely } from 'kysely';

import { type Db } from '../db/database.ts';
import { type Database } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { type Mail, type MailAttachmentSource, type Mailer } from './mail.ts';
import { type ApplicationPdfs } from './pdf.ts';
import { type CollegeLanguages } from './college.ts';
import { printedDate } from './pdf/chrome.ts';
import { format, text } from './texts.ts';

/** What a receipt names of one submission. */
export interface Submission {
  accountId: string;
  /** The applicant's e-mail address (the account's username). */
  username: string;
  /** First and last name as answered (may be empty). */
  name: string;
  reference: string;
  submittedAt: Date;
  /** The account's language (migration 011); null: the college's first. */
  language: string | null;
}

interface ReceiptTexts {
  /** The college in a language (its texts localized), and the languages it is offered in. */
  college: CollegeLanguages;
  publicOrigin: string;
}

/** A date and time as the receipt and the PDF print them, in `language` and the college's zone. */
export function formatDateIn(language: string, date: Date, timeZone = 'UTC'): string {
  return printedDate(language, date, timeZone);
}

/** The applicant's receipt, in their language; its job attaches the application PDF. */
export function receiptMail({ college, publicOrigin }: ReceiptTexts, submission: Submission): Mail {
  const language = college.forAccount(submission.language);
  const tenant = college.in(language);
  const say = (id: string, values?: Record<string, string>) =>
    format(language, text(`server.mail.receipt.${id}`, values));
  const values = {
    college: tenant.names.college,
    reference: submission.reference,
    date: formatDateIn(language, submission.submittedAt, tenant.timeZone),
    origin: publicOrigin,
    name: submission.name,
    email: tenant.contact.email,
    phone: tenant.contact.phone,
  };
  return {
    to: submission.username,
    language,
    subject: say('subject', values),
    text: [
      submission.name === '' ? say('hello') : say('dear', values),
      say('thanks', values),
      say('reference', values),
      say('download', values),
      say('signature', values),
    ].join('\n\n'),
    attachment: { kind: 'application-pdf', accountId: submission.accountId },
  };
}

/**
 * The admissions office's notice: the reference and the name only, in the college's first
 * language (staff's). The rest of the application stays in the database; staff open it with
 * the staff CLI, which shows the reference.
 */
export function admissionsNotice(
  { college, publicOrigin }: ReceiptTexts,
  to: string,
  submission: Submission,
): Mail {
  const language = college.languages.fallback;
  const tenant = college.in(language);
  const say = (id: string, values?: Record<string, string>) =>
    format(language, text(`server.mail.notice.${id}`, values));
  const values = {
    college: tenant.names.college,
    reference: submission.reference,
    date: formatDateIn(language, submission.submittedAt, tenant.timeZone),
    origin: publicOrigin,
    name: submission.name,
  };
  return {
    to,
    language,
    subject: say('subject', values),
    text: [
      submission.name === '' ? say('submittedNoName', values) : say('submitted', values),
      say('reference', values),
      say('howToRead'),
      say('sentBy', values),
    ].join('\n\n'),
  };
}

export function createReceipts(deps: {
  college: CollegeLanguages;
  publicOrigin: string;
  mailer: Mailer;
}) {
  const { college, mailer } = deps;
  return {
    /** Queues the receipt (and the admissions notice) in the submission's transaction. */
    async queue(trx: Kysely<Database>, submission: Submission): Promise<void> {
      await mailer.enqueue(trx, receiptMail(deps, submission));
      const office = college.in(college.languages.fallback).admissionsNotificationEmail;
      if (office !== undefined)
        await mailer.enqueue(trx, admissionsNotice(deps, office, submission));
    },
    /** After the commit: the mail goes now, not at the worker's next poll. */
    wake: () => {
      mailer.wake();
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;

/**
 * The receipt's attachment: the submitted application's PDF, as the applicant downloads it
 * (services/pdf.ts, so never the draft: the application is submitted by then).
 */
export function applicationPdfAttachment(deps: {
  db: Db;
  college: CollegeLanguages;
  pdfs: ApplicationPdfs;
  publicOrigin: string;
}): MailAttachmentSource {
  return {
    async build(accountId) {
      const row = await deps.db
        .selectFrom('accounts')
        .innerJoin('applications', 'applications.account_id', 'accounts.id')
        .select(['accounts.username', 'accounts.language', 'applications.submitted_at'])
        .where('accounts.id', '=', accountId)
        .executeTakeFirst();
      if (row === undefined) throw new Error('the account no longer exists');
      if (row.submitted_at === null) throw new Error('the application is not submitted');
      const pdf = await deps.pdfs
        // The applicant's copy, in their language.
        .download(accountId, row.username, deps.college.forAccount(row.language))
        .catch((error: unknown) => {
          // The PDF service's reasons: documents still converting (409), a render that failed
          // (500, its cause logged as "application PDF failed").
          if (error instanceof HttpError && error.statusCode === 409)
            throw new Error('documents are still being converted', { cause: error });
          if (error instanceof HttpError && error.statusCode === 500)
            throw new Error('the PDF could not be rendered (see "application PDF failed")', {
              cause: error,
            });
          throw error;
        });
      const { bytes, fileName } = pdf;
      return { fileName: fileName.unicode, contentType: 'application/pdf', bytes };
    },
    attachedNote: (fileName, language) =>
      format(deps.college.forAccount(language), text('server.mail.receipt.attached', { fileName })),
    missingNote: (language) =>
      format(
        deps.college.forAccount(language),
        text('server.mail.receipt.notAttached', { origin: deps.publicOrigin }),
      ),
  };
}
