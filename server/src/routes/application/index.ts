/** SPEC §7 application: profile, answers, last page, web status, tabs, add-another, validations, submit. */
import { type FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import {
  AddAnotherBody,
  AddAnotherMapSchema,
  AnswersSchema,
  LastPageBody,
  ProfileSchema,
  ReceiptSchema,
  SubmitResponseSchema,
  TabBody,
  TabsMapSchema,
  WebStatusBody,
} from '@admit/form-model/api';

import {
  accountOf,
  authenticate,
  type CookieSettings,
  sessionInvalid,
  SESSION_MS_LEFT_HEADER,
  sessionKeyOf,
} from '../../plugins/app/session.ts';
import { told } from '../../plugins/app/language.ts';
import { applicationMessages, type Applications } from '../../services/applications.ts';
import { localized } from '../../services/errors.ts';
import { type Sessions } from '../../services/sessions.ts';
import {
  errorAnswer,
  ErrorMapSchema,
  errorAnswers,
  JSON_BODY_ERRORS,
  Message,
} from '../schemas.ts';

export interface ApplicationRoutesOptions {
  applications: Applications;
  sessions: Sessions;
  cookies: CookieSettings;
}

export const applicationRoutes: FastifyPluginCallbackTypebox<ApplicationRoutesOptions> = (
  app,
  { applications, sessions, cookies },
  done,
) => {
  // Every route here needs a live session: the session hook of the scope checks it
  // (plugins/app/session.ts), PUT /api/answer inside its own save.
  const tags = ['application'];
  /** A read of the applicant's own rows. */
  const read = errorAnswers(503);
  /** A change to an open application: refused once it is submitted (409). */
  const change = errorAnswers(...JSON_BODY_ERRORS, 404, 409, 503);

  app.get(
    '/api/profile',
    {
      schema: {
        operationId: 'getProfile',
        tags,
        summary: "The applicant's answers and status",
        response: { 200: ProfileSchema, ...errorAnswers(404, 503) },
      },
    },
    async (request) => {
      const { accountId, username } = accountOf(request);
      return applications.profile(accountId, username);
    },
  );

  app.put(
    '/api/answer',
    {
      schema: {
        operationId: 'saveAnswers',
        tags,
        summary:
          'Save answers: merged per key; refused answers (unknown keys, over-long values) named in a 400, the rest stored',
        body: AnswersSchema,
        response: {
          200: Message,
          ...change,
          400: errorAnswer(
            "Refused in part or whole. Answers the college's form cannot hold (an unknown key, the wrong kind of value, a line break in a one-line answer, a value over its question's limit): `code` is ANSWERS_REFUSED, `errors` maps each refused key to its sentence, the message names them by reason, and every other answer of the request was stored (the session's use is recorded and admit-session-ms-left sent as on a 200). A body that is not JSON or breaks the schema: the message says why and nothing is stored.",
          ),
        },
      },
      // The busiest route: its session is checked inside the batched save (one round trip
      // to PostgreSQL, not two). What a dead session gets is unchanged: 401 before anything
      // about the body, and nothing stored (plugins/app/session.ts).
      config: { sessionInHandler: true },
    },
    async (request, reply) => {
      const key = sessionKeyOf(request);
      let saved = await applications.saveAnswers(key, request.body);
      if (saved === undefined) {
        // No live session when the batch ran: authenticate ends an idle or expired one and
        // refuses (401). Should the session be live by now, the save is made again.
        await authenticate(request, reply, { sessions, cookies });
        saved = await applications.saveAnswers(key, request.body);
        if (saved === undefined) throw sessionInvalid(reply, cookies);
      }
      // A batch stored in part is a use of the session as much as one stored whole: the idle
      // clock restarts and the browser's idle prompt is told the same, before the refusal.
      if (saved.stale) await sessions.touch(key);
      reply.header(SESSION_MS_LEFT_HEADER, String(saved.msLeft));
      if (saved.refused !== undefined) {
        // Always a 400 (services/applications.ts `refusedAnswers`), answered here rather than
        // thrown: the session hook's error handler would look the live session up again.
        const { text, body } = saved.refused;
        return reply.code(400).send({
          ...(localized(body, request.language) as Record<string, unknown>),
          message: request.t(text),
        });
      }
      return { message: request.t(applicationMessages.saved) };
    },
  );

  app.put(
    '/api/last-page',
    {
      schema: {
        operationId: 'saveLastPage',
        tags,
        summary: 'Remember the page the applicant is on',
        body: LastPageBody,
        response: { 200: Message, ...change },
      },
    },
    async (request) =>
      told(
        request,
        await applications.saveLastPage(accountOf(request).accountId, request.body.last_page),
      ),
  );

  app.post(
    '/api/web-status',
    {
      schema: {
        operationId: 'setWebStatus',
        tags,
        summary: 'Move the status forward (started, validating); submitted only through submit',
        body: WebStatusBody,
        response: { 200: Message, ...change },
      },
    },
    async (request) =>
      told(
        request,
        await applications.postWebStatus(accountOf(request).accountId, request.body.web_status),
      ),
  );

  app.get(
    '/api/tabs',
    {
      schema: {
        operationId: 'getTabs',
        tags,
        summary: 'Chosen tab per tab group',
        response: { 200: TabsMapSchema, ...read },
      },
    },
    async (request) => applications.tabs(accountOf(request).accountId),
  );

  app.put(
    '/api/tabs',
    {
      schema: {
        operationId: 'saveTab',
        tags,
        summary: 'Choose a tab',
        body: TabBody,
        response: { 200: TabsMapSchema, ...change },
      },
    },
    async (request) =>
      applications.saveTab(
        accountOf(request).accountId,
        request.body.tab_id,
        request.body.chosen_tab,
      ),
  );

  app.get(
    '/api/add-another',
    {
      schema: {
        operationId: 'getAddAnother',
        tags,
        summary: 'Groups shown per add-another button (default 1)',
        response: { 200: AddAnotherMapSchema, ...read },
      },
    },
    async (request) => applications.addAnother(accountOf(request).accountId),
  );

  app.put(
    '/api/add-another',
    {
      schema: {
        operationId: 'saveAddAnother',
        tags,
        summary: 'Set how many groups an add-another button shows (1 to its max, at most 10)',
        body: AddAnotherBody,
        response: { 200: AddAnotherMapSchema, ...change },
      },
    },
    async (request) =>
      applications.saveAddAnother(
        accountOf(request).accountId,
        request.body.button_id,
        request.body.num_components,
      ),
  );

  app.post(
    '/api/validations',
    {
      schema: {
        operationId: 'saveValidations',
        tags,
        summary: 'Keep the latest validation errors',
        body: ErrorMapSchema,
        response: { 200: Message, ...change },
      },
    },
    async (request) =>
      told(request, await applications.saveValidations(accountOf(request).accountId, request.body)),
  );

  app.post(
    '/api/submit',
    {
      schema: {
        operationId: 'submitApplication',
        tags,
        summary:
          'Submit: the stored answers are cleared and validated; 400 with the error map when incomplete. Answers the reference number; the receipt is mailed',
        response: { 200: SubmitResponseSchema, ...errorAnswers(...JSON_BODY_ERRORS, 404, 503) },
      },
    },
    async (request) =>
      told(request, await applications.submit(accountOf(request).accountId, request.language)),
  );

  app.get(
    '/api/receipt',
    {
      schema: {
        operationId: 'getReceipt',
        tags,
        summary: "The submitted application's reference number and submission time (404 before)",
        response: { 200: ReceiptSchema, ...errorAnswers(404, 503) },
      },
    },
    async (request) => applications.receipt(accountOf(request).accountId),
  );
  done();
};
