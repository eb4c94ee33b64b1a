/** SPEC §7 accounts: /public/* and GET /api/logout. */
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { offered, setLanguageCookie, told } from '../../plugins/app/language.ts';
import {
  accountOf,
  type CookieSettings,
  clearSessionCookies,
  SESSION_COOKIE,
  setSessionCookies,
} from '../../plugins/app/session.ts';
import { type Accounts, accountMessages, SIGNUP_MARKER_TTL_MS } from '../../services/accounts.ts';
import { HttpError, SESSION_INVALID_MESSAGE } from '../../services/errors.ts';
import { securityEvents } from '../../services/securityEvents.ts';
import { type Sessions } from '../../services/sessions.ts';
import { text } from '../../services/texts.ts';
import { Body, errorAnswers, JSON_BODY_ERRORS, Message, Password, Username } from '../schemas.ts';

export interface AccountRoutesOptions {
  accounts: Accounts;
  sessions: Sessions;
  cookies: CookieSettings;
}

/** A public call with a JSON body, throttled (429) and on the database (503). */
const ok = { 200: Message, ...errorAnswers(...JSON_BODY_ERRORS, 429, 503) };

/**
 * The sign-up marker: this browser signed up an address, so its login may be told the account
 * waits for confirmation (services/accounts.ts `login`). Sent only to /public.
 */
const SIGNUP_COOKIE = 'admit_signup';
const SIGNUP_COOKIE_PATH = '/public';

export const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (
  app,
  { accounts, sessions, cookies },
) => {
  app.post(
    '/public/signup',
    {
      schema: {
        operationId: 'signUp',
        tags: ['accounts'],
        summary: 'Create an account and mail a confirmation code',
        body: Body({ username: Username, password: Password }),
        response: ok,
      },
    },
    async (request, reply) => {
      const { message, marker } = await accounts.signup(
        request.body,
        request.ip,
        securityEvents(request),
        request.language,
      );
      reply.setCookie(SIGNUP_COOKIE, marker, {
        httpOnly: true,
        sameSite: 'strict',
        secure: cookies.secure,
        path: SIGNUP_COOKIE_PATH,
        maxAge: Math.floor(SIGNUP_MARKER_TTL_MS / 1000),
      });
      return { message: request.t(message) };
    },
  );

  app.post(
    '/public/confirm',
    {
      schema: {
        operationId: 'confirmAccount',
        tags: ['accounts'],
        summary: 'Confirm an account with its 6-digit code',
        body: Body({ username: Username, code: Type.String({ maxLength: 20 }) }),
        response: ok,
      },
    },
    async (request, reply) => {
      const answer = await accounts.confirm(
        request.body,
        request.ip,
        securityEvents(request),
        request.language,
      );
      reply.clearCookie(SIGNUP_COOKIE, { path: SIGNUP_COOKIE_PATH });
      return told(request, answer);
    },
  );

  app.post(
    '/public/resend-confirm',
    {
      schema: {
        operationId: 'resendConfirmation',
        tags: ['accounts'],
        summary: 'Mail a new confirmation code',
        body: Body({ username: Username }),
        response: ok,
      },
    },
    async (request) =>
      told(request, await accounts.resend(request.body, request.ip, request.language)),
  );

  app.post(
    '/public/login',
    {
      schema: {
        operationId: 'logIn',
        tags: ['accounts'],
        summary: 'Log in: starts a new session (the old one, if any, ends)',
        description:
          'Sets the session cookie `admit_session` (httpOnly) and the marker cookie the app reads. A refusal says "Incorrect username or password." whatever the reason.',
        body: Body({
          username: Username,
          password: Password,
          default_route: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: ok,
      },
    },
    async (request, reply) => {
      const { message, token, language } = await accounts.login(
        request.body,
        request.ip,
        request.cookies[SIGNUP_COOKIE],
        securityEvents(request),
        request.language,
      );
      // Rotation: a session presented with the login ends; the new token replaces it.
      await sessions.destroy(request.cookies[SESSION_COOKIE]);
      setSessionCookies(reply, token, cookies);
      // The account's language follows it to this browser (chosen at sign-up or since).
      const own = language === null ? undefined : offered(app.languages, language);
      if (own !== undefined) {
        request.language = own;
        setLanguageCookie(reply, own, cookies.secure);
      }
      if (request.cookies[SIGNUP_COOKIE] !== undefined)
        reply.clearCookie(SIGNUP_COOKIE, { path: SIGNUP_COOKIE_PATH });
      return { message: request.t(message) };
    },
  );

  app.post(
    '/public/forgot-password',
    {
      schema: {
        operationId: 'forgotPassword',
        tags: ['accounts'],
        summary: 'Mail a password reset link',
        body: Body({ username: Username }),
        response: ok,
      },
    },
    async (request) =>
      told(
        request,
        await accounts.forgot(request.body, request.ip, securityEvents(request), request.language),
      ),
  );

  app.post(
    '/public/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        tags: ['accounts'],
        summary: 'Choose a new password with a reset link (ends every session of the account)',
        body: Body({
          username: Username,
          password: Password,
          confirm_password: Password,
          id: Type.String({ maxLength: 200 }),
        }),
        // No throttle: the link's 256 random bits are the guard.
        response: { 200: Message, ...errorAnswers(...JSON_BODY_ERRORS, 503) },
      },
    },
    async (request) =>
      told(
        request,
        await accounts.resetPassword(request.body, securityEvents(request), request.language),
      ),
  );

  app.get(
    '/api/logout',
    {
      schema: {
        operationId: 'logOut',
        tags: ['accounts'],
        summary: 'Log out: ends the session on the server',
        description:
          'Public in the sense that it needs no live session to be called: without one it clears the cookies and answers 401.',
        response: { 200: Message, ...errorAnswers(401, 503) },
      },
    },
    async (request, reply) => {
      const accountId = await sessions.destroy(request.cookies[SESSION_COOKIE]);
      clearSessionCookies(reply, cookies);
      if (accountId === undefined) throw new HttpError(401, SESSION_INVALID_MESSAGE);
      securityEvents(request)('session.logout', { accountId });
      return { message: request.t(accountMessages.loggedOut) };
    },
  );

  app.put(
    '/api/language',
    {
      schema: {
        operationId: 'setLanguage',
        tags: ['accounts'],
        summary:
          "Choose the language the applicant reads Admit in (the account's, and this browser's)",
        description:
          "Stored with the account, so that its mail, its PDF and its next login elsewhere come in it, and remembered in this browser's `admit-lang` cookie. A language the college does not offer is refused (400). A page or API address with `?lang=xx` chooses a language for the browser alone.",
        body: Body({ language: Type.String({ maxLength: 35 }) }),
        response: { 200: Message, ...errorAnswers(...JSON_BODY_ERRORS, 503) },
      },
    },
    async (request, reply) => {
      const language = offered(app.languages, request.body.language);
      if (language === undefined)
        throw new HttpError(
          400,
          text('server.language.notOffered', {
            language: request.body.language,
            languages: app.languages.offered.join(', '),
          }),
          {
            errors: {
              language: [
                text('server.language.notOffered', {
                  language: request.body.language,
                  languages: app.languages.offered.join(', '),
                }),
              ],
            },
          },
        );
      await accounts.setLanguage(accountOf(request).accountId, language);
      setLanguageCookie(reply, language, cookies.secure);
      // Said in the language just chosen.
      request.language = language;
      return { message: request.t(text('server.language.saved')) };
    },
  );
};
