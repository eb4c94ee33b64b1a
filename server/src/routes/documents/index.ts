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
import { errorResponses } from '../schemas.ts';

export interface DocumentRoutesOptions {
  documents: Documents;
}

const NoContent = Type.Null({ description: 'Done.' });

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
        tags,
        summary:
          'A presigned POST (url and fields, with the server-chosen key) for a file question',
        body: PresignBody,
        response: { 200: PresignedUploadSchema, ...errorResponses },
      },
    },
    async (request) => documents.presign(accountOf(request).accountId, request.body.answer_key),
  );

  app.get(
    '/api/document-answer',
    {
      schema: {
        tags,
        summary: 'Completed documents by answer key (file_name, file_size)',
        response: { 200: DocumentAnswersSchema, ...errorResponses },
      },
    },
    async (request) => documents.documentAnswers(accountOf(request).accountId),
  );

  app.delete(
    '/api/document-answer/:key',
    {
      schema: {
        tags,
        summary: 'Delete the document of a file question: its upload and its conversion',
        params: AnswerKeyParams,
        response: { 204: NoContent, ...errorResponses },
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
        tags,
        summary: 'Check an uploaded file (owner, rules, real type) and queue its conversion to PDF',
        params: AnswerKeyParams,
        body: ConversionBody,
        response: { 202: ConversionStatusSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const status = await documents.requestConversion(
        accountOf(request).accountId,
        request.params.key,
        request.body.file_key,
        request.body.file_name,
      );
      return reply.code(202).send(status);
    },
  );

  app.get(
    '/api/pdf/document-answer/:key',
    {
      schema: {
        tags,
        summary: 'Conversion status: unprocessed, in_progress, completed, not_answered or failed',
        params: AnswerKeyParams,
        response: { 200: ConversionStatusSchema, ...errorResponses },
      },
    },
    async (request) => documents.conversionStatus(accountOf(request).accountId, request.params.key),
  );

  app.delete(
    '/api/pdf/document-answer/:key',
    {
      schema: {
        tags,
        summary: 'Delete the conversion of a file question (the upload stays)',
        params: AnswerKeyParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await documents.deleteConversion(accountOf(request).accountId, request.params.key);
      return reply.code(204).send(null);
    },
  );
  done();
};
