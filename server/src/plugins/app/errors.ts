/**
 * Every error is JSON `{message}`: a person can read it, and an unexpected one gets SPEC §8's
 * generic message with the details in the log, never a stack trace in the response. A database
 * that is down or too slow is 503 with Retry-After and a message saying to try again; it is
 * not logged per request (db/health.ts logs the outage once).
 */
import { type FastifyError, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DatabaseUnavailableError,
  DB_RETRY_AFTER_S,
} from '../../db/health.ts';
import { GENERIC_MESSAGE, HttpError, localized, StorageFullError } from '../../services/errors.ts';
import { SOURCE_LANGUAGE, text, type Text } from '../../services/texts.ts';

/** The 400 for a JSON body with a key its route does not take (routes/schemas.ts `Body`). */
export function unknownFieldMessage(field: string): Text {
  return text('server.errors.unknownField', { field });
}

/**
 * A body over its route's limit is answered 413 at once, and Fastify closes the connection
 * (Connection: close) while the client is still sending. A proxy in front (nginx) then fails
 * writing the rest, answers 502 instead of the 413, and counts the instance as failed. A body
 * whose declared length is at most this is read to its end and dropped instead (Node does so for
 * a reply that leaves its request unread), so the 413 and its message reach the client and the
 * connection stays open; a larger or undeclared one is still cut off.
 */
export const DRAIN_LIMIT_BYTES = 8 * 1_048_576;

/**
 * The 400 for a body its route's schema refuses. Ajv's own words ("must be string") are
 * English only, so another language is told which field without them.
 */
function schemaMessage(error: FastifyError, language: string): Text | string {
  const first = error.validation?.[0];
  if (first === undefined) return text('server.errors.invalidRequest');
  if (first.keyword === 'additionalProperties') {
    const { additionalProperty } = first.params as { additionalProperty?: string };
    return unknownFieldMessage(additionalProperty ?? '');
  }
  const where = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const field =
    where === '' ? (first.params as { missingProperty?: string }).missingProperty : where;
  if (language !== SOURCE_LANGUAGE || first.message === undefined)
    return field === undefined
      ? text('server.errors.invalidRequest')
      : text('server.errors.invalidField', { field });
  return field === undefined ? `The request ${first.message}.` : `"${field}" ${first.message}.`;
}

export const errors = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
      if (error instanceof DatabaseUnavailableError) {
        return reply
          .code(503)
          .header('retry-after', String(DB_RETRY_AFTER_S))
          .send({ message: request.t(DATABASE_UNAVAILABLE_MESSAGE) });
      }
      if (error instanceof HttpError) {
        // A full disk was logged once by the file store, with the folder (services/files.ts).
        if (error.statusCode >= 500 && !(error instanceof StorageFullError))
          request.log.error({ err: error }, error.message);
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({
            ...(localized(error.body, request.language) as Record<string, unknown>),
            message: request.t(error.text),
          });
      }
      if (error.validation !== undefined) {
        return reply.code(400).send({ message: request.t(schemaMessage(error, request.language)) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported type) are safe to say.
        return reply.code(status).send({ message: error.message });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send({ message: request.t(GENERIC_MESSAGE) });
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode === 413 && reply.getHeader('connection') === 'close') {
        const declared = Number(request.headers['content-length']);
        if (Number.isInteger(declared) && declared <= DRAIN_LIMIT_BYTES)
          reply.removeHeader('connection');
      }
      done(null, payload);
    });
  },
  { name: 'errors' },
);
