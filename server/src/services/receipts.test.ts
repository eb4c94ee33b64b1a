import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type AppDeps } from '../app.ts';
import { COMPLETE_APPLICATION as COMPLETE } from '@admit/tenant-config/fixtures';
import {
  createTestContext,
  json,
  loggedApp,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../test/context.ts';
import { pdfText } from '../test/pdfText.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { ATTACHMENT_ATTEMPTS, mailBackoff, SEND_MAIL_JOB } from './mail.ts';
import { printedDate } from './pdf/chrome.ts';

/** A date as the English receipt and PDF print it. */
const formatDate = (date: Date, timeZone: string) => printedDate('en', date, timeZone);

const run = promisify(execFile);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  // Each test starts with an empty queue: no test delivers another's mail.
  await ctx.db.deleteFrom('jobs').execute();
});

/** The test's app (dev mailbox on, as in every test context), another tenant or PDF source, with its log. */
async function appWith(deps: Partial<AppDeps> = {}) {
  const { app, lines } = await loggedApp(ctx, deps);
  apps.push(app);
  return { app, log: () => lines.join('') };
}

let applicants = 0;
/** A signed-in applicant whose complete application is saved, not yet submitted. */
async function readyToSubmit(app: FastifyInstance, answers: Record<string, unknown> = COMPLETE) {
  applicants += 1;
  const username = `receipt-${applicants}@example.com`;
  const cookie = await signedIn(app, username);
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/answer',
    headers: { cookie, origin: ORIGIN },
    payload: answers,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The confirmation code's mail goes first: the queue then holds only what submit queues.
  await app.mailQueue.runUntilIdle();
  return { username, cookie };
}

function submit(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'POST', url: '/api/submit', headers: { cookie, origin: ORIGIN } });
}

interface DevMail {
  id: number;
  subject: string;
  text: string;
  sent_at: string | null;
  attachments: { file_name: string; content_type: string; size: number; url: string }[];
}

