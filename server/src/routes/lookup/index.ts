/**
 * SPEC §7 lookups: `GET /lookup/find?text=&category=&max_results=` → suggestions, and
 * `GET /lookup/find?id=&category=` → the chosen suggestion's detail. Public (the form works
 * before sign-up), throttled per address in memory, cacheable for a few minutes.
 */
import { type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { LookupSuggestionSchema } from '@admit/form-model/api';
import { Type } from 'typebox';

import { text } from '../../services/texts.ts';
import { DatabaseUnavailableError } from '../../db/health.ts';
import { type Clock } from '../../services/clock.ts';
import { HttpError } from '../../services/errors.ts';
import {
  DEFAULT_MAX_RESULTS,
  LOOKUP_CATEGORIES,
  type Lookups,
  MAX_RESULTS_CAP,
} from '../../services/lookups/search.ts';
import { createMemoryThrottle } from '../../services/memoryThrottle.ts';
import { tooManyError } from '../../services/throttle.ts';
import { errorAnswers, PUBLIC_SECURITY } from '../schemas.ts';

/** Lookups per client address per minute: typing is debounced (SPEC §7), so 20 a second is plenty. */
export const LOOKUP_THROTTLE = { limit: 1200, windowMs: 60_000 } as const;
/** Browsers and proxies may reuse an answer this long (the lists change only on import). */
export const LOOKUP_MAX_AGE_S = 300;

export const lookupMessages = {
  textOrId: text('server.lookup.textOrId'),
  maxResults: text('server.lookup.maxResults'),
  notFound: text('server.lookup.notFound'),
} as const;

export interface LookupRoutesOptions {
  lookups: Lookups;
  clock: Clock;
}

const Detail = Type.Record(Type.String(), Type.String());

export const lookupRoutes: FastifyPluginCallbackTypebox<LookupRoutesOptions> = (
  app,
  { lookups, clock },
  done,
) => {
  const throttle = createMemoryThrottle(LOOKUP_THROTTLE, clock);

  app.get(
    '/lookup/find',
    {
      schema: {
        operationId: 'findLookup',
        tags: ['lookup'],
        security: PUBLIC_SECURITY,
        summary:
          'Suggestions for typed text (text=), or the detail of one suggestion (id=); a failed search answers []',
        querystring: Type.Object({
          category: Type.Union(LOOKUP_CATEGORIES.map((category) => Type.Literal(category))),
          text: Type.Optional(Type.String({ maxLength: 1000 })),
          id: Type.Optional(Type.String({ maxLength: 200 })),
          max_results: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
        }),
        response: {
          200: Type.Union([Type.Array(LookupSuggestionSchema), Detail]),
          // A failed search answers []; the detail of one suggestion needs the database.
          ...errorAnswers(400, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const retryAfter = throttle.hit(request.ip);
      if (retryAfter !== undefined) throw tooManyError(retryAfter);
      const { category, text, id } = request.query;
      if ((text === undefined) === (id === undefined))
        throw new HttpError(400, lookupMessages.textOrId);
      const cache = `${category === 'address' ? 'private' : 'public'}, max-age=${LOOKUP_MAX_AGE_S}`;

      if (id !== undefined) {
        const detail = await lookups.detail(category, id);
        if (detail === undefined) throw new HttpError(404, lookupMessages.notFound);
        return reply.header('cache-control', cache).send(detail);
      }

      const max = Number(request.query.max_results ?? DEFAULT_MAX_RESULTS);
      if (max < 1) throw new HttpError(400, lookupMessages.maxResults);
      try {
        const suggestions = await lookups.find(
          category,
          text ?? '',
          Math.min(max, MAX_RESULTS_CAP),
        );
        return await reply.header('cache-control', cache).send(suggestions);
      } catch (error) {
        // SPEC §7: a failed lookup gives an empty list; the cause goes to the log, not the form
        // (a database outage is logged once by db/health.ts, not per keystroke).
        if (!(error instanceof DatabaseUnavailableError))
          request.log.error({ err: error, category }, 'lookup failed');
        return reply.header('cache-control', 'no-store').send([]);
      }
    },
  );
  done();
};
