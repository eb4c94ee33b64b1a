/**
 * Receipts: when an application is submitted, the applicant is mailed a receipt
 * naming the college, the reference number and the submission time, with the application's PDF
 * attached; and, when the college names one (tenant-config `admissionsNotificationEmail`), the
 * admissions office is told: the reference and the applicant's name, nothing else of the
 * application, and how staff open it. Both mails are queued in the submission's transaction
 * (services/mail.ts `enqueue`), so a submission that commits has its mail, whatever happens
 * next; the PDF is built by the mail's job when it sends the receipt.
 */
import { type TenantConfig } from '@admit/tenant-config';
import { type Kysely } from 'kysely';

import { type Db } from '../db/database.ts';
import { type Database } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { type Mail, type MailAttachmentSource, type Mailer } from './mail.ts';
import { type ApplicationPdfs } from './pdf.ts';
import { formatDate } from './pdf/meta.ts';

/** What a receipt names of one submission. */
export interface Submission {
  accountId: string;
  /** The applicant's e-mail address (the account's username). */
  username: string;
  /** First and last name as answered (may be empty). */
  name: string;
  reference: string;
  submittedAt: Date;
}

interface ReceiptTexts {
  tenant: TenantConfig;
  publicOrigin: string;
}

/** The applicant's receipt; its job attaches the application PDF. */
export function receiptMail({ tenant, publicOrigin }: ReceiptTexts, submission: Submission): Mail {
  const college = tenant.names.college;
  const greeting = submission.name === '' ? 'Hello,' : `Dear ${submission.name},`;
  return {
    to: submission.username,
    subject: `Your application to ${college} was received: reference ${submission.reference}`,
    text: [
      greeting,
      `Thank you for applying to ${college}. We received your application on ${formatDate(submission.submittedAt, tenant.timeZone)}.`,
      `Your reference number is ${submission.reference}. Please quote it whenever you contact the Admissions Office.`,
      `You can download a copy of your application at any time: log in at ${publicOrigin}/ and choose "Download a PDF copy of your application".`,
      `Admissions Office, ${college}\n${tenant.contact.email} · ${tenant.contact.phone}`,
    ].join('\n\n'),
    attachment: { kind: 'application-pdf', accountId: submission.accountId },
  };
}

/**
 * The admissions office's notice: the reference and the name only. The rest of the application
 * stays in the database; staff open it with the staff CLI, which shows the reference.
 */
export function admissionsNotice(
  { tenant, publicOrigin }: ReceiptTexts,
  to: string,
  submission: Submission,
): Mail {
  const applicant = submission.name === '' ? 'An applicant (no name given)' : submission.name;
  return {
    to,
    subject: `New application submitted: ${submission.reference}`,
    text: [
      `${applicant} submitted an application to ${tenant.names.college} on ${formatDate(submission.submittedAt, tenant.timeZone)}.`,
      `Reference number: ${submission.reference}`,
      'This e-mail holds nothing else of the application. To read it, run the staff CLI on the admissions server: `npm run admin -- list --status submitted` shows each application with its reference, and `npm run admin -- export DIR` writes every submitted application (applications.csv has a reference column) with its PDF.',
      `Sent by the ${tenant.names.college} application at ${publicOrigin}.`,
    ].join('\n\n'),
  };
}

export function createReceipts(deps: {
  tenant: TenantConfig;
  publicOrigin: string;
  mailer: Mailer;
}) {
  const { tenant, mailer } = deps;
  return {
    /** Queues the receipt (and the admissions notice) in the submission's transaction. */
    async queue(trx: Kysely<Database>, submission: Submission): Promise<void> {
      await mailer.enqueue(trx, receiptMail(deps, submission));
      const office = tenant.admissionsNotificationEmail;
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
  pdfs: ApplicationPdfs;
  publicOrigin: string;
}): MailAttachmentSource {
  return {
    async build(accountId) {
      const row = await deps.db
        .selectFrom('accounts')
        .innerJoin('applications', 'applications.account_id', 'accounts.id')
        .select(['accounts.username', 'applications.submitted_at'])
        .where('accounts.id', '=', accountId)
        .executeTakeFirst();
      if (row === undefined) throw new Error('the account no longer exists');
      if (row.submitted_at === null) throw new Error('the application is not submitted');
      const pdf = await deps.pdfs.download(accountId, row.username).catch((error: unknown) => {
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
    attachedNote: (fileName) => `Attached: your application as a PDF (${fileName}).`,
    missingNote: `We could not attach a PDF copy of your application to this e-mail. Your application is submitted all the same; to download the copy, log in at ${deps.publicOrigin}/.`,
  };
}
