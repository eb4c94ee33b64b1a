/**
 * The language of each request (docs/architecture.md, "Languages"): `request.language`, one the
 * college offers, chosen in this order:
 *
 * 1. `?lang=xx` on any page or API address: chosen now, and remembered in the `admit-lang`
 *    cookie (a link in a Spanish mail or poster opens Admit in Spanish);
 * 2. the `admit-lang` cookie;
 * 3. the language of the logged-in account (it came with the session, from another browser);
 * 4. the browser's Accept-Language, matched by FormatJS's locale matcher (`es-MX` finds `es`);
 * 5. the college's first language.
 *
 * A language not offered is passed over, never an error: an old link or cookie still opens.
 *
 * Staff's addresses are the exception: the office (`/office`, its API) and the service view
 * (its page and PDF) speak the college's first language, whoever asks, as the office's pages do
 * (plugins/app/officeSpa.ts): an office error must not come in the language an applicant chose
 * in the same browser.
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { type Sessions } from '../../services/sessions.ts';
import { format, type Languages, matchAcceptLanguage, type Said } from '../../services/texts.ts';
import { SESSION_COOKIE } from './session.ts';

/** The cookie that remembers the chosen language (readable by the app, which sets it too). */
export const LANGUAGE_COOKIE = 'admit-lang';
/** A language is remembered for a year. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The query parameter that chooses a language. */
export const LANGUAGE_PARAMETER = 'lang';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the answer speaks (plugins/app/language.ts). */
    language: string;
    /** A text of the server's catalogues in the request's language. */
    t: (message: Said) => string;
  }
  interface FastifyInstance {
    /** The languages this server offers, and the college's first. */
    languages: Languages;
  }
}

export interface LanguagePluginOptions {
  languages: Languages;
  sessions: Pick<Sessions, 'languageOf'>;
  /** Whether cookies are Secure (the public origin is https). */
  secure: boolean;
}

/** Remembers `language` in the browser (`?lang`, login, `PUT /api/language`). */
export function setLanguageCookie(reply: FastifyReply, language: string, secure: boolean): void {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    // Not httpOnly: the app's language switch reads and writes it before it reloads.
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
  });
}

/** A service's answer with its `message` said in the request's language. */
export function told<T extends { message: Said }>(
  request: FastifyRequest,
  answer: T,
): Omit<T, 'message'> & { message: string } {
  return { ...answer, message: request.t(answer.message) };
}

/** Whether `url` is one of staff's, answered in the college's first language. */
export function isStaffAddress(url: string): boolean {
  const [path = '', query = ''] = url.split('?', 2);
  return (
    path === '/office' ||
    path.startsWith('/office/') ||
    path.startsWith('/service/') ||
    // The service view's page: staff read it, whoever opens the link.
    new URLSearchParams(query).has('service_token')
  );
}

/** The value of `?lang` in a request's address, if any. */
function languageParameter(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get(LANGUAGE_PARAMETER) ?? undefined;
}

/** The offered language `language` names, whatever its case (`ES` is `es`), else undefined. */
export function offered(languages: Languages, language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const lower = language.toLowerCase();
  return languages.offered.find((candidate) => candidate.toLowerCase() === lower);
}

/**
 * The language of a request that no hook saw (Fastify refused its address before routing it):
 * its `?lang`, its `admit-lang` cookie, else its Accept-Language, else the college's first.
 * The account's is not asked for: that needs the database, for a request already refused.
 */
export function languageBeforeRouting(
  languages: Languages,
  url: string,
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
): string {
  if (isStaffAddress(url)) return languages.fallback;
  return (
    offered(languages, languageParameter(url)) ??
    offered(languages, cookies[LANGUAGE_COOKIE]) ??
    matchAcceptLanguage(acceptLanguage, languages.offered) ??
    languages.fallback
  );
}

export const languagePlugin = fp(
  async (app: FastifyInstance, options: LanguagePluginOptions) => {
    const { languages, sessions, secure } = options;
    // Offered tags compared without case: `?lang=ES` is `es`.
    const offeredHere = (language: string | undefined) => offered(languages, language);

    app.decorate('languages', languages);
    app.decorateRequest('language', languages.fallback);
    app.decorateRequest('t', function (this: { language: string }, message: Said) {
      return format(this.language, message);
    });

    /**
     * The session's account's language, asked of the database only for a page or an API call
     * (a file of the build needs no language) and never failing the request: a database that
     * does not answer leaves the choice to Accept-Language.
     */
    async function accountLanguage(url: string, session: string | undefined) {
      const path = url.split('?')[0] ?? '';
      if (session === undefined || /\.[A-Za-z0-9]+$/.test(path)) return undefined;
      try {
        return await sessions.languageOf(session);
      } catch {
        return undefined;
      }
    }

    app.addHook('onRequest', async (request, reply) => {
      if (isStaffAddress(request.url)) {
        request.language = languages.fallback;
        return;
      }
      const asked = offeredHere(languageParameter(request.url));
      if (asked !== undefined) {
        request.language = asked;
        if (request.cookies[LANGUAGE_COOKIE] !== asked) setLanguageCookie(reply, asked, secure);
        return;
      }
      const remembered = offeredHere(request.cookies[LANGUAGE_COOKIE]);
      if (remembered !== undefined) {
        request.language = remembered;
        return;
      }
      const account = offeredHere(
        await accountLanguage(request.url, request.cookies[SESSION_COOKIE]),
      );
      request.language =
        account ??
        matchAcceptLanguage(request.headers['accept-language'], languages.offered) ??
        languages.fallback;
    });
  },
  { name: 'language', dependencies: ['@fastify/cookie'] },
);
