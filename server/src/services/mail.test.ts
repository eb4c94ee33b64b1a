import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { type Config } from '../config.ts';
import { createTestContext, GOOD_PASSWORD, loggedApp, type TestContext } from '../test/context.ts';
import { freePort, startSmtpServer } from '../test/smtp.ts';
import { createHousekeeping } from './housekeeping.ts';
import {
  KEEP_MAIL_MS,
  MAIL_CONCURRENCY,
  MAIL_MAX_ATTEMPTS,
  mailBackoff,
  SEND_MAIL_JOB,
} from './mail.ts';

const PUBLIC_ORIGIN = 'https://apply.example.edu';

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
  // Each test starts with an empty queue and outbox.
  await ctx.db.deleteFrom('jobs').execute();
  await ctx.db.deleteFrom('mail_outbox').execute();
});

/** The app as a college runs it (https origin: no dev mailbox unless asked), with its log lines. */
async function appWith(config: Partial<Config>) {
  const { app, lines } = await loggedApp(ctx, {
    config: {
      ...ctx.config,
      publicOrigin: PUBLIC_ORIGIN,
      smtpUrl: undefined,
      devMailbox: false,
      ...config,
    },
  });
  apps.push(app);
  return { app, log: () => lines.join('') };
}

let signups = 0;
async function signUp(app: FastifyInstance, username: string, origin = PUBLIC_ORIGIN) {
  signups += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/public/signup',
    payload: { username, password: GOOD_PASSWORD },
    headers: { origin },
    remoteAddress: `10.7.0.${signups}`,
  });
  expect(response.statusCode).toBe(200);
}

const outbox = () =>
  ctx.db.selectFrom('mail_outbox').select(['body', 'sent_at', 'error']).execute();
const mailJobs = () =>
  ctx.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'run_after', 'last_error'])
    .where('kind', '=', SEND_MAIL_JOB)
    .execute();

