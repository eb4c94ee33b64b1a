import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../../db/database.ts';
import { ADMIT_VERSION } from '../../services/backup.ts';
import { tooManyMessage } from '../../services/throttle.ts';
import {
  createTestContext,
  json,
  loggedApp,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../../test/context.ts';
import {
  CLIENT_ERROR_LOG_MESSAGE,
  CLIENT_ERROR_MAX_BYTES,
  CLIENT_ERROR_THROTTLE,
  CLIENT_ERROR_THROTTLE_ALL,
  redactMessage,
  stackFrames,
} from './index.ts';
import { english } from '../../services/texts.ts';

let ctx: TestContext;
let app: FastifyInstance;
let lines: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ app, lines } = await loggedApp(ctx));
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

let addresses = 0;
/** A client address per test, so the per-address throttle of one test never meets another. */
function nextAddress(): string {
  addresses += 1;
  return `10.88.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

const CHROMIUM_STACK = [
  'TypeError: Cannot read properties of undefined (reading ada@example.com)',
  '    at StepPage (http://127.0.0.1:3000/assets/index-3f2a.js:12:3456)',
  '    at renderWithHooks (http://127.0.0.1:3000/assets/react-9c1b.js:1:23456)',
].join('\n');

const report = {
  path: '/education',
  name: 'TypeError',
  message: 'Cannot read properties of undefined (reading "college_name")',
  stack: CHROMIUM_STACK,
};

function post(body: unknown, options: { address?: string; cookie?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/client-errors',
    remoteAddress: options.address ?? nextAddress(),
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

interface LogLine {
  level: number;
  msg: string;
  release?: string;
  clientError?: { page: string; name: string; message: string; frames: string[] };
}

function reportLines(): LogLine[] {
  return lines
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg.startsWith(CLIENT_ERROR_LOG_MESSAGE));
}

describe('POST /api/client-errors', () => {
  it('logs the error with the page and the release, at error level, without a session', async () => {
    const before = reportLines().length;
    const response = await post(report);
    expect(response.statusCode, response.body).toBe(204);
    const logged = reportLines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      msg: `${CLIENT_ERROR_LOG_MESSAGE} on /education`,
      release: ADMIT_VERSION,
      clientError: {
        page: '/education',
        name: 'TypeError',
        message: 'Cannot read properties of undefined (reading "college_name")',
        frames: [
          'at StepPage (http://127.0.0.1:3000/assets/index-3f2a.js:12:3456)',
          'at renderWithHooks (http://127.0.0.1:3000/assets/react-9c1b.js:1:23456)',
        ],
      },
    });
  });

  it('takes a report from a signed-in applicant too, and from one whose session has ended', async () => {
    const cookie = await signedIn(ctx.app, 'reporter@example.com');
    expect((await post(report, { cookie })).statusCode).toBe(204);
    const ended = 'admit_session=not-a-live-session';
    const response = await post(report, { cookie: ended });
    expect(response.statusCode, response.body).toBe(204);
    // Not the session's 401: the cookies stay as they are.
    expect(response.cookies).toEqual([]);
  });

  it('never logs an answer, an e-mail address or the stack’s message line (regression: the message repeated in the stack)', async () => {
    const before = reportLines().length;
    const response = await post({
      path: '/about',
      name: 'Error',
      message: 'Unexpected value 123-45-6789 for ada.lovelace@example.com, phone (406) 555 0100',
      stack: `Error: Unexpected value 123-45-6789 for ada.lovelace@example.com\n    at save (http://127.0.0.1:3000/assets/index.js:1:99)\nfirst_name=Ada`,
    });
    expect(response.statusCode).toBe(204);
    const logged = lines.slice(-5).join('\n');
    expect(reportLines().length).toBe(before + 1);
    for (const secret of ['123-45-6789', 'ada.lovelace', 'example.com', '555 0100', 'Ada'])
      expect(logged).not.toContain(secret);
    expect(reportLines().at(-1)?.clientError).toEqual({
      page: '/about',
      name: 'Error',
      message: 'Unexpected value [number] for [e-mail], phone (406) [number]',
      frames: ['at save (http://127.0.0.1:3000/assets/index.js:1:99)'],
    });
  });

  it('refuses a body that is not a report with 400 and logs nothing of it', async () => {
    const before = lines.length;
    const refusals = [
      // A field a report does not take: answers never ride along.
      { ...report, answers: { ssn: '123-45-6789' } },
      // The path with its query string (a reset link's token).
      { ...report, path: '/reset?token=abc' },
      { ...report, path: 'education' },
      { path: '/about', name: 'Error' },
      { ...report, message: 'x'.repeat(1001) },
    ];
    for (const body of refusals) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(response).message).toEqual(expect.any(String));
    }
    const logged = lines.slice(before).join('\n');
    expect(logged).not.toContain('123-45-6789');
    expect(logged).not.toContain('token=abc');
    expect(reportLines().length).toBe(
      lines.slice(0, before).filter((line) => line.includes(CLIENT_ERROR_LOG_MESSAGE)).length,
    );
  });

  it('refuses a body past its limit with 413', async () => {
    const response = await post({ ...report, stack: 'x'.repeat(CLIENT_ERROR_MAX_BYTES) });
    expect(response.statusCode).toBe(413);
  });

  it('answers 429 with Retry-After once an address has sent its share, and logs no more', async () => {
    const address = nextAddress();
    for (let sent = 0; sent < CLIENT_ERROR_THROTTLE.limit; sent += 1)
      expect((await post(report, { address })).statusCode).toBe(204);
    const before = reportLines().length;
    const refused = await post(report, { address });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CLIENT_ERROR_THROTTLE.windowMs / 1000);
    expect(json(refused).message).toBe(english(tooManyMessage(retryAfter)));
    expect(reportLines().length).toBe(before);
    // Another address is not held back by this one.
    expect((await post(report)).statusCode).toBe(204);
  });

  it('holds every address together to a bound, so a flood from many addresses cannot fill the log', async () => {
    const { app: fresh, lines: freshLines } = await loggedApp(ctx);
    try {
      const send = () =>
        fresh.inject({
          method: 'POST',
          url: '/api/client-errors',
          remoteAddress: nextAddress(),
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          payload: report,
        });
      for (let sent = 0; sent < CLIENT_ERROR_THROTTLE_ALL.limit; sent += 1)
        expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(429);
      expect(freshLines.filter((line) => line.includes(CLIENT_ERROR_LOG_MESSAGE)).length).toBe(
        CLIENT_ERROR_THROTTLE_ALL.limit,
      );
    } finally {
      await fresh.close();
    }
  });

  it('logs a report while the database is down: the error screen often comes with an outage', async () => {
    // A database on a port nothing listens on.
    const down = openDatabase('postgres://admit:admit@127.0.0.1:9/admit', 2);
    const { app: outage, lines: outageLines } = await loggedApp(ctx, { db: down });
    try {
      const response = await outage.inject({
        method: 'POST',
        url: '/api/client-errors',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: report,
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(outageLines.some((line) => line.includes(CLIENT_ERROR_LOG_MESSAGE))).toBe(true);
    } finally {
      await outage.close();
      await down.destroy();
    }
  });
});

describe('what a report keeps', () => {
  it.each([
    ['an e-mail address', 'for ada@example.edu.', 'for [e-mail].'],
    ['an SSN', 'bad 123-45-6789 here', 'bad [number] here'],
    ['a ZIP code', 'zip 59715', 'zip [number]'],
    ['a short number', 'index 3 of 10', 'index 3 of 10'],
  ])('redacts %s in the message', (_what, message, logged) => {
    expect(redactMessage(message)).toBe(logged);
  });

  it('keeps the frames of Chromium’s and Firefox’s stacks, nothing else', () => {
    expect(
      stackFrames(
        [
          'Error: boom ada@example.com',
          '    at a (https://x.edu/assets/a.js:1:2)',
          'StepPage@https://x.edu/assets/a.js:3:4',
          '@https://x.edu/assets/a.js:5:6',
          'first_name: Ada',
        ].join('\n'),
      ),
    ).toEqual([
      'at a (https://x.edu/assets/a.js:1:2)',
      'StepPage@https://x.edu/assets/a.js:3:4',
      '@https://x.edu/assets/a.js:5:6',
    ]);
    expect(stackFrames(undefined)).toEqual([]);
  });
});
