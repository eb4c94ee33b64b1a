/**
 * The embedded storage endpoint (SPEC §7 "POST to the presigned storage url"): a browser form
 * of the presigned fields followed by `file`, checked like S3 checks a POST policy, then written
 * atomically, once, under its live upload grant. Answers 204 like S3; refusals are JSON
 * `{message}` (403, 400, 409, 413), never XML.
 * Registered only when files live on local disk (no S3_BUCKET).
 *
 * The form is read as it arrives by @fastify/multipart (busboy): the fields before the file are
 * checked against the signed policy before a byte of the file is read, and the file is read
 * only up to the 1 MB limit. The file's bytes are held in memory (1 MB at most) until they are
 * written: the write happens under the grant's row lock (services/uploadGrants.ts), which a
 * slow client must never hold.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@admit/form-model';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { HttpError } from '../../services/errors.ts';
import { type FileStore } from '../../services/files.ts';
import { securityEvents } from '../../services/securityEvents.ts';
import {
  type LocalUploads,
  STORAGE_BODY_LIMIT,
  STORAGE_PATH,
  storageMessages,
  type UploadPart,
} from '../../services/storage.ts';
import { type UploadGrants } from '../../services/uploadGrants.ts';
import { errorAnswers, PUBLIC_SECURITY } from '../schemas.ts';

export interface StorageRoutesOptions {
  uploads: LocalUploads;
  files: FileStore;
  grants: UploadGrants;
}

/**
 * What a browser's form holds: a handful of fields and one file. The fields are short (the
 * policy is the longest, well under 4 KB); a part past these limits is not a browser form.
 */
const FORM_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 16,
  parts: 32,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

const tooLarge = () => new HttpError(413, storageMessages.fileTooLarge);

/** Reads a file part up to the limit; past it, stops reading and refuses (413). */
async function readFile(part: Multipart & { type: 'file' }): Promise<Buffer> {
  const stream = part.file;
  // busboy announces the limit when the file passes it and would then read the rest of the
  // part only to discard it: ending the stream there ends the form, so the body's remainder
  // is never read.
  if (stream.truncated) throw tooLarge();
  stream.once('limit', () => stream.destroy(tooLarge()));
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The form's parts as services/storage.ts reads them, with the parser's errors in its words. */
async function* formParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = request.parts({ limits: FORM_LIMITS });
  } catch {
    // Not multipart at all (JSON, text): the same answer as a malformed form.
    throw new HttpError(400, storageMessages.notForm);
  }
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw parserError(error);
    }
    if (next.done === true) return;
    const part = next.value;
    if (part.type === 'field') {
      yield { kind: 'field', name: part.fieldname, value: String(part.value) };
    } else {
      yield {
        kind: 'file',
        name: part.fieldname,
        contentType: (part.mimetype.split(';')[0] ?? '').trim().toLowerCase(),
        read: async () => {
          try {
            return await readFile(part);
          } catch (error) {
            throw parserError(error);
          }
        },
        discard: () => {
          // The parser ends the form here: the rest of the body is not read.
          part.file.destroy();
        },
      };
    }
  }
}

/** The parser's refusals in the endpoint's words. */
function parserError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, storageMessages.duplicateField('file'));
  return new HttpError(400, storageMessages.notForm);
}

export const storageRoutes: FastifyPluginAsyncTypebox<StorageRoutesOptions> = async (
  app,
  { uploads, files, grants },
) => {
  // Only this plugin reads multipart bodies (the plugin is scoped to it).
  await app.register(multipart, { limits: FORM_LIMITS });

  app.post(
    STORAGE_PATH,
    {
      schema: {
        operationId: 'uploadFile',
        tags: ['storage'],
        summary: 'Upload a file with a presigned POST (multipart: the presigned fields, then file)',
        description:
          'Checks the signed policy (signature, expiry, the exact key, 1 byte to 1 MB, content type) before writing, then the upload grant: each key is written once (409 after), never for a superseded or ended grant (403) nor after submission (409). The fields are those `POST /api/presigned-url` answered, sent before the file; fields after the file are ignored, as S3 ignores them.',
        // No session: the signed policy is the permission (services/storage.ts).
        security: PUBLIC_SECURITY,
        consumes: ['multipart/form-data'],
        body: Type.Object(
          {
            key: Type.String({ description: 'The key the presigned POST names.' }),
            policy: Type.String({ description: 'The signed policy, base64.' }),
            algorithm: Type.String({ description: 'ADMIT-HMAC-SHA256.' }),
            signature: Type.String({ description: "The policy's signature, hex." }),
            'Content-Type': Type.Optional(
              Type.String({ description: "The file's type (else the file part's own type)." }),
            ),
            file: Type.Unsafe<unknown>({
              type: 'string',
              format: 'binary',
              description: 'The file: PNG, JPEG, PDF or DOCX, 1 byte to 1 MB.',
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          204: Type.Null({ description: 'Stored.' }),
          ...errorAnswers(400, 403, 409, 413, 415, 503, 507),
        },
      },
      // The body is read by the handler as it arrives, never by a schema: the schema above
      // documents the form for the OpenAPI document only.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      // A body announced larger than the file limit plus its fields is refused at once.
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > STORAGE_BODY_LIMIT) throw tooLarge();
      await uploads.accept(formParts(request), { files, grants }, securityEvents(request));
      return reply.code(204).send(null);
    },
  );
};
