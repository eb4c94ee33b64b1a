/**
 * Views without a session (SPEC §7): `GET /service/tmp-pdf?service_token=` (the service user's
 * read-only application) and `GET /public/tmp?token=` (a temporary public application). Both
 * answer `cache-control: no-store`: an application is never kept by a browser or a proxy.
 */
import { type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { AnswersSchema, ServiceApplicationSchema } from '@admit/form-model/api';
import { type Answers } from '@admit/form-model';
import { Type } from 'typebox';

import { type Applications } from '../../services/applications.ts';
import { securityEvents } from '../../services/securityEvents.ts';
import { type ViewTokens } from '../../services/viewTokens.ts';
import { errorAnswers, PUBLIC_SECURITY } from '../schemas.ts';

export interface ServiceRoutesOptions {
  applications: Applications;
  viewTokens: ViewTokens;
  /**
   * The answers as staff read them: each choice's `{key}_desc` in the college's own language
   * (services/collegeLabels.ts), not the applicant's. Unchanged when not given.
   */
  staffAnswers?: (answers: Answers) => Answers;
}

const Token = Type.String({ maxLength: 200 });

export const serviceRoutes: FastifyPluginCallbackTypebox<ServiceRoutesOptions> = (
  app,
  { applications, viewTokens, staffAnswers = (answers) => answers },
  done,
) => {
  // Set before the handler runs, so refusals are not stored either.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/service/tmp-pdf',
    {
      schema: {
        operationId: 'getServiceApplication',
        tags: ['service'],
        security: [{ serviceToken: [] }],
        summary:
          "One application, read-only, for the service user's print view (a service token made by staff)",
        querystring: Type.Object({ service_token: Type.Optional(Token) }),
        response: { 200: ServiceApplicationSchema, ...errorAnswers(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const { accountId, username } = await viewTokens.authenticateService(
        request.query.service_token,
        securityEvents(request),
      );
      const [profile, tabs, addAnother] = await Promise.all([
        applications.profile(accountId, username),
        applications.tabs(accountId),
        applications.addAnother(accountId),
      ]);
      return {
        answer: staffAnswers(profile.answer),
        add_another: addAnother,
        document_answer: profile.document_answer,
        tabs,
      };
    },
  );

  app.get(
    '/public/tmp',
    {
      schema: {
        operationId: 'getTemporaryApplication',
        tags: ['service'],
        security: PUBLIC_SECURITY,
        summary: 'The prefilled answers of a temporary public application made by staff',
        querystring: Type.Object({ token: Type.Optional(Token) }),
        response: { 200: Type.Object({ answer: AnswersSchema }), ...errorAnswers(400, 404, 503) },
      },
    },
    async (request) => ({
      answer: await viewTokens.readTmpApplication(request.query.token, securityEvents(request)),
    }),
  );
  done();
};
