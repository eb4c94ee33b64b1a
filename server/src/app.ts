/**
 * The Fastify application, assembled from its adapters. Tests build it with `fastify.inject`
 * against a real database; main.ts builds it and listens.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TenantConfig } from '@admit/tenant-config';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

import { type Config, resolveDataKeys } from './config.ts';
import { type Db, setDatabaseLog } from './db/database.ts';
import { DatabaseUnavailableError } from './db/health.ts';
import { accessLog } from './plugins/app/accessLog.ts';
import { errors, frameworkError } from './plugins/app/errors.ts';
import { health } from './plugins/app/health.ts';
import { jobsPlugin } from './plugins/app/jobs.ts';
import { createMetrics, metricsPlugin } from './plugins/app/metrics.ts';
import { type CookieSettings, markerCookieName, sessionPlugin } from './plugins/app/session.ts';
import { languageBeforeRouting, languagePlugin } from './plugins/app/language.ts';
import { renderSites } from './plugins/app/site.ts';
import { officePageData, officeSpa } from './plugins/app/officeSpa.ts';
import { spa } from './plugins/app/spa.ts';
import { security } from './plugins/external/security.ts';
import { accountRoutes } from './routes/accounts/index.ts';
import { applicationRoutes } from './routes/application/index.ts';
import { clientErrorRoutes } from './routes/clientErrors/index.ts';
import { devRoutes } from './routes/dev/index.ts';
import { pdfRoutes } from './routes/pdf/index.ts';
import { documentRoutes } from './routes/documents/index.ts';
import { lookupRoutes } from './routes/lookup/index.ts';
import { officeRoutes } from './routes/office/index.ts';
import { serviceRoutes } from './routes/service/index.ts';
import { storageRoutes } from './routes/storage/index.ts';
import { createAccounts } from './services/accounts.ts';
import { createApplications } from './services/applications.ts';
import { createAudit } from './services/audit.ts';
import { type Clock, systemClock } from './services/clock.ts';
import { collegeLanguagesOf } from './services/college.ts';
import { collegeLabeller } from './services/collegeLabels.ts';
import { createConverter } from './services/convert.ts';
import { completedDocuments, pendingConversion, createDocuments } from './services/documents.ts';
import { createHousekeeping } from './services/housekeeping.ts';
import { createJobs, type Jobs } from './services/jobs.ts';
import {
  type AddressProvider,
  createZipAddressProvider,
  loadZipcodesUs,
} from './services/lookups/address.ts';
import { createLookups } from './services/lookups/search.ts';
import { createOffice } from './services/office.ts';
import { createMailer, MAIL_CONCURRENCY, type Mailer } from './services/mail.ts';
import { createApplicationPdfs, type PdfDocumentSource } from './services/pdf.ts';
import { applicationPdfAttachment, createReceipts } from './services/receipts.ts';
import { createSessions } from './services/sessions.ts';
import { SSN_SAFE_REDACT, ssnSafeStream } from './services/logScrub.ts';
import { createSsnVault } from './services/ssn.ts';
import { createStaff } from './services/staff.ts';
import { createStorage } from './services/storage.ts';
import { text } from './services/texts.ts';
import { createUploadGrants } from './services/uploadGrants.ts';
import { createViewTokens } from './services/viewTokens.ts';
import { type DataKeys } from './services/dataKeys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue (services/mail.ts): tests deliver with `await app.mailQueue.runOnce()`. */
    mailQueue: Jobs;
  }
}

/**
 * Paths the API owns: an unknown one is a JSON 404, never the app's HTML (plugins/app/spa.ts
 * says which other paths get the app).
 */
const API_PREFIXES = [
  '/api/',
  '/public/',
  '/dev/',
  '/lookup/',
  '/service/',
  '/storage/',
  '/health/',
  '/office/api/',
];

/**
 * How long a connection may stay silent, a response being made included (Node's socket
 * timeout): far above any request's own time (a PDF takes seconds), so that only a dead peer
 * meets it.
 */
export const CONNECTION_TIMEOUT_MS = 120_000;
/**
 * How long an idle keep-alive connection is kept for its next request: above the 60 s that
 * proxies (nginx, load balancers) keep theirs, so that the proxy always closes first and never
 * sends on a connection the server is closing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node looks for requests past their time (its default, 30 s, would add up to 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export interface AppDeps {
  config: Config;
  tenant: TenantConfig;
  db: Db;
  clock?: Clock;
  /** Replaces the outbox mailer (tests never need to). */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** A pino logger of the caller's (main.ts: the one that logged the start), instead of `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** Replaces the embedded ZIP-code address suggestions (a real address service). */
  addressProvider?: AddressProvider;
  /** Replaces where the application PDF finds the applicant's converted documents. */
  pdfDocuments?: PdfDocumentSource;
  /** The SSN's keys (main.ts resolves them once); default: config.ts `resolveDataKeys`. */
  dataKeys?: DataKeys;
}

