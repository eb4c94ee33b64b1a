/**
 * The admissions office's API, `/office/api/*`: staff sign-in with password and TOTP code, the
 * list of applications, one application, the SSN for officers, downloads and the export.
 *
 * A scope of its own with one session hook (as the applicant's, plugins/app/session.ts): every
 * route but the sign-in needs a live staff session, read from the staff cookie only. That
 * cookie is sent to /office alone (Path=/office, SameSite=Strict), and the applicant's session
 * cookie means nothing here: an applicant is 401 on every route, and a staff member is 401 on
 * the applicant API, which never reads the staff cookie. Every answer is `no-store`, and every
 * list, view, SSN reveal, export and download is written to the audit log (services/audit.ts).
 * Nothing here changes an applicant's data.
 */
import { Readable } from 'node:stream';

import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DERIVED_WEB_STATUSES, type DerivedWebStatus } from '@admit/form-model';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import {
  type Audit,
  type AuditActor,
  AUDIT_ACTIONS,
  type AuditAction,
} from '../../services/audit.ts';
import { type Clock } from '../../services/clock.ts';
import { HttpError } from '../../services/errors.ts';
import { type FileStore } from '../../services/files.ts';
import {
  csvExport,
  jsonExport,
  type Office,
  officeMessages,
  type OfficeFilters,
  OFFICE_SORTS,
  type OfficeSort,
} from '../../services/office.ts';
import { createMemoryThrottle } from '../../services/memoryThrottle.ts';
import { type ApplicationPdfs, contentDisposition } from '../../services/pdf.ts';
import { securityEvents } from '../../services/securityEvents.ts';
import {
  type Staff,
  type StaffSession,
  STAFF_SESSION_ABSOLUTE_MS,
  staffMessages,
} from '../../services/staff.ts';
import { Body, errorAnswers, JSON_BODY_ERRORS, Message, Password, Username } from '../schemas.ts';

/** The staff session's cookie: its own name, sent only to /office. */
export const STAFF_COOKIE = 'admit_staff';
export const STAFF_COOKIE_PATH = '/office';
/** How long a staff session lives without a request, on every authenticated answer. */
export const STAFF_MS_LEFT_HEADER = 'admit-staff-ms-left';

/**
 * Requests a staff member may make (sign-in aside, which has its own throttles), per minute
 * and per hour. A person working fast makes a few a minute, and the office's bench 620 in a
 * row; a stolen session scripted to read every application runs into them within minutes.
 */
export const OFFICE_RATE_LIMITS = [
  { limit: 1200, windowMs: 60_000 },
  { limit: 6000, windowMs: 60 * 60_000 },
] as const;

/** The 429 a staff member gets past a rate limit, saying how long to wait. */
export function officeRateMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return `This office session has made too many requests in a short time. Please wait ${wait}, then go on.`;
}

/** The OpenAPI security of the office's routes: the staff cookie. */
export const STAFF_SECURITY = [{ staffSession: [] }];

export interface OfficeRoutesOptions {
  staff: Staff;
  office: Office;
  audit: Audit;
  pdfs: ApplicationPdfs;
  files: FileStore;
  /** Secure cookies (under https), as the applicant's. */
  secure: boolean;
  /** The rate limits' clock. */
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member (set by the office's session hook). */
    staffMember?: StaffSession;
  }
}

const LOGIN_ROUTE = 'POST /office/api/login';

const day = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description });
const Filters = {
  q: Type.Optional(
    Type.String({ maxLength: 200, description: 'Part of a name, e-mail address or reference' }),
  ),
  status: Type.Optional(
    Type.Unsafe<DerivedWebStatus>({
      type: 'string',
      enum: [...DERIVED_WEB_STATUSES],
      description: 'The web status',
    }),
  ),
  from: Type.Optional(
    day("Submitted on or after this day, in the college's time zone (YYYY-MM-DD)"),
  ),
  to: Type.Optional(
    day("Submitted on or before this day, in the college's time zone (YYYY-MM-DD)"),
  ),
  sort: Type.Optional(
    Type.Unsafe<OfficeSort>({
      type: 'string',
      enum: [...OFFICE_SORTS],
      description: 'A column, `-` before it for the other way; default `-submitted`',
    }),
  ),
};

const ReferenceParams = Type.Object({
  reference: Type.String({
    maxLength: 64,
    description: 'The reference number, or the id of an application not yet submitted',
  }),
});

const DocumentsState = Type.Object({
  total: Type.Integer(),
  completed: Type.Integer(),
  pending: Type.Integer(),
  failed: Type.Integer(),
});

const ListRow = Type.Object({
  id: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  email: Type.String(),
  status: Type.String(),
  submitted_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  submitted_local: Type.Union([
    Type.String({ description: "The submitted time in the college's time zone, for display" }),
    Type.Null(),
  ]),
  documents: DocumentsState,
});