describe('mail goes through the job queue', () => {
  it('is queued by the request, retried with backoff while the SMTP server is away, then sent, and its text removed (regression: sent inside the request, never retried, kept forever)', async () => {
    const port = await freePort();
    const { app, log } = await appWith({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await signUp(app, 'queued@example.com');
    // The request only recorded the mail and queued its job.
    expect(await mailJobs()).toEqual([expect.objectContaining({ status: 'queued', attempts: 0 })]);
    const [queued] = await outbox();
    expect(queued).toMatchObject({ sent_at: null, error: null });
    expect(queued?.body).toContain('Your confirmation code is');

    // Nothing listens: the attempt fails and the job waits for its backoff.
    expect(await app.mailQueue.runOnce()).toBe(true);
    const [waiting] = await mailJobs();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.last_error).toMatch(/ECONNREFUSED/);
    expect(waiting?.run_after.getTime()).toBeGreaterThan(ctx.now().getTime());

    const smtp = await startSmtpServer(port);
    try {
      expect(await app.mailQueue.runOnce()).toBe(false);
      ctx.advance(mailBackoff(1));
      expect(await app.mailQueue.runOnce()).toBe(true);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['queued@example.com']);
      const code = /Your confirmation code is (\d{6})\./.exec(smtp.received[0]?.data ?? '')?.[1];
      expect(code).toBeDefined();
      expect(await mailJobs()).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
      // Sent: the code is no longer kept, and was never logged.
      const [sent] = await outbox();
      expect(sent).toMatchObject({ body: null, error: null });
      expect(sent?.sent_at).toBeInstanceOf(Date);
      expect(log()).toContain('mail sent to queued@example.com');
      expect(log()).not.toContain(code);
    } finally {
      await smtp.close();
    }
  });

  it('sends a confirmation code before receipts queued earlier (regression: a code waited behind a burst of receipts)', async () => {
    const smtp = await startSmtpServer(0);
    try {
      const { app } = await appWith({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
      // Two mails queued as a receipt is (no expiring code: priority 0), before the sign-up.
      for (const recipient of ['receipt-1@example.com', 'receipt-2@example.com']) {
        const { id } = await ctx.db
          .insertInto('mail_outbox')
          .values({ recipient, subject: 'Your application', body: 'Thank you for applying.' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await app.mailQueue.enqueue(SEND_MAIL_JOB, { outboxId: id });
      }
      await signUp(app, 'code-first@example.com');
      while (await app.mailQueue.runOnce());
      expect(smtp.received.map((mail) => mail.to[0])).toEqual([
        'code-first@example.com',
        'receipt-1@example.com',
        'receipt-2@example.com',
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('keeps no text and logs none without SMTP_URL and without the dev mailbox (regression: the console mailer logged every code)', async () => {
    const { app, log } = await appWith({});
    await signUp(app, 'nowhere@example.com');
    await app.mailQueue.runUntilIdle();
    expect(await outbox()).toEqual([
      { body: null, sent_at: null, error: 'not sent: SMTP_URL is not set' },
    ]);
    expect(log()).toContain('SMTP_URL is not set');
    expect(log()).not.toContain('confirmation code is');
  });

  it('with the dev mailbox on, keeps the text for GET /dev/mail and logs it (reading the code there is the point)', async () => {
    const { app, log } = await appWith({
      publicOrigin: 'http://127.0.0.1:3000',
      devMailbox: true,
    });
    await signUp(app, 'dev@example.com', 'http://127.0.0.1:3000');
    await app.mailQueue.runUntilIdle();
    const [mail] = await outbox();
    expect(mail?.sent_at).toBeInstanceOf(Date);
    expect(mail?.error).toBeNull();
    const code = /Your confirmation code is (\d{6})\./.exec(mail?.body ?? '')?.[1] ?? 'none';
    const shown = await app.inject({ method: 'GET', url: '/dev/mail?to=dev@example.com' });
    expect(shown.json<{ text: string }[]>()[0]?.text).toContain(code);
    expect(log()).toContain(code);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts: the job fails, the error and the text are kept for \`mail retry\``, async () => {
    const port = await freePort();
    const { app, log } = await appWith({ smtpUrl: `smtp://127.0.0.1:${port}` });
    await signUp(app, 'unlucky@example.com');
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await app.mailQueue.runOnce()).toBe(true);
      ctx.advance(mailBackoff(attempt));
    }
    expect(await app.mailQueue.runOnce()).toBe(false);
    expect(await mailJobs()).toEqual([
      expect.objectContaining({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS }),
    ]);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ sent_at: null });
    expect(mail?.body).toContain('Your confirmation code is');
    expect(mail?.error).toMatch(/ECONNREFUSED/);
    expect(log()).toContain(`could not be sent after ${MAIL_MAX_ATTEMPTS} attempts`);
  });
});

describe('a burst of mail (receipts at a deadline)', () => {
  it(`sends ${MAIL_CONCURRENCY} mails at a time over pooled SMTP connections, and closes them when the server closes (regression: one mail at a time, a new connection each)`, async () => {
    // The SMTP server answers no mail until MAIL_CONCURRENCY wait for their answer at once:
    // a worker that sends one at a time would wait for ever on the first (vi.waitFor ends it).
    const smtp = await startSmtpServer(0, { holdUntil: MAIL_CONCURRENCY });
    try {
      const { app } = await appWith({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
      const usernames = Array.from(
        { length: MAIL_CONCURRENCY * 3 },
        (_, index) => `burst-${index}@example.com`,
      );
      for (const username of usernames) await signUp(app, username);
      app.mailQueue.start();
      await vi.waitFor(
        () => {
          expect(smtp.received).toHaveLength(usernames.length);
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(smtp.mostHeld()).toBe(MAIL_CONCURRENCY);
      expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...usernames].sort());
      // Each job records its outcome after the SMTP server's answer.
      await vi.waitFor(
        async () => {
          const jobs = await mailJobs();
          expect(jobs.map(({ status, attempts }) => ({ status, attempts }))).toEqual(
            usernames.map(() => ({ status: 'done', attempts: 1 })),
          );
        },
        { timeout: 20_000, interval: 100 },
      );
      // Pooled: the connections carried several mails each, never more of them than mails at a time.
      expect(smtp.connections().accepted).toBeLessThanOrEqual(MAIL_CONCURRENCY);
      expect(smtp.connections().open).toBeGreaterThan(0);

      await app.close();
      apps.splice(apps.indexOf(app), 1);
      // A stopped server leaves no connection open at the college's SMTP server.
      await vi.waitFor(
        () => {
          expect(smtp.connections().open).toBe(0);
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await smtp.close();
    }
    // Twelve sign-ups (argon2) and three waits of at most 20 s each, on a slow shared machine.
  }, 90_000);
});

describe('outbox housekeeping', () => {
  it('removes mail older than a week, and any text left of sent mail when the dev mailbox is off (regression: the outbox grew forever)', async () => {
    const now = ctx.now();
    const old = new Date(now.getTime() - KEEP_MAIL_MS - 60_000);
    await ctx.db
      .insertInto('mail_outbox')
      .values([
        {
          recipient: 'a@example.com',
          subject: 'old',
          body: 'code 111111',
          created_at: old,
          sent_at: old,
        },
        {
          recipient: 'b@example.com',
          subject: 'sent',
          body: 'code 222222',
          created_at: now,
          sent_at: now,
        },
        { recipient: 'c@example.com', subject: 'queued', body: 'code 333333', created_at: now },
      ])
      .execute();

    const removed = await createHousekeeping({ db: ctx.db, clock: ctx.now })();

    expect(removed.mail).toBe(1);
    const rows = await ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body'])
      .orderBy('subject')
      .execute();
    // The queued mail keeps its text until its job sends it.
    expect(rows).toEqual([
      { subject: 'queued', body: 'code 333333' },
      { subject: 'sent', body: null },
    ]);
  });
});
