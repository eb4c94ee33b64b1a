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
import { english, format, SOURCE_LANGUAGE, text, type Text } from '../../services/texts.ts';

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

/** Fastify's own client errors, by their code, as the catalogue says them. */
const CLIENT_ERROR_TEXTS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'server.http.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'server.http.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'server.http.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'server.http.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'server.http.lengthMismatch',
  FST_ERR_NOT_FOUND: 'server.errors.notFound',
  FST_ERR_BAD_URL: 'server.http.badAddress',
  FST_ERR_MAX_PARAM_LENGTH: 'server.http.addressTooLong',
};

/** Any other client error, by its status: a plugin's English words are never passed on. */
const STATUS_TEXTS: Readonly<Record<number, string>> = {
  404: 'server.errors.notFound',
  413: 'server.http.bodyTooLarge',
  415: 'server.http.unsupportedMediaType',
};

/** What a 4xx that is not ours says (a body that is not JSON, or too large, …). */
export function clientErrorMessage(error: { code?: string }, status: number): Text {
  const id =
    (error.code === undefined ? undefined : CLIENT_ERROR_TEXTS[error.code]) ??
    STATUS_TEXTS[status] ??
    'server.errors.invalidRequest';
  return text(id);
}

/**
 * Fastify's `frameworkErrors`: an address it cannot route (malformed percent-encoding, a
 * parameter past its length) is refused before any hook runs, so not by the error handler.
 * It is answered as the handler answers a client error, in `language`'s words.
 */
export function frameworkError(
  error: FastifyError,
  language: string,
): { status: number; message: string } {
  const status = error.statusCode ?? 400;
  return { status, message: format(language, clientErrorMessage(error, status)) };
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
        // Fastify's own client errors (bad JSON, body too large, unsupported type) are said in
        // the request's language: Fastify's words are English only.
        const message = clientErrorMessage(error, status);
        // An app without the language plugin (a test's bare Fastify) answers in English.
        return reply.code(status).send({
          message: typeof request.t === 'function' ? request.t(message) : english(message),
        });
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