const ListAnswer = Type.Object({
  applications: Type.Array(ListRow),
  total: Type.Integer({ description: 'How many applications the filters find' }),
  page: Type.Integer(),
  page_size: Type.Integer(),
  time_zone: Type.String({ description: "The college's IANA time zone" }),
});

const ApplicationAnswer = Type.Object({
  id: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  name: Type.String(),
  status: Type.String(),
  submitted_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  submitted_local: Type.Union([Type.String(), Type.Null()]),
  time_zone: Type.String(),
  ssn: Type.Union([Type.String({ description: 'Masked: XXX-XX-1234' }), Type.Null()]),
  model: Type.Unsafe<object>({
    type: 'object',
    description:
      "form-model's print model (steps, sections, blocks), as the PDF and the service view render it; the SSN masked",
    additionalProperties: true,
  }),
  pdf_url: Type.String(),
  documents: Type.Array(
    Type.Object({
      answer_key: Type.String(),
      file_name: Type.String(),
      file_size: Type.Integer(),
      type: Type.String(),
      status: Type.Union([Type.String(), Type.Null()]),
      url: Type.String({ description: 'Downloads the file as the applicant uploaded it' }),
    }),
  ),
});

const binary = (type: string, description: string) => ({
  description,
  content: {
    [type]: { schema: Type.Unsafe<Buffer | Readable>({ type: 'string', format: 'binary' }) },
  },
});

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function staffOf(request: FastifyRequest): StaffSession {
  if (request.staffMember === undefined) throw new HttpError(401, staffMessages.sessionInvalid);
  return request.staffMember;
}

const actorOf = (member: StaffSession): AuditActor => ({ staffId: member.id, actor: member.email });

function officersOnly(member: StaffSession): void {
  if (member.role !== 'officer') throw new HttpError(403, staffMessages.officersOnly);
}

function filtersOf(query: OfficeFilters): OfficeFilters {
  return {
    ...(query.q === undefined || query.q.trim() === '' ? {} : { q: query.q.trim() }),
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.from === undefined ? {} : { from: query.from }),
    ...(query.to === undefined ? {} : { to: query.to }),
  };
}

/** A day YYYY-MM-DD that the calendar has (2026-02-30 is refused, not rolled over). */
function checkDay(value: string | undefined, name: string): void {
  if (value === undefined) return;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new HttpError(400, `The ${name} date "${value}" is not a day of the calendar.`);
}

