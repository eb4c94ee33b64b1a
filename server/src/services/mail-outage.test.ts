/**
 * Mail while the college's SMTP server is down, on fake time: a real SMTP client (nodemailer)
 * against a port where nothing listens, then against a real SMTP server on that port. Nothing
 * acknowledged is lost: the code mail the sign-up announced arrives, once, and works.
 */
import { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { runCli } from '../cli/run.ts';
import { createTestContext, GOOD_PASSWORD, loggedApp, type TestContext } from '../test/context.ts';
import { freePort, type SmtpServer, startSmtpServer } from '../test/smtp.ts';
import { accountMessages, CODE_TTL_MS } from './accounts.ts';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_MS, mailBackoff, SEND_MAIL_JOB } from './mail.ts';
import { english } from './texts.ts';

const PUBLIC_ORIGIN = 'https://apply.example.edu';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await ctx.db.deleteFrom('jobs').execute();
  await ctx.db.deleteFrom('mail_outbox').execute();
});

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The app as a college runs it, mailing through `smtpUrl`, with its parsed log lines. */
async function collegeApp(smtpUrl: string) {
  const { app, lines } = await loggedApp(ctx, {
    config: { ...ctx.config, publicOrigin: PUBLIC_ORIGIN, smtpUrl, devMailbox: false },
  });
  cleanups.push(() => app.close());
  return {
    app,
    log: () => lines.map((line) => JSON.parse(line) as LogLine),
    raw: () => lines.join(''),
  };
}

let addresses = 0;
function post(app: FastifyInstance, url: string, payload: object) {
  addresses += 1;
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: PUBLIC_ORIGIN },
    remoteAddress: `10.9.0.${addresses}`,
  });
}

const mailJob = async () =>
  ctx.db
    .selectFrom('jobs')
    .select(['id', 'status', 'attempts', 'run_after'])
    .where('kind', '=', SEND_MAIL_JOB)
    .executeTakeFirstOrThrow();
const outbox = () =>
  ctx.db.selectFrom('mail_outbox').select(['id', 'body', 'sent_at', 'error']).execute();
const codeIn = (text: string | null | undefined) =>
  /Your confirmation code is (\d{6})\./.exec(text ?? '')?.[1];

async function smtpOn(port: number): Promise<SmtpServer> {
  const smtp = await startSmtpServer(port);
  cleanups.push(() => smtp.close());
  return smtp;
}

