/**
 * `POST /api/client-errors`: the browser's root error screen (SPEC §8: "The issue that caused
 * you to see this has been logged") reports the error it shows, and the server logs it with the
 * page's path and the release, so that the sentence is true and the operator can fix it.
 *
 * Public (the screen shows to visitors, and after a session ended too) and on no database: an
 * error screen often comes with an outage, and its report must still arrive. Throttled in
 * memory per client address and for all addresses together, so that no one can fill the log;
 * its body is small, of fixed fields, and checked. The log line never holds an answer, a
 * request body or an e-mail address: only the fields below, the message redacted, the stack
 * reduced to its frames.
 */
import { type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { ClientErrorReportSchema } from '@admit/form-model/api';
import { Type } from 'typebox';

import { ADMIT_VERSION } from '../../services/backup.ts';
import { type Clock } from '../../services/clock.ts';
import { createMemoryThrottle } from '../../services/memoryThrottle.ts';
import { tooManyError } from '../../services/throttle.ts';
import { errorAnswers, JSON_BODY_ERRORS } from '../schemas.ts';

/** Reports per client address: a page that fails shows its error screen once per load. */
export const CLIENT_ERROR_THROTTLE = { limit: 10, windowMs: 60_000 } as const;
/** Reports from every address together: the most log lines a flood can write. */
export const CLIENT_ERROR_THROTTLE_ALL = { limit: 300, windowMs: 60_000 } as const;
/** A report's largest body: its fields' limits with room for JSON's escapes. */
export const CLIENT_ERROR_MAX_BYTES = 16_384;
/** The log line's message, for the operator's search (docs/operations/observability.md). */
export const CLIENT_ERROR_LOG_MESSAGE = 'browser: the error screen showed';

/** The most stack frames logged: the top of the stack says where it failed. */
const MAX_FRAMES = 30;

const EMAIL = /[^\s@:/()<>"']+@[^\s@:/()<>"']+\.[a-z]{2,}/gi;
// Four or more digits, maybe split by dashes, dots or spaces: a phone number, an SSN, a ZIP
// code, a date typed into a field. Line numbers are in the frames, not in the message.
const LONG_NUMBER = /\d(?:[\s.-]?\d){3,}/g;

/** A message as logged: what looks like an e-mail address or a long number is replaced. */
export function redactMessage(message: string): string {
  return message.replace(EMAIL, '[e-mail]').replace(LONG_NUMBER, '[number]');
}

// Chromium and Node (`    at fn (https://…/app.js:1:2345)`), Firefox and Safari
// (`fn@https://…/app.js:1:2345`): a frame names a function and a code position.
const FRAME = /^\s*at\s+\S.*:\d+:\d+\)?$|^[\w$.<>/[\]]*@\S+:\d+:\d+$/;

/**
 * A stack as logged: its frames only. Chromium's first line repeats the message, which is
 * logged redacted on its own; any other line is dropped.
 */
export function stackFrames(stack: string | undefined): string[] {
  if (stack === undefined) return [];
  return stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => FRAME.test(line))
    .slice(0, MAX_FRAMES);
}

export interface ClientErrorRoutesOptions {
  clock: Clock;
}

export const clientErrorRoutes: FastifyPluginCallbackTypebox<ClientErrorRoutesOptions> = (
  app,
  { clock },
  done,
) => {
  const perAddress = createMemoryThrottle(CLIENT_ERROR_THROTTLE, clock);
  const all = createMemoryThrottle(CLIENT_ERROR_THROTTLE_ALL, clock);

  app.post(
    '/api/client-errors',
    {
      bodyLimit: CLIENT_ERROR_MAX_BYTES,
      schema: {
        operationId: 'reportClientError',
        tags: ['errors'],
        summary:
          'Report an error the browser showed its error screen for; logged with the page and the release, never with answers',
        body: ClientErrorReportSchema,
        response: {
          204: Type.Null({ description: 'Logged.' }),
          ...errorAnswers(...JSON_BODY_ERRORS, 429),
        },
      },
    },
    async (request, reply) => {
      const retryAfter = perAddress.hit(request.ip) ?? all.hit('all');
      if (retryAfter !== undefined) throw tooManyError(retryAfter);
      const { path, name, message, stack } = request.body;
      request.log.error(
        {
          clientError: {
            page: path,
            name: name.slice(0, 100),
            message: redactMessage(message),
            frames: stackFrames(stack),
          },
          release: ADMIT_VERSION,
        },
        `${CLIENT_ERROR_LOG_MESSAGE} on ${path}`,
      );
      return reply.code(204).send(null);
    },
  );
  done();
};
