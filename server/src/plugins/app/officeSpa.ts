/**
 * The admissions office's SPA (office-app/dist, OFFICE_DIR) at /office: its hashed files under
 * /office/assets (cached for a year: a changed file gets a new name), and its index.html for
 * `/office` and every other path under it but the API, with the college's data written in when
 * the server starts: its name, theme, the office's language (the college's first, whatever the
 * browser asks for: staff work in one language) and time zone, as a JSON data block
 * (`<script type="application/json" id="admit-office">`, never run, so the CSP is the applicant
 * SPA's, which the security plugin sets on every answer). The applicant's build holds none of
 * it, and the office's page is sent to no one who does not ask for /office.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import fastifyStatic from '@fastify/static';
import { type TenantConfig } from '@admit/tenant-config';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { text } from '../../services/texts.ts';
import { held } from './site.ts';
import { cacheControlFor, REVALIDATE, send } from './spa.ts';

/** The office's address, and where its API lives under it. */
export const OFFICE_PATH = '/office';
const OFFICE_API = '/office/api/';
/** office-app/src/pageData.ts reads the block of this id. */
export const OFFICE_PAGE_ELEMENT_ID = 'admit-office';

/** What office-app/src/pageData.ts reads. */
export interface OfficePageData {
  collegeName: string;
  theme: TenantConfig['theme'];
  language: string;
  timeZone: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that may stand inside a `<script>` element: no `</script>` can close it early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The office's index.html with the college's data, its language and its name as the title. */
export function officeHtml(index: string, data: OfficePageData): string {
  const replace = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`office-app's index.html has no ${String(pattern)}`);
    return html.replace(pattern, () => by);
  };
  let html = replace(index, /<html lang="[^"]*"/, `<html lang="${escapeHtml(data.language)}"`);
  html = replace(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(data.collegeName)}</title>`);
  return replace(
    html,
    /<\/body>/,
    `<script type="application/json" id="${OFFICE_PAGE_ELEMENT_ID}">${scriptJson(data)}</script></body>`,
  );
}

/** The office's data from the college: in its first language. */
export function officePageData(college: TenantConfig, language: string): OfficePageData {
  return {
    collegeName: college.names.college,
    theme: college.theme,
    language,
    timeZone: college.timeZone,
  };
}

export const officeSpa = fp(
  async (app: FastifyInstance, options: { root: string; data: OfficePageData }) => {
    const { root, data } = options;
    const page = await held(
      officeHtml(readFileSync(join(root, 'index.html'), 'utf8'), data),
      'text/html; charset=utf-8',
    );
    await app.register(fastifyStatic, {
      root,
      prefix: `${OFFICE_PATH}/`,
      // The applicant SPA's registration decorates the reply; this one must not again.
      decorateReply: false,
      index: false,
      wildcard: false,
      // The build's .br and .gz copies (office-app/vite.config.ts), as the applicant SPA's,
      // with no address of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'index.html', '.*/**'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(relative(root, path).split(sep).join('/')));
      },
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '';
      // An unknown API path, or a file the build does not hold, is a JSON 404, never the page.
      if (path.startsWith(OFFICE_API) || /\.[A-Za-z0-9]+$/.test(path))
        return reply.code(404).send({ message: request.t(text('server.errors.notFound')) });
      return send(request, reply, page, REVALIDATE);
    };
    app.get(OFFICE_PATH, { schema: { hide: true } }, handler);
    app.get(`${OFFICE_PATH}/*`, { schema: { hide: true } }, handler);
  },
  { name: 'office-spa' },
);
