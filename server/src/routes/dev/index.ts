/**
 * The dev mailbox: the mail sent, newest first, codes and reset links included. Registered
 * only when config.devMailbox is on (a loopback origin without SMTP_URL, or DEV_MAILBOX=1).
 */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { type Db } from '../../db/database.ts';

const Mail = Type.Object({
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
});

export const devRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dev/mail',
    {
      schema: {
        tags: ['dev'],
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
        .select(['recipient', 'subject', 'body', 'created_at'])
        .orderBy('id', 'desc')
        .limit(Number(request.query.limit ?? '50'));
      if (request.query.to !== undefined)
        query = query.where('recipient', '=', request.query.to.trim().toLowerCase());
      const rows = await query.execute();
      return rows.map((row) => ({
        to: row.recipient,
        subject: row.subject,
        // Mail sent while the dev mailbox was off has no text left.
        text: row.body ?? '',
        created_at: row.created_at.toISOString(),
      }));
    },
  );
};
