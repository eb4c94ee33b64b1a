/** SPEC §7 GET /api/pdf: the application PDF's status, and its download. */
import { type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { PdfStatusSchema } from '@admit/form-model/api';
import { Type } from 'typebox';

import { accountOf } from '../../plugins/app/session.ts';
import { type ApplicationPdfs, contentDisposition, PDF_DOWNLOAD_PATH } from '../../services/pdf.ts';
import { errorAnswers } from '../schemas.ts';

export interface PdfRoutesOptions {
  pdfs: ApplicationPdfs;
}

export const pdfRoutes: FastifyPluginCallbackTypebox<PdfRoutesOptions> = (app, { pdfs }, done) => {
  // SPEC §6: only a signed-in applicant (the scope's session hook, plugins/app/session.ts),
  // and only their own application (nothing in the path names an account, so there is no
  // one else's to ask for).
  const tags = ['pdf'];

  app.get(
    '/api/pdf',
    {
      schema: {
        operationId: 'getApplicationPdf',
        tags,
        summary:
          "The application PDF's status; COMPLETED with the download url once it is ready (rendered on request when the answers or documents changed)",
        response: { 200: PdfStatusSchema, ...errorAnswers(503, 507) },
      },
    },
    async (request, reply) => {
      const { accountId, username } = accountOf(request);
      reply.header('cache-control', 'no-store');
      return pdfs.status(accountId, username, request.language);
    },
  );

  app.get(
    PDF_DOWNLOAD_PATH,
    {
      schema: {
        operationId: 'downloadApplicationPdf',
        tags,
        summary:
          'Download the application PDF of the answers as stored now (an attachment); `v` only makes each version a URL of its own',
        querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: {
          200: {
            description: 'The application as a PDF',
            content: {
              'application/pdf': {
                schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...errorAnswers(400, 404, 409, 503, 507),
        },
      },
    },
    async (request, reply) => {
      const { accountId, username } = accountOf(request);
      const { bytes, fileName } = await pdfs.download(accountId, username, request.language);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
  done();
};