describe('mail while the SMTP server is down', () => {
  it('rides out an hour without SMTP: the code mail stays pending with one warning, a resend is told mail is delayed, then the mail arrives once and its code works', async () => {
    const port = await freePort();
    const { app, log, raw } = await collegeApp(`smtp://127.0.0.1:${port}`);
    const username = 'outage@example.com';
    expect(
      (await post(app, '/public/signup', { username, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
    const [queued] = await outbox();
    const code = codeIn(queued?.body);
    expect(code).toBeDefined();

    // One hour of fake time in one-minute steps, the queue run at each.
    for (let minute = 0; minute < 60; minute += 1) {
      await app.mailQueue.runUntilIdle();
      ctx.advance(60_000);
    }
    const waiting = await mailJob();
    expect(waiting.status).toBe('queued');
    // 0, 30 s, 1.5, 3.5, 7.5, 15.5, 31.5 min: seven attempts, the next after 32 more minutes.
    expect(waiting.attempts).toBe(7);
    expect(await outbox()).toEqual([
      expect.objectContaining({ sent_at: null, error: null, body: queued?.body }),
    ]);
    const warnings = log().filter((line) => line.level >= 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/could not be sent .*ECONNREFUSED.*retried for 48 hours/);
    expect(warnings[0]).toMatchObject({ jobId: waiting.id, attempt: 1 });

    // The applicant asks again: told the mail is delayed, and no second code replaces the
    // one on its way. An unknown address gets the very same answer.
    const resend = await post(app, '/public/resend-confirm', { username });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: english(accountMessages.resentDelayed) });
    const stranger = await post(app, '/public/resend-confirm', { username: 'nobody@example.com' });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual(resend.json());
    const forgot = await post(app, '/public/forgot-password', { username: 'nobody@example.com' });
    expect(forgot.json()).toEqual({ message: english(accountMessages.forgotDelayed) });
    expect(await outbox()).toHaveLength(1);

    // The SMTP server is back: the mail goes at its next attempt, exactly once.
    const smtp = await smtpOn(port);
    ctx.advance(mailBackoff(waiting.attempts));
    await app.mailQueue.runUntilIdle();
    for (let hour = 0; hour < 3; hour += 1) {
      ctx.advance(60 * 60_000);
      await app.mailQueue.runUntilIdle();
    }
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([username]);
    expect(codeIn(smtp.received[0]?.data)).toBe(code);
    expect((await mailJob()).status).toBe('done');

    // Nothing acknowledged was lost: the code the sign-up announced confirms the account.
    const confirm = await post(app, '/public/confirm', { username, code });
    expect(confirm.statusCode).toBe(200);
    // Mail flows again: a resend is answered as usual.
    expect((await post(app, '/public/resend-confirm', { username })).json()).toEqual({
      message: english(accountMessages.resent),
    });
    expect(log().filter((line) => line.level >= 50)).toEqual([]);
    expect(raw()).not.toContain(code);
  });

  it(`gives up after ${MAIL_RETRY_MS / 3_600_000} hours with one error line, keeps the mail, and \`mail retry\` sends it again with a renewed code that works`, async () => {
    const port = await freePort();
    const { app, log, raw } = await collegeApp(`smtp://127.0.0.1:${port}`);
    const username = 'weekend@example.com';
    await post(app, '/public/signup', { username, password: GOOD_PASSWORD });
    const account = await ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const [queued] = await outbox();
    const firstCode = codeIn(queued?.body);

    // Each attempt at its due time, until the job gives up.
    const started = ctx.now().getTime();
    for (let step = 0; step <= MAIL_MAX_ATTEMPTS; step += 1) {
      await app.mailQueue.runUntilIdle();
      const job = await mailJob();
      if (job.status === 'failed') break;
      ctx.advance(Math.max(0, job.run_after.getTime() - ctx.now().getTime()));
    }
    const failed = await mailJob();
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(ctx.now().getTime() - started).toBeGreaterThanOrEqual(MAIL_RETRY_MS);
    // One warning at the first failure, one error at the end: with the job and the account,
    // never the code.
    const mailWarnings = log().filter((line) => line.level === 40 && line.msg.startsWith('mail '));
    expect(mailWarnings).toHaveLength(1);
    const errors = log().filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ jobId: failed.id, accountId: account.id });
    expect(errors[0]?.msg).toMatch(/gave up/);
    expect(raw()).not.toContain(firstCode);
    // The mail is kept, its error recorded, for `mail retry` (its code renewed by the late
    // attempts: the first one expired after a day).
    const [kept] = await outbox();
    expect(kept).toMatchObject({ sent_at: null });
    expect(codeIn(kept?.body)).toBeDefined();
    expect(raw()).not.toContain(codeIn(kept?.body));
    expect(kept?.error).toMatch(/ECONNREFUSED/);
    expect(ctx.now().getTime() - started).toBeGreaterThan(CODE_TTL_MS);

    // The operator lists the failed mail, then sends it again.
    const admin = async (args: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = await runCli(args, {
        env: { DATABASE_URL: ctx.url, PUBLIC_ORIGIN },
        cwd: process.cwd(),
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        interactive: false,
      });
      return { code, stdout, stderr };
    };
    const listed = await admin(['mail', 'retry']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${kept?.id}\t`);
    expect(listed.stdout).toContain(account.id);
    expect(listed.stdout).not.toContain(firstCode);
    const unknown = await admin(['mail', 'retry', 'x1']);
    expect(unknown.code).toBe(1);
    const retried = await admin(['mail', 'retry', '--all']);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toBe(`1 mail queued again (${kept?.id}).\n`);

    const smtp = await smtpOn(port);
    await app.mailQueue.runUntilIdle();
    expect(smtp.received).toHaveLength(1);
    // The code mailed two days late was renewed as it went: the old one had expired.
    const delivered = codeIn(smtp.received[0]?.data);
    expect(delivered).toBeDefined();
    expect(delivered).not.toBe(firstCode);
    expect((await post(app, '/public/confirm', { username, code: firstCode })).statusCode).toBe(
      400,
    );
    expect((await post(app, '/public/confirm', { username, code: delivered })).statusCode).toBe(
      200,
    );
    expect(await mailJob()).toMatchObject({ status: 'done' });
    // A second `mail retry` finds nothing to send.
    expect((await admin(['mail', 'retry', '--all'])).stdout).toBe('0 mail queued again.\n');
  });

  it('a reset link mailed late is renewed as it goes, and a code mail for an account confirmed meanwhile is not sent', async () => {
    const port = await freePort();
    const { app } = await collegeApp(`smtp://127.0.0.1:${port}`);
    const username = 'late-link@example.com';
    await post(app, '/public/signup', { username, password: GOOD_PASSWORD });
    const [signupMail] = await outbox();
    // Confirmed (the code was read elsewhere, e.g. the first attempt's mail reached a copy).
    expect(
      (await post(app, '/public/confirm', { username, code: codeIn(signupMail?.body) })).statusCode,
    ).toBe(200);
    await post(app, '/public/forgot-password', { username });
    await app.mailQueue.runUntilIdle();
    // Two days later the SMTP server is back.
    ctx.advance(CODE_TTL_MS * 2);
    const smtp = await smtpOn(port);
    await app.mailQueue.runUntilIdle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.data).toContain('Reset your');
    // Quoted-printable: `=` travels as `=3D`.
    const text = (smtp.received[0]?.data ?? '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    const link = /(https:\/\/apply\.example\.edu\/reset\?\S+)/.exec(text);
    const url = new URL(link?.[1] ?? 'https://none');
    const reset = await post(app, '/public/reset-password', {
      username,
      password: 'Another-Valley-2028',
      confirm_password: 'Another-Valley-2028',
      id: url.searchParams.get('id'),
    });
    expect(reset.statusCode).toBe(200);
    const rows = await ctx.db.selectFrom('mail_outbox').select(['subject', 'error']).execute();
    expect(rows).toContainEqual({
      subject: expect.stringContaining('confirmation code') as unknown,
      error: 'not sent: no longer needed when it went late',
    });
  });
});