/**
 * Fastify's logger options with the SSN kept out of every line (services/logScrub.ts): the
 * lines go through `ssnSafeStream`, and an answers object is redacted.
 */
function ssnSafeLogger(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (options === false || options === undefined) return options;
  const given = options === true ? {} : options;
  return {
    ...given,
    redact: SSN_SAFE_REDACT,
    stream: ssnSafeStream(given.stream ?? process.stdout),
  };
}

/** Trusts the `hops` nearest proxies: the socket's peer is hop 0. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, tenant, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    ...(deps.loggerInstance === undefined
      ? { logger: ssnSafeLogger(deps.logger ?? { level: config.logLevel }) }
      : { loggerInstance: deps.loggerInstance }),
    // The server never coerces what the browser sends: "1" is not 1, "true" is not true.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    bodyLimit: 1_048_576,
    // A request, headers and body, arrives within REQUEST_TIMEOUT_S or is answered 408 and its
    // connection closed: a client trickling its body a byte at a time holds no socket longer.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    // Fastify's own request lines carry the whole URL, query string included: the access log
    // (plugins/app/accessLog.ts) writes one line per request without it, at every level.
    logController: new LogController({ disableRequestLogging: true }),
    // An address Fastify cannot route is refused before any hook: in the request's language too.
    frameworkErrors: (error, request, reply) => {
      const language = languageBeforeRouting(
        app.languages,
        request.url,
        app.parseCookie(request.headers.cookie ?? ''),
        request.headers['accept-language'],
      );
      const { status, message } = frameworkError(error, language);
      void (reply as FastifyReply).code(status).send({ message });
    },
    // request.ip (and so every per-address throttle) believes X-Forwarded-For only from these.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // Fastify 5 no longer takes a hop count (it trusts nothing then): the first N hops,
          // as proxy-addr counts them, whatever their address.
          trustHops(config.trustProxy)
        : config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // A database outage is logged once, as one of the app's lines (db/health.ts).
  setDatabaseLog(db, app.log);
  // More open connections than this are refused at once (file descriptors are finite).
  app.server.maxConnections = config.maxConnections;
  const metrics = createMetrics(db, { processMetrics: config.metrics !== undefined });

  const https = config.publicOrigin.startsWith('https:');
  const cookies: CookieSettings = { secure: https, markerPrefix: tenant.sessionCookiePrefix };

  await app.register(errors);
  await app.register(accessLog);
  await app.register(metricsPlugin, { metrics, listen: config.metrics });
  await app.register(cookie);
  // Each request's language (plugins/app/language.ts), before anything can answer it.
  const college = collegeLanguagesOf(tenant, config.pseudoLocale);
  const { languages } = college;
  const sessions = createSessions(db, clock);
  await app.register(languagePlugin, { languages, sessions, secure: https });
  const staticDir = config.staticDir;
  // The app's HTML, made for this college now: the build holds no college.
  const sites =
    staticDir !== undefined && existsSync(join(staticDir, 'index.html'))
      ? await renderSites(staticDir, college)
      : undefined;
  await app.register(security, {
    publicOrigin: config.publicOrigin,
    https,
    inlineScripts: sites?.inlineScripts ?? [],
    jsonExempt: (url) => url.startsWith('/storage/'),
    // Presigned uploads to S3 go straight from the browser to the bucket.
    connectOrigins:
      config.s3 === undefined
        ? []
        : [
            config.s3.endpoint === undefined
              ? `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`
              : new URL(config.s3.endpoint).origin,
          ],
  });
  // The OpenAPI document (GET /api/openapi.json, docs/operations/api.md): each route's schema
  // says its operationId, its errors and, through the session plugin, whether it needs a session.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${tenant.names.college} admission application API`,
        version: '1.0.0',
        description:
          "Admit's API (SPEC §7). Every answer is JSON; every error is `{message}` in words a person can read, in the request's language: `?lang=xx` on any address (remembered in the `admit-lang` cookie), else that cookie, else the session's account's language, else `Accept-Language`, else the college's first. Routes marked with the `session` scheme need the applicant's session cookie, which `POST /public/login` sets; state-changing calls from a browser must come from the app's own origin.",
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'admit_session',
            description: 'The session cookie POST /public/login sets (httpOnly, SameSite=Lax).',
          },
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'admit_staff',
            description:
              "The admissions office's staff session cookie, which POST /office/api/login sets (HttpOnly, SameSite=Strict, Path=/office; 30 minutes idle). The applicant's cookie is never accepted where this one is asked for, nor this one where the applicant's is.",
          },
          serviceToken: {
            type: 'apiKey',
            in: 'query',
            name: 'service_token',
            description: "A service link's token, made by staff with `npm run admin`.",
          },
        },
      },
      tags: [
        { name: 'accounts', description: 'Sign-up, confirmation, login, password reset, logout.' },
        { name: 'application', description: "The applicant's answers, status and submission." },
        { name: 'documents', description: 'Uploaded documents and their conversion to PDF.' },
        { name: 'pdf', description: 'The application as a PDF.' },
        { name: 'storage', description: 'The embedded file store (without S3_BUCKET).' },
        { name: 'lookup', description: 'Suggestions for schools, colleges and addresses.' },
        { name: 'service', description: 'Links made by staff: service views, prefilled forms.' },
        { name: 'errors', description: 'Errors the browser showed, reported for the operators.' },
        {
          name: 'office',
          description:
            'The admissions office: staff sign-in (password and TOTP code), the applications, the SSN for officers, downloads and exports. Every call but the sign-in needs the staff session; each is written to the audit log.',
        },
      ],
    },
  });
  // The API reference, outside production only: it is for developers and integrators, and a
  // production server shows applicants nothing they do not need (GET /api/docs is 404 there).
  if (!config.production) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
      // Its own policy, stricter than the app's: Swagger UI is scripts and styles of its own
      // origin (the styles set inline by its components need 'unsafe-inline'), fetches only
      // the document and the API, and no validator badge from another site.
      staticCSP: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    });
  }

  // Mail has a worker of its own on the job table, so a code is never queued behind
  // conversions; started with the server (onListen), stopped with it.
  const mailQueue = createJobs({
    db,
    clock,
    log: app.log,
    concurrency: MAIL_CONCURRENCY,
    onAttemptFailed: metrics.jobFailed,
  });
  app.decorate('mailQueue', mailQueue);
  app.addHook('onListen', () => {
    mailQueue.start();
  });
  app.addHook('onClose', async () => {
    await mailQueue.stop();
    // After the worker: a mail in flight finishes on its connection.
    mailer.close?.();
  });
  if (config.devMailbox)
    app.log.warn(
      'the dev mailbox is on: GET /dev/mail shows every mail, confirmation codes and reset links included (and without SMTP_URL the log shows their text). Never use it where applicants can reach the server (DEV_MAILBOX=0 turns it off).',
    );
  else if (config.smtpUrl === undefined)
    app.log.warn(
      'SMTP_URL is not set and the dev mailbox is off: no mail (confirmation codes, reset links) reaches anyone. Set SMTP_URL.',
    );
  // Uploads and their conversion (services/documents.ts); the worker is started by main.ts.
  const storage = await createStorage({ config, db, clock, log: app.log });
  const dataKeys = deps.dataKeys ?? resolveDataKeys(config).keys;
  const ssn = createSsnVault(tenant.pages, dataKeys);
  const grants = createUploadGrants({ db, clock });
  const jobs = createJobs({
    db,
    clock,
    log: app.log,
    onAttemptFailed: metrics.jobFailed,
    housekeeping: createHousekeeping({
      db,
      clock,
      devMailbox: config.devMailbox,
      uploads: { grants, files: storage.files },
    }),
  });
  const converter = createConverter({ soffice: config.soffice, log: app.log });
  await app.register(jobsPlugin, { jobs, converter });
  const documents = createDocuments({
    db,
    clock,
    tenant,
    files: storage.files,
    uploads: storage.uploads,
    grants,
    jobs,
    converter,
    log: app.log,
  });
  const pdfs = createApplicationPdfs({
    db,
    clock,
    tenant,
    ssn,
    college,
    files: storage.files,
    documents: deps.pdfDocuments ?? {
      completedFor: (accountId) => completedDocuments(db, accountId),
      pendingFor: (accountId) => pendingConversion(db, accountId),
    },
    log: app.log,
  });
  // The mail's job attaches the submitted application's PDF to a receipt (services/receipts.ts).
  const mailer =
    deps.mailer ??
    createMailer({
      db,
      queue: mailQueue,
      smtpUrl: config.smtpUrl,
      from: `${tenant.names.college} <${tenant.contact.email}>`,
      devMailbox: config.devMailbox,
      log: app.log,
      attachments: {
        'application-pdf': applicationPdfAttachment({
          db,
          college,
          pdfs,
          publicOrigin: config.publicOrigin,
        }),
      },
    });
  const accounts = createAccounts({
    db,
    clock,
    mailer,
    sessions,
    publicOrigin: config.publicOrigin,
    college,
  });
  const applications = createApplications({
    db,
    clock,
    tenant,
    ssn,
    documentAnswers: (accountId) => documents.documentAnswers(accountId),
    receipts: createReceipts({ college, publicOrigin: config.publicOrigin, mailer }),
    college,
  });

  // The applicant's routes, in one scope with one session hook (fastify/demo's autohooks):
  // every route in it needs a live session but the public ones it lists.
  await app.register(async (applicant) => {
    await applicant.register(sessionPlugin, { sessions, cookies });
    await applicant.register(accountRoutes, { accounts, sessions, cookies });
    await applicant.register(applicationRoutes, { applications, sessions, cookies });
    await applicant.register(documentRoutes, { documents });
    await applicant.register(pdfRoutes, { pdfs });
    await applicant.register(clientErrorRoutes, { clock });
  });
  // The admissions office (routes/office): staff sessions of their own, never the applicant's.
  const audit = createAudit(db, clock);
  await app.register(officeRoutes, {
    staff: createStaff({ db, clock, audit, issuer: tenant.names.college, dataKeys }),
    office: createOffice({ db, tenant, ssn }),
    audit,
    pdfs,
    files: storage.files,
    secure: https,
    clock,
  });
  if (storage.local !== undefined)
    await app.register(storageRoutes, { uploads: storage.local, files: storage.files, grants });
  if (config.devMailbox) await app.register(devRoutes, { db });

  const zipAddresses = createZipAddressProvider(loadZipcodesUs);
  const lookups = createLookups(db, deps.addressProvider ?? zipAddresses);
  await app.register(lookupRoutes, { lookups, clock });
  const viewTokens = createViewTokens({ db, clock, rules: applications.rules, ssn });
  await app.register(serviceRoutes, {
    applications,
    viewTokens,
    staffAnswers: collegeLabeller(tenant),
  });
  app.addHook('onListen', async () => {
    // Load the ZIP list and the word indexes now, not at an applicant's first keystroke.
    if (deps.addressProvider === undefined)
      zipAddresses.warm().catch((error: unknown) => {
        app.log.error({ err: error }, 'address suggestions: the ZIP list did not load');
      });
    try {
      const schools = await db.selectFrom('high_schools').select('id').limit(1).execute();
      if (schools.length === 0)
        app.log.warn(
          'lookups: no high schools or colleges yet; import them with `npm run admin -- lookups:import DIR`',
        );
      else await lookups.warm();
    } catch (error) {
      // Not a failure of the lookups: the first lookup builds the index (a busy database at
      // start, two instances starting together, is no reason to page anyone).
      if (error instanceof DatabaseUnavailableError)
        app.log.warn(
          { reason: error.reason },
          `lookups: the word index was not built at start (the database did not answer in time: ${error.reason}); the first lookup builds it`,
        );
      else app.log.error({ err: error }, 'lookups: the word index did not build');
    }
  });

  await app.register(health, {
    db,
    workers: { 'the job worker': jobs, 'the mail worker': mailQueue },
    filesDir: config.s3 === undefined ? join(config.dataDir, 'files') : undefined,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // The database answers: kept for the scripts and tests that poll it; /health/ready says more.
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await db.selectFrom('app_secret').select('id').executeTakeFirst();
    return { status: 'ok' };
  });

  // The admissions office's SPA at /office (plugins/app/officeSpa.ts), in the college's first language.
  const officeDir = config.officeDir;
  if (officeDir !== undefined && existsSync(join(officeDir, 'index.html')))
    await app.register(officeSpa, {
      root: officeDir,
      data: officePageData(college.in(college.languages.fallback), college.languages.fallback),
    });
  if (staticDir !== undefined && sites !== undefined) {
    await app.register(spa, {
      root: staticDir,
      sites,
      apiPrefixes: API_PREFIXES,
      markerCookie: markerCookieName(cookies),
    });
  } else {
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({ message: request.t(text('server.errors.notFound')) }),
    );
  }
  return app;
}