export const officeRoutes: FastifyPluginAsyncTypebox<OfficeRoutesOptions> = async (
  app,
  { staff, office, audit, pdfs, files, secure, clock },
) => {
  // In memory, per instance: a database write per request would cost more than the request.
  const rateLimits = OFFICE_RATE_LIMITS.map((rule) => createMemoryThrottle(rule, clock));
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });

  // Staff data is never kept by a browser or a proxy; set first, so refusals are not either.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (`${request.method} ${request.routeOptions.url ?? ''}` === LOGIN_ROUTE) return;
    const member = await staff.authenticate(request.cookies[STAFF_COOKIE]);
    if (member === undefined) {
      clearCookie(reply);
      throw new HttpError(401, staffMessages.sessionInvalid);
    }
    request.staffMember = member;
    reply.header(STAFF_MS_LEFT_HEADER, String(member.msLeft));
    // Per staff member, so a second session does not double the allowance.
    for (const rateLimit of rateLimits) {
      const retryAfter = rateLimit.hit(member.id);
      if (retryAfter !== undefined)
        throw new HttpError(
          429,
          officeRateMessage(retryAfter),
          {},
          {
            'retry-after': String(retryAfter),
          },
        );
    }
  });

  // The OpenAPI document says what the hook enforces: the staff cookie, and 401 without it.
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    if (route.url === '/office/api/login') {
      route.schema = { ...schema, security: [] };
      return;
    }
    const response = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      security: STAFF_SECURITY,
      response: { ...response, ...errorAnswers(401, 429) },
    };
  });

  const tags = ['office'];

  app.post(
    '/office/api/login',
    {
      schema: {
        operationId: 'officeSignIn',
        tags,
        summary: 'Staff sign-in with e-mail address, password and the 6-digit code of their app',
        description:
          'Sets the staff session cookie `admit_staff` (HttpOnly, SameSite=Strict, Path=/office; it ends after 30 minutes without a request). Every refusal says the same sentence, whatever the reason; 429 once throttled or locked.',
        body: Body({
          username: Username,
          password: Password,
          code: Type.String({ maxLength: 20, description: 'The current 6-digit TOTP code' }),
        }),
        response: {
          200: Type.Object({
            message: Type.String(),
            email: Type.String(),
            role: Type.Union([Type.Literal('reader'), Type.Literal('officer')]),
          }),
          ...errorAnswers(...JSON_BODY_ERRORS, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { token, staff: member } = await staff.login(
        request.body,
        request.ip,
        securityEvents(request),
      );
      // A session presented with the sign-in ends: the new token replaces it.
      await staff.logout(request.cookies[STAFF_COOKIE]);
      reply.setCookie(STAFF_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: STAFF_COOKIE_PATH,
        maxAge: Math.floor(STAFF_SESSION_ABSOLUTE_MS / 1000),
      });
      return { message: staffMessages.signedIn, email: member.email, role: member.role };
    },
  );

  app.post(
    '/office/api/logout',
    {
      schema: {
        operationId: 'officeSignOut',
        tags,
        summary: 'Staff sign-out: ends the staff session',
        response: { 200: Message, ...errorAnswers(403, 503) },
      },
    },
    async (request, reply) => {
      const member = staffOf(request);
      await staff.logout(request.cookies[STAFF_COOKIE]);
      clearCookie(reply);
      await audit.record(actorOf(member), 'sign_out');
      return { message: staffMessages.signedOut };
    },
  );

  app.get(
    '/office/api/me',
    {
      schema: {
        operationId: 'officeMe',
        tags,
        summary: 'The signed-in staff member: e-mail address and role',
        response: {
          200: Type.Object({ email: Type.String(), role: Type.String() }),
          ...errorAnswers(503),
        },
      },
    },
    async (request) => {
      const member = staffOf(request);
      return { email: member.email, role: member.role };
    },
  );

  app.get(
    '/office/api/applications',
    {
      schema: {
        operationId: 'officeListApplications',
        tags,
        summary: 'Applications: searched, filtered, sorted and paged on the server',
        querystring: Type.Object({
          ...Filters,
          page: Type.Optional(
            Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'From 1; 25 a page' }),
          ),
        }),
        response: { 200: ListAnswer, ...errorAnswers(400, 503) },
      },
    },
    async (request) => {
      const member = staffOf(request);
      const { query } = request;
      checkDay(query.from, 'from');
      checkDay(query.to, 'to');
      const filters = filtersOf(query);
      const sort: OfficeSort = query.sort ?? '-submitted';
      const page = Number(query.page ?? '1');
      const answer = await office.list(filters, sort, page);
      await audit.record(actorOf(member), 'list', null, {
        ...filters,
        sort,
        page,
        total: answer.total,
      });
      return answer;
    },
  );

  app.get(
    '/office/api/applications/:reference',
    {
      schema: {
        operationId: 'officeGetApplication',
        tags,
        summary:
          'One application as the print model renders it (the SSN masked), its documents and its PDF',
        params: ReferenceParams,
        response: { 200: ApplicationAnswer, ...errorAnswers(404, 503) },
      },
    },
    async (request) => {
      const member = staffOf(request);
      const { target, application } = await office.view(request.params.reference);
      await audit.record(actorOf(member), 'view', target);
      return application;
    },
  );

  app.post(
    '/office/api/applications/:reference/ssn',
    {
      schema: {
        operationId: 'officeRevealSsn',
        tags,
        summary: 'The full Social Security number, for officers only; each reveal is logged',
        params: ReferenceParams,
        response: {
          200: Type.Object({ ssn: Type.String() }),
          ...errorAnswers(403, 404, 503),
        },
      },
    },
    async (request) => {
      const member = staffOf(request);
      if (member.role !== 'officer') {
        // Who tried to read a number they may not is worth as much to the office as who did.
        await audit.record(actorOf(member), 'ssn_reveal_refused', request.params.reference);
        officersOnly(member);
      }
      const { target, ssn } = await office.ssn(request.params.reference);
      await audit.record(actorOf(member), 'ssn_reveal', target);
      return { ssn };
    },
  );

  app.get(
    '/office/api/applications/:reference/application.pdf',
    {
      schema: {
        operationId: 'officeDownloadPdf',
        tags,
        summary: 'The application PDF (the SSN masked), as the applicant downloads it',
        params: ReferenceParams,
        response: {
          200: binary('application/pdf', 'The application as a PDF'),
          ...errorAnswers(404, 409, 503, 507),
        },
      },
    },
    async (request, reply) => {
      const member = staffOf(request);
      const found = await office.find(request.params.reference);
      const { bytes, fileName } = await pdfs.download(found.account_id, found.username);
      await audit.record(actorOf(member), 'download_pdf', found.target);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.get(
    '/office/api/applications/:reference/documents/:key',
    {
      schema: {
        operationId: 'officeDownloadDocument',
        tags,
        summary: 'A document of the application, as the applicant uploaded it',
        params: Type.Object({
          reference: ReferenceParams.properties.reference,
          key: Type.String({ maxLength: 200, description: "The document's question (answer key)" }),
        }),
        response: {
          200: binary('application/octet-stream', 'The file as uploaded'),
          ...errorAnswers(404, 503),
        },
      },
    },
    async (request, reply) => {
      const member = staffOf(request);
      const document = await office.document(request.params.reference, request.params.key);
      const bytes = await files.get(document.original_key);
      if (bytes === undefined) throw new HttpError(404, officeMessages.documentGone);
      await audit.record(actorOf(member), 'download_document', document.target, {
        answer_key: request.params.key,
      });
      const name = document.file_name;
      return reply
        .header('content-type', CONTENT_TYPES[document.sniffed_type] ?? 'application/octet-stream')
        .header(
          'content-disposition',
          contentDisposition({
            ascii: name.replace(/[^\x20-\x7e]|["\\]/g, '_'),
            unicode: name,
          }),
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/office/api/audit',
    {
      schema: {
        operationId: 'officeAuditLog',
        tags,
        summary:
          'The audit log, newest first, 50 a page: for officers only (reading it is not logged)',
        querystring: Type.Object({
          since: Type.Optional(
            day("From the start of this day, in the college's time zone (YYYY-MM-DD)"),
          ),
          staff: Type.Optional(
            Type.String({
              maxLength: 254,
              description: "A staff member's e-mail address, or `cli`",
            }),
          ),
          action: Type.Optional(
            Type.Unsafe<AuditAction>({
              type: 'string',
              enum: [...AUDIT_ACTIONS],
              description: 'One action',
            }),
          ),
          page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'From 1' })),
        }),
        response: {
          200: Type.Object({
            total: Type.Integer({ description: 'How many entries the filters find' }),
            page: Type.Integer(),
            page_size: Type.Integer(),
            rows: Type.Array(
              Type.Object({
                at: Type.String({ format: 'date-time' }),
                who: Type.String({ description: "The staff member's e-mail address, or `cli`" }),
                action: Type.String(),
                reference: Type.Union([Type.String(), Type.Null()], {
                  description:
                    'The application acted on: its reference, or its id before it is submitted',
                }),
                details: Type.Record(Type.String(), Type.Unknown()),
              }),
            ),
          }),
          ...errorAnswers(400, 403, 503),
        },
      },
    },
    async (request) => {
      const member = staffOf(request);
      officersOnly(member);
      const { query } = request;
      checkDay(query.since, 'since');
      const staffFilter = query.staff?.trim();
      return audit.page({
        since: query.since,
        actor: staffFilter === undefined || staffFilter === '' ? undefined : staffFilter,
        action: query.action,
        timeZone: office.timeZone,
        page: Number(query.page ?? '1'),
      });
    },
  );

  const exportQuery = Type.Object({
    ...Filters,
    ssn: Type.Optional(
      Type.Literal('full', {
        description: 'The full SSN instead of XXX-XX-1234: officers only, and logged',
      }),
    ),
  });

  for (const format of ['csv', 'json'] as const) {
    app.get(
      `/office/api/export.${format}`,
      {
        schema: {
          operationId: format === 'csv' ? 'officeExportCsv' : 'officeExportJson',
          tags,
          summary:
            format === 'csv'
              ? "The applications the list's filters find, one row each, columns labelled with the college's questions (streamed)"
              : "The applications the list's filters find with the data dictionary (`columns`: key, label, kind, step), streamed",
          querystring: exportQuery,
          response: {
            200: binary(
              format === 'csv' ? 'text/csv' : 'application/json',
              'The export; the SSN masked XXX-XX-1234 unless `ssn=full`',
            ),
            ...errorAnswers(400, 403, 503),
          },
        },
      },
      async (request, reply) => {
        const member = staffOf(request);
        const { query } = request;
        const fullSsn = query.ssn === 'full';
        checkDay(query.from, 'from');
        checkDay(query.to, 'to');
        const filters = filtersOf(query);
        const sort: OfficeSort = query.sort ?? '-submitted';
        if (fullSsn && member.role !== 'officer') {
          await audit.record(actorOf(member), 'ssn_export_refused', null, {
            ...filters,
            sort,
            format,
          });
          officersOnly(member);
        }
        await audit.record(actorOf(member), 'export', null, {
          ...filters,
          sort,
          format,
          ssn: fullSsn ? 'full' : 'masked',
        });
        const columns = office.columns();
        const rows = office.exportRows(filters, sort, fullSsn);
        const chunks = format === 'csv' ? csvExport(columns, rows) : jsonExport(columns, rows);
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header(
            'content-type',
            format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
          )
          .header('content-disposition', `attachment; filename="applications-${stamp}.${format}"`)
          .send(Readable.from(chunks));
      },
    );
  }
};
