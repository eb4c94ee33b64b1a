import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readConfig } from '../../config.ts';
import { createTestContext, loggedApp, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The app as `npm start` builds it from these variables, with its log lines. */
async function appWith(env: Record<string, string>) {
  return loggedApp(
    ctx,
    { config: readConfig({ DATABASE_URL: ctx.url, SOFFICE: 'off', ...env }) },
    'warn',
  );
}

describe('GET /dev/mail', () => {
  it('is 404 with PUBLIC_ORIGIN=https://apply.example.edu (regression: it listed every code and reset link whenever NODE_ENV was not production)', async () => {
    const { app, lines } = await appWith({ PUBLIC_ORIGIN: 'https://apply.example.edu' });
    try {
      const response = await app.inject({ method: 'GET', url: '/dev/mail' });
      expect(response.statusCode).toBe(404);
      expect(lines.join('\n')).not.toContain('dev mailbox is on');
    } finally {
      await app.close();
    }
  });

  it('is 404 with an SMTP server, even on a loopback origin', async () => {
    const { app } = await appWith({
      PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('is served on a loopback origin without SMTP_URL, and says so with a warning at start', async () => {
    const { app, lines } = await appWith({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000' });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(200);
      const warnings = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40 && line.msg.includes('dev mailbox is on'));
      expect(warnings).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('is served anywhere with DEV_MAILBOX=1 (a staging server), with the warning', async () => {
    const { app, lines } = await appWith({
      PUBLIC_ORIGIN: 'https://staging.example.edu',
      DEV_MAILBOX: '1',
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(200);
      expect(lines.join('\n')).toContain('dev mailbox is on');
    } finally {
      await app.close();
    }
  });
});
