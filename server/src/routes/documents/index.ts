/**
 * SPEC §7 documents: presigned uploads, document answers and their conversion to PDF. Every
 * route needs a session (the scope's session hook, plugins/app/session.ts) and acts only on
 * the signed-in applicant's own documents.
 */
import { type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  AnswerKeyParams,
  ConversionBody,
  ConversionStatusSchema,
  DocumentAnswersSchema,
  PresignBody,
  PresignedUploadSchema,
} from '@admit/form-model/api';
import { Type } from 'typebox';

import { accountOf } from '../../plugins/app/session.ts';
import { type Documents } from '../../services/documents.ts';
import { HttpError } from '../../services/errors.ts';
import { securityEvents } from '../../services/securityEvents.ts';
import { CONVERTED_PREFIX, ORIGINALS_PREFIX, UPLOADS_PREFIX } from '../../services/uploadGrants.ts';
import { errorAnswers, JSON_BODY_ERRORS } from '../schemas.ts';

export interface DocumentRoutesOptions {
  documents: Documents;
}

const NoContent = Type.Null({ description: 'Done.' });

/** An account's id (a UUID); a key that names anything else names no account. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The account a stored file's key belongs to: every key the server makes starts with its kind
 * and its account's id (`uploads/{account}/{question}/{random}`, services/uploadGrants.ts).
 */
export function fileKeyAccount(fileKey: string): string | undefined {
  const [kind, account] = fileKey.split('/', 2);
  return [UPLOADS_PREFIX, ORIGINALS_PREFIX, CONVERTED_PREFIX].includes(`${kind ?? ''}/`) &&
    account !== undefined &&
    ACCOUNT_ID.test(account)
    ? account
    : undefined;
}

export const documentRoutes: FastifyPluginCallbackTypebox<DocumentRoutesOptions> = (
  app,
  { documents },
  done,
) => {
  const tags = ['documents'];

  app.post(
    '/api/presigned-url',
    {
      schema: {
        operationId: 'createPresignedUpload',
        tags,
        summary:
          'A presigned POST (url and fields, with the server-chosen key) for a file question',
        description:
          'The browser then posts the file to `url` as a multipart/form-data form: every field of `fields` first, then `file`. Without S3_BUCKET the url is the embedded store (operation uploadFile); with it, the bucket (S3 POST Object).',
        body: PresignBody,
        response: {
          200: PresignedUploadSchema,
          ...errorAnswers(...JSON_BODY_ERRORS, 404, 409, 429, 503),
        },
      },
    },
    async (request) => documents.presign(accountOf(request).accountId, request.body.answer_key),
  );

  app.get(
    '/api/document-answer',
    {
      schema: {
        operationId: 'getDocumentAnswers',
        tags,
        summary: 'Completed documents by answer key (file_name, file_size)',
        response: { 200: DocumentAnswersSchema, ...errorAnswers(503) },
      },
    },
    async (request) => documents.documentAnswers(accountOf(request).accountId),
  );

  app.delete(
    '/api/document-answer/:key',
    {
      schema: {
        operationId: 'deleteDocumentAnswer',
        tags,
        summary: 'Delete the document of a file question: its upload and its conversion',
        params: AnswerKeyParams,
        response: { 204: NoContent, ...errorAnswers(400, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await documents.deleteDocument(accountOf(request).accountId, request.params.key);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/pdf/document-answer/:key',
    {
      schema: {
        operationId: 'requestConversion',
        tags,
        summary: 'Check an uploaded file (owner, rules, real type) and queue its conversion to PDF',
        params: AnswerKeyParams,
        body: ConversionBody,
        response: {
          202: ConversionStatusSchema,
          ...errorAnswers(...JSON_BODY_ERRORS, 404, 409, 503, 507),
        },
      },
    },
    async (request, reply) => {
      const { accountId } = accountOf(request);
      let status;
      try {
        status = await documents.requestConversion(
          accountId,
          request.params.key,
          request.body.file_key,
          request.body.file_name,
          request.language,
        );
      } catch (error) {
        // The applicant is told only that no upload was found (another account's key looks
        // like an unknown one); the log says whose key it was.
        const owner = fileKeyAccount(request.body.file_key);
        if (
          error instanceof HttpError &&
          error.statusCode === 404 &&
          owner !== undefined &&
          owner !== accountId
        ) {
          securityEvents(request)('ownership.refused', {
            accountId,
            ownerAccountId: owner,
            reason: 'file_key',
          });
        }
        throw error;
      }
      return reply.code(202).send(status);
    },
  );

  app.get(
    '/api/pdf/document-answer/:key',
    {
      schema: {
        operationId: 'getConversionStatus',
        tags,
        summary: 'Conversion status: unprocessed, in_progress, completed, not_answered or failed',
        params: AnswerKeyParams,
        response: { 200: ConversionStatusSchema, ...errorAnswers(400, 404, 503) },
      },
    },
    async (request) =>
      documents.conversionStatus(
        accountOf(request).accountId,
        request.params.key,
        request.language,
      ),
  );

  app.delete(
    '/api/pdf/document-answer/:key',
    {
      schema: {
        operationId: 'deleteConversion',
        tags,
        summary: 'Delete the conversion of a file question (the upload stays)',
        params: AnswerKeyParams,
        response: { 204: NoContent, ...errorAnswers(400, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await documents.deleteConversion(accountOf(request).accountId, request.params.key);
      return reply.code(204).send(null);
    },
  );
  done();
};
