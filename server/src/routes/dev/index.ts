/**
 * The dev mailbox: the mail sent, newest first, codes and reset links included. Registered
 * only when config.devMailbox is on (a loopback origin without SMTP_URL, or DEV_MAILBOX=1).
 * An attached file (a receipt's application PDF) is listed with its mail and read from
 * `GET /dev/mail/{id}/attachment`.
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { type Db } from '../../db/database.ts';
import { errorAnswers } from '../schemas.ts';

const Attachment = Type.Object({
  file_name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  /** Where its bytes are: `/dev/mail/{id}/attachment`. */
  url: Type.String(),
});

const Mail = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
  /** When it went (null: not yet, or it failed). */
  sent_at: Type.Union([Type.String(), Type.Null()]),
  attachments: Type.Array(Attachment),
});

export const devRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dev/mail',
    {
      schema: {
        operationId: 'listDevMail',
        tags: ['dev'],
        // Internal: a developer's mailbox, never an applicant's or an integration's API.
        hide: true,
        summary: 'Mail in the outbox, newest first (only with the dev mailbox on)',
        querystring: Type.Object({
          to: Type.Optional(Type.String({ maxLength: 254 })),
          limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
        }),
        response: { 200: Type.Array(Mail) },
      },
    },
    async (request) => {
      let query = db
        .selectFrom('mail_outbox')
        .select((eb) => [
          'id',
          'recipient',
          'subject',
          'body',
          'created_at',
          'sent_at',
          'attachment_name',
          eb.fn<number | null>('octet_length', ['attachment_data']).as('attachment_size'),
        ])
        .orderBy('id', 'desc')
        .limit(Number(request.query.limit ?? '50'));
      if (request.query.to !== undefined)
        query = query.where('recipient', '=', request.query.to.trim().toLowerCase());
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        // Mail sent while the dev mailbox was off has no text left.
        text: row.body ?? '',
        created_at: row.created_at.toISOString(),
        sent_at: row.sent_at?.toISOString() ?? null,
        attachments:
          row.attachment_name === null || row.attachment_size === null
            ? []
            : [
                {
                  file_name: row.attachment_name,
                  content_type: 'application/pdf',
                  size: row.attachment_size,
                  url: `/dev/mail/${row.id}/attachment`,
                },
              ],
      }));
    },
  );

  app.get(
    '/dev/mail/:id/attachment',
    {
      schema: {
        operationId: 'getDevMailAttachment',
        tags: ['dev'],
        hide: true,
        summary: "A mail's attached file, as it was sent (only with the dev mailbox on)",
        params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) }),
        response: {
          200: {
            description: 'The attached file',
            content: {
              'application/pdf': {
                schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...errorAnswers(404, 503),
        },
      },
    },
    async (request, reply) => {
      const row = await db
        .selectFrom('mail_outbox')
        .select(['attachment_name', 'attachment_data'])
        .where('id', '=', Number(request.params.id))
        .executeTakeFirst();
      if (row?.attachment_data == null || row.attachment_name === null)
        return reply.code(404).send({ message: 'This mail has no attachment.' });
      return reply
        .header('content-type', 'application/pdf')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(row.attachment_name)}`,
        )
        .send(row.attachment_data);
    },
  );
};
