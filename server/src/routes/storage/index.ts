/**
 * The embedded storage endpoint (SPEC §7 "POST to the presigned storage url"): a browser form
 * of the presigned fields followed by `file`, checked like S3 checks a POST policy, then written
 * atomically, once, under its live upload grant. Answers 204 like S3; refusals are JSON
 * `{message}` (403, 400, 409, 413), never XML.
 * Registered only when files live on local disk (no S3_BUCKET).
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type FastifyError } from 'fastify';
import { Type } from 'typebox';

import { HttpError } from '../../services/errors.ts';
import { type FileStore } from '../../services/files.ts';
import { type UploadGrants } from '../../services/uploadGrants.ts';
import {
  MultipartError,
  multipartBoundary,
  type MultipartPart,
  parseMultipart,
} from '../../services/multipart.ts';
import {
  type LocalUploads,
  STORAGE_BODY_LIMIT,
  STORAGE_PATH,
  storageMessages,
} from '../../services/storage.ts';
import { errorResponses } from '../schemas.ts';

export interface StorageRoutesOptions {
  uploads: LocalUploads;
  files: FileStore;
  grants: UploadGrants;
}

export const storageRoutes: FastifyPluginAsyncTypebox<StorageRoutesOptions> = async (
  app,
  { uploads, files, grants },
) => {
  // Only this plugin reads multipart bodies, and never more than the file limit plus the
  // fields: Fastify refuses a larger Content-Length at once and stops reading a chunked body
  // as soon as it passes the limit, so an oversize upload is never held in memory whole.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: STORAGE_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.setErrorHandler(async (error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ message: storageMessages.fileTooLarge });
    }
    throw error;
  });

  app.post(
    STORAGE_PATH,
    {
      schema: {
        tags: ['storage'],
        summary: 'Upload a file with a presigned POST (multipart: the presigned fields, then file)',
        description:
          'Checks the signed policy (signature, expiry, the exact key, 1 byte to 1 MB, content type) before writing, then the upload grant: each key is written once (409 after), never for a superseded or ended grant (403) nor after submission (409).',
        consumes: ['multipart/form-data'],
        response: {
          204: Type.Null({ description: 'Stored.' }),
          413: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      const boundary = multipartBoundary(request.headers['content-type']);
      if (!Buffer.isBuffer(body) || boundary === undefined) {
        throw new HttpError(400, storageMessages.notForm);
      }
      let parts: MultipartPart[];
      try {
        parts = parseMultipart(body, boundary);
      } catch (error) {
        if (error instanceof MultipartError) throw new HttpError(400, storageMessages.notForm);
        throw error;
      }
      await uploads.accept(parts, { files, grants });
      return reply.code(204).send(null);
    },
  );
};
