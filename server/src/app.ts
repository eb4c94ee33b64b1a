/**
 * The Fastify application, assembled from its adapters. Tests build it with `fastify.inject`
 * against a real database; main.ts builds it and listens.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TenantConfig } from '@admit/tenant-config';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';

import { type Config } from './config.ts';
import { type Db } from './db/database.ts';
import { type CookieSettings } from './plugins/app/auth.ts';
import { errors } from './plugins/app/errors.ts';
import { security } from './plugins/external/security.ts';
import { accountRoutes } from './routes/accounts/index.ts';
import { applicationRoutes } from './routes/application/index.ts';
import { devRoutes } from './routes/dev/index.ts';
import { createAccounts } from './services/accounts.ts';
import { createApplications } from './services/applications.ts';
import { type Clock, systemClock } from './services/clock.ts';
import { createMailer, type Mailer } from './services/mail.ts';
import { createSessions } from './services/sessions.ts';

/** Paths the API owns; any other GET serves the SPA. */
const API_PREFIXES = ['/api/', '/public/', '/dev/', '/lookup/', '/service/', '/storage/'];

export interface AppDeps {
  config: Config;
  tenant: TenantConfig;
  db: Db;
  clock?: Clock;
  /** Replaces the outbox mailer (tests never need to). */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, tenant, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // The server never coerces what the browser sends: "1" is not 1, "true" is not true.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    bodyLimit: 1_048_576,
    // Per-request log lines only at debug level; errors are always logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const https = config.publicOrigin.startsWith('https:');
  const cookies: CookieSettings = { secure: https, markerPrefix: tenant.sessionCookiePrefix };

  await app.register(errors);
  await app.register(cookie);
  await app.register(security, {
    publicOrigin: config.publicOrigin,
    https,
    jsonExempt: (url) => url.startsWith('/storage/'),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${tenant.names.college} admission application API`,
        version: '1.0.0',
        description: 'Admit: SPEC §7.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'admit_session' } },
      },
    },
  });

  const mailer =
    deps.mailer ??
    createMailer(db, {
      smtpUrl: config.smtpUrl,
      from: `${tenant.names.college} <${tenant.contact.email}>`,
      log: app.log,
    });
  const sessions = createSessions(db, clock);
  const accounts = createAccounts({
    db,
    clock,
    mailer,
    sessions,
    publicOrigin: config.publicOrigin,
    collegeName: tenant.names.college,
  });
  const applications = createApplications({ db, clock, tenant });

  await app.register(accountRoutes, { accounts, sessions, cookies });
  await app.register(applicationRoutes, { applications, sessions, cookies });
  if (!config.production) await app.register(devRoutes, { db });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/health', { schema: { hide: true } }, async () => {
    await db.selectFrom('app_secret').select('id').executeTakeFirst();
    return { status: 'ok' };
  });

  const staticDir = config.staticDir;
  const index = staticDir === undefined ? undefined : join(staticDir, 'index.html');
  if (staticDir !== undefined && index !== undefined && existsSync(index)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      wildcard: false,
      maxAge: '1h',
    });
    app.setNotFoundHandler(async (request, reply) => {
      if (
        request.method === 'GET' &&
        !API_PREFIXES.some((prefix) => request.url.startsWith(prefix))
      ) {
        // SPEC §2: the SPA routes every other path itself.
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found.' });
    });
  } else {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).send({ message: 'Not found.' }),
    );
  }
  return app;
}