async function mailTo(app: FastifyInstance, to: string): Promise<DevMail[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mail?to=${encodeURIComponent(to)}`,
  });
  return json<DevMail[]>(response);
}

const outboxFor = (recipient: string) =>
  ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'attachment', 'sent_at', 'attachment_name'])
    .where('recipient', '=', recipient)
    .where('subject', 'like', 'Your application to %')
    .execute();

describe('the reference number', () => {
  it('is given once: two submits at the same time answer the same one, stored once, with one receipt', async () => {
    const { app } = await appWith();
    const { username, cookie } = await readyToSubmit(app);
    const [first, second] = await Promise.all([submit(app, cookie), submit(app, cookie)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const reference = json<{ reference_number: string }>(first).reference_number;
    expect(reference).toMatch(/^GAL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(json<{ reference_number: string }>(second).reference_number).toBe(reference);
    const stored = await ctx.db
      .selectFrom('applications')
      .innerJoin('accounts', 'accounts.id', 'applications.account_id')
      .select(['reference', 'submitted_at'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(stored.reference).toBe(reference);
    // One receipt, queued with the submission, whatever the number of submits.
    expect(await outboxFor(username)).toEqual([
      expect.objectContaining({ attachment: 'application-pdf', sent_at: null }),
    ]);
    // GET /api/receipt says the same, and a third submit too.
    const receipt = await app.inject({ method: 'GET', url: '/api/receipt', headers: { cookie } });
    expect(json(receipt)).toEqual({
      reference_number: reference,
      submitted_at: stored.submitted_at?.toISOString(),
    });
    expect(json(await submit(app, cookie)).reference_number).toBe(reference);
  });

  it('is not given before submission: GET /api/receipt answers 404 with a sentence', async () => {
    const { app } = await appWith();
    const { cookie } = await readyToSubmit(app);
    const response = await app.inject({ method: 'GET', url: '/api/receipt', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe(
      'Your application has not been submitted yet, so it has no reference number.',
    );
  });

  it('is unique: the database refuses a second application with the same one', async () => {
    const { app } = await appWith();
    const one = await readyToSubmit(app);
    const two = await readyToSubmit(app);
    const reference = json(await submit(app, one.cookie)).reference_number as string;
    await submit(app, two.cookie);
    await expect(
      ctx.db
        .updateTable('applications')
        .set({ reference })
        .where('reference', '!=', reference)
        .where('reference', 'is not', null)
        .execute(),
    ).rejects.toThrow(/applications_reference/);
  });
});

describe('the receipt', () => {
  it('is mailed to the applicant with the college, reference, submission time and the submitted PDF attached', async () => {
    const { app } = await appWith();
    const { username, cookie } = await readyToSubmit(app);
    const response = await submit(app, cookie);
    const reference = json<{ reference_number: string }>(response).reference_number;
    const { submitted_at } = json<{ submitted_at: string }>(
      await app.inject({ method: 'GET', url: '/api/receipt', headers: { cookie } }),
    );
    await app.mailQueue.runUntilIdle();

    const [mail] = await mailTo(app, username);
    if (mail === undefined) throw new Error('no receipt');
    expect(mail.subject).toBe(
      `Your application to Gallatin College was received: reference ${reference}`,
    );
    expect(mail.text).toContain('Dear Ada Lovelace,');
    expect(mail.text).toContain(
      `Thank you for applying to Gallatin College. We received your application on ${formatDate(new Date(submitted_at), 'America/Denver')}.`,
    );
    // In the college's time zone (tenant-config timeZone), not the server's UTC.
    expect(mail.text).toMatch(/ at \d{1,2}:\d\d [AP]M M[SD]T\./);
    expect(mail.text).toContain(`Your reference number is ${reference}.`);
    expect(mail.text).toContain(
      'Attached: your application as a PDF (Gallatin-Application-Lovelace-Ada.pdf).',
    );
    expect(mail.sent_at).not.toBeNull();
    expect(mail.attachments).toEqual([
      {
        file_name: 'Gallatin-Application-Lovelace-Ada.pdf',
        content_type: 'application/pdf',
        size: expect.any(Number) as number,
        url: `/dev/mail/${mail.id}/attachment`,
      },
    ]);

    const file = await app.inject({ method: 'GET', url: mail.attachments[0]?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await pdfText(file.rawPayload);
    // The submitted application, never the draft, and it names the reference.
    expect(text).toContain(reference);
    expect(text).toContain('Submitted');
    expect(text).not.toContain('DRAFT');
    // Its dates as the mail gives them: in the college's time zone.
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Submitted ${formatDate(new Date(submitted_at), 'America/Denver')}`,
    );
  });

  it("attaches a PDF that gives back the applicant's name in any script exactly, tagged, with a title and a language", async () => {
    const { app } = await appWith();
    const { username, cookie } = await readyToSubmit(app, {
      ...COMPLETE,
      first_name: '민준',
      last_name: 'Шевченко',
    });
    await submit(app, cookie);
    await app.mailQueue.runUntilIdle();
    const [mail] = await mailTo(app, username);
    const file = await app.inject({ method: 'GET', url: mail?.attachments[0]?.url ?? '' });
    expect(file.statusCode).toBe(200);
    const folder = await mkdtemp(join(tmpdir(), 'admit-receipt-pdf-'));
    try {
      const path = join(folder, 'receipt.pdf');
      await writeFile(path, file.rawPayload);
      const [info, text] = await Promise.all([
        run('pdfinfo', [path]),
        run('pdftotext', ['-enc', 'UTF-8', path, '-']),
      ]);
      const lines = text.stdout.split('\n').map((line) => line.trim());
      // The title block and the footer, exactly as typed.
      expect(lines).toContain('민준 Шевченко');
      expect(lines).toContain('Gallatin College | Application for Admission | 민준 Шевченко');
      expect(info.stdout).toMatch(/^Tagged:\s+yes$/m);
      expect(info.stdout).toContain(
        'Title:           Gallatin College: Application for Admission, 민준 Шевченко',
      );
      const loaded = await PDFDocument.load(file.rawPayload, { updateMetadata: false });
      expect(loaded.catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en)');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('goes over SMTP with the PDF as a MIME attachment, and the outbox keeps neither text nor file', async () => {
    const smtp = await startSmtpServer();
    try {
      // Signed up where the dev mailbox reads the code; submitted where mail goes by SMTP.
      const { username, cookie } = await readyToSubmit(ctx.app);
      const { app } = await appWith({
        config: {
          ...ctx.config,
          smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
          devMailbox: false,
        },
      });
      const reference = json(await submit(app, cookie)).reference_number as string;
      await app.mailQueue.runUntilIdle();
      const sent = smtp.received.find((mail) => mail.to.includes(username));
      if (sent === undefined) throw new Error('no receipt reached the SMTP server');
      expect(sent.data).toContain(`Your reference number is ${reference}.`);
      expect(sent.data).toMatch(
        /Content-Type: application\/pdf;\s+name=Gallatin-Application-Lovelace-Ada\.pdf/,
      );
      expect(sent.data).toMatch(
        /Content-Disposition: attachment;\s+filename=Gallatin-Application-Lovelace-Ada\.pdf/,
      );
      const base64 =
        /filename=Gallatin-Application-Lovelace-Ada\.pdf\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
          sent.data,
        )?.[1];
      const bytes = Buffer.from(base64 ?? '', 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await pdfText(bytes)).text).toContain(reference);
      const [row] = await ctx.db
        .selectFrom('mail_outbox')
        .select(['body', 'attachment_name', 'attachment_data'])
        .where('recipient', '=', username)
        .where('subject', 'like', 'Your application to %')
        .execute();
      expect(row).toEqual({
        body: null,
        attachment_name: 'Gallatin-Application-Lovelace-Ada.pdf',
        attachment_data: null,
      });
    } finally {
      await smtp.close();
    }
  });

  it('goes only to the applicant when the college names no admissions address', async () => {
    const { app } = await appWith();
    expect(ctx.tenant.admissionsNotificationEmail).toBeUndefined();
    const { username, cookie } = await readyToSubmit(app);
    const before = await ctx.db.selectFrom('mail_outbox').select('id').execute();
    await submit(app, cookie);
    const after = await ctx.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where(
        'id',
        'not in',
        before.map((row) => row.id),
      )
      .execute();
    expect(after).toEqual([{ recipient: username }]);
  });

  it("tells the college's admissions address, when set: the reference and name, nothing else of the application", async () => {
    const office = 'admissions-staff@gallatin.example.edu';
    const { app } = await appWith({
      tenant: { ...ctx.tenant, admissionsNotificationEmail: office },
    });
    const { username, cookie } = await readyToSubmit(app);
    const reference = json(await submit(app, cookie)).reference_number as string;
    await app.mailQueue.runUntilIdle();
    const [notice, ...more] = await mailTo(app, office);
    expect(more).toEqual([]);
    if (notice === undefined) throw new Error('no notice to the admissions office');
    expect(notice.subject).toBe(`New application submitted: ${reference}`);
    expect(notice.text).toContain('Ada Lovelace submitted an application to Gallatin College on');
    expect(notice.text).toContain(`Reference number: ${reference}`);
    expect(notice.text).toContain('npm run admin -- list --status submitted');
    // Nothing of the application but the name: no address, no birth date, not even the e-mail.
    for (const secret of [username, '101 Main St', '2008', '(406) 555-0123', 'Bozeman High'])
      expect(notice.text).not.toContain(secret);
    expect(notice.attachments).toEqual([]);
  });

  it('is retried, with a clear log line, while the PDF cannot be built, and then sent with it', async () => {
    let failures = 1;
    const { app, log } = await appWith({
      pdfDocuments: {
        completedFor: () => {
          if (failures > 0) {
            failures -= 1;
            return Promise.reject(new Error('the document store is unreachable'));
          }
          return Promise.resolve([]);
        },
      },
    });
    const { username, cookie } = await readyToSubmit(app);
    await submit(app, cookie);
    expect(await app.mailQueue.runOnce()).toBe(true);
    expect(log()).toContain(
      `to ${username}: its application-pdf attachment could not be built (attempt 1 of ${ATTACHMENT_ATTEMPTS}): the PDF could not be rendered (see \\"application PDF failed\\"); trying again`,
    );
    expect(log()).toContain('the document store is unreachable');
    expect((await mailTo(app, username))[0]?.sent_at).toBeNull();
    const [job] = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', SEND_MAIL_JOB)
      .where('status', '!=', 'done')
      .execute();
    expect(job).toEqual({ status: 'queued', attempts: 1 });

    ctx.advance(mailBackoff(1));
    expect(await app.mailQueue.runOnce()).toBe(true);
    const [mail] = await mailTo(app, username);
    expect(mail?.sent_at).not.toBeNull();
    expect(mail?.attachments).toHaveLength(1);
  });

  it(`goes without the PDF, saying so, after ${ATTACHMENT_ATTEMPTS} failed builds: the applicant still gets the receipt`, async () => {
    const { app, log } = await appWith({
      pdfDocuments: {
        completedFor: () => Promise.reject(new Error('the document store is unreachable')),
      },
    });
    const { username, cookie } = await readyToSubmit(app);
    const reference = json(await submit(app, cookie)).reference_number as string;
    for (let attempt = 1; attempt <= ATTACHMENT_ATTEMPTS; attempt += 1) {
      expect(await app.mailQueue.runOnce()).toBe(true);
      ctx.advance(mailBackoff(attempt));
    }
    expect(log()).toContain(
      `(attempt ${ATTACHMENT_ATTEMPTS} of ${ATTACHMENT_ATTEMPTS}): the PDF could not be rendered (see \\"application PDF failed\\"); sending the mail without it`,
    );
    const [mail] = await mailTo(app, username);
    expect(mail?.sent_at).not.toBeNull();
    expect(mail?.attachments).toEqual([]);
    expect(mail?.text).toContain(`Your reference number is ${reference}.`);
    expect(mail?.text).toContain(
      'We could not attach a PDF copy of your application to this e-mail. Your application is submitted all the same; to download the copy, log in at http://127.0.0.1:3000/.',
    );
    expect(await outboxFor(username)).toEqual([
      expect.objectContaining({ attachment_name: null, sent_at: expect.any(Date) as Date }),
    ]);
  });
});
