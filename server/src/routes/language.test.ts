/**
 * The applicant's language, end to end on the server (docs/architecture.md, "Languages"):
 * chosen by `?lang`, the `admit-lang` cookie, the account or Accept-Language; the pages, the
 * API's messages, the mails and the PDF in it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  cookieHeader,
  createTestContext,
  GOOD_PASSWORD,
  json,
  latestCode,
  loggedApp,
  ORIGIN,
  signedIn,
  type TestContext,
} from '../test/context.ts';
import { pdfText } from '../test/pdfText.ts';
import { startSmtpServer } from '../test/smtp.ts';

/**
 * A build as form-app leaves it, with a prerender bundle that writes what the server handed it
 * (the language, the languages offered, the college's title in that language) into the page,
 * as form-app/prerenderEntry.ts does.
 */
const dir = mkdtempSync(join(tmpdir(), 'admit-lang-'));
const INDEX = `<!doctype html><html lang="en"><head><title>Admit</title></head><body><div id="root"></div></body></html>`;
const PRERENDER_BUNDLE = `
export async function renderSite({ indexHtml }) {
  const college = globalThis.__ADMIT_COLLEGE__;
  const index = indexHtml
    .replace('<html lang="en">', '<html lang="' + college.language + '" data-languages="' + college.languages.join(' ') + '" data-pages="' + college.pagesUrl + '">')
    .replace('<title>Admit</title>', '<title>' + college.firstLoad.titles.application + '</title>');
  const page = (name) => index.replace('<div id="root"></div>', '<div id="root">' + name + '</div>');
  const pages = new Map(college.firstLoad.steps.map((step) => ['/' + step.route, page(step.title)]));
  return { index, pages, shell: page('…') };
}
`;

let ctx: TestContext;
beforeAll(async () => {
  mkdirSync(join(dir, '.ssr'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dir, '.ssr', 'prerender.mjs'), PRERENDER_BUNDLE);
  ctx = await createTestContext({ env: { STATIC_DIR: dir } });
});
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a browser sends when it navigates to a page. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { accept: NAVIGATION, ...headers } });

let clients = 0;
/** A client address of its own per request: the per-address throttles stay out of the way. */
const post = (
  url: string,
  payload: object,
  headers: Record<string, string> = {},
  app: FastifyInstance = ctx.app,
) => {
  clients += 1;
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: ORIGIN, ...headers },
    remoteAddress: `10.77.${Math.floor(clients / 250)}.${(clients % 250) + 1}`,
  });
};

const languageCookie = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === 'admit-lang');
const htmlLang = (response: LightMyRequestResponse) =>
  /<html lang="([^"]*)"/.exec(response.body)?.[1];

let accounts = 0;
/** Signs up and confirms an account from a browser that speaks `acceptLanguage`. */
async function confirmedAccount(acceptLanguage: string): Promise<string> {
  accounts += 1;
  const username = `lang-${accounts}@example.com`;
  const headers = { 'accept-language': acceptLanguage };
  const signup = await post('/public/signup', { username, password: GOOD_PASSWORD }, headers);
  expect(signup.statusCode, signup.body).toBe(200);
  const code = await latestCode(ctx.app, username);
  const confirm = await post('/public/confirm', { username, code }, headers);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return username;
}

describe('choosing the language', () => {
  it('?lang=es on a page sets the admit-lang cookie and serves the page in Spanish, the college too', async () => {
    const response = await page('/about?lang=es');
    expect(response.statusCode).toBe(200);
    expect(htmlLang(response)).toBe('es');
    expect(response.body).toContain('<title>Solicitud de admisión de Gallatin College</title>');
    // The languages the switch offers come with the page.
    expect(response.body).toContain('data-languages="en es"');
    expect(languageCookie(response)).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax' });
    expect(languageCookie(response)?.maxAge).toBeGreaterThan(30 * 24 * 60 * 60);

    // The cookie remembers it: the next page, without ?lang, is Spanish too.
    const next = await page('/education', { cookie: 'admit-lang=es' });
    expect(htmlLang(next)).toBe('es');
    expect(languageCookie(next)).toBeUndefined();
    // ?lang wins over the cookie, and changes it.
    const back = await page('/about?lang=en', { cookie: 'admit-lang=es' });
    expect(htmlLang(back)).toBe('en');
    expect(back.body).toContain('<title>Gallatin College Application for Admission</title>');
    expect(languageCookie(back)?.value).toBe('en');
  });

  it('a first visit follows Accept-Language (es-MX finds es), and pages vary by Cookie and Accept-Language', async () => {
    for (const [accept, expected] of [
      ['es', 'es'],
      ['es-MX,es;q=0.9,en;q=0.8', 'es'],
      ['fr-FR, es;q=0.5', 'es'],
      ['en-US,en;q=0.9', 'en'],
      ['fr', 'en'],
      ['', 'en'],
    ] as const) {
      const response = await page('/about', { 'accept-language': accept });
      expect(htmlLang(response), accept).toBe(expected);
      expect(response.headers.vary, accept).toMatch(/cookie/i);
      expect(response.headers.vary, accept).toMatch(/accept-language/i);
      // Only a choice is remembered, never a guess.
      expect(languageCookie(response), accept).toBeUndefined();
    }
    // The cookie wins over the browser's languages; one not offered is passed over.
    expect(
      htmlLang(await page('/about', { cookie: 'admit-lang=en', 'accept-language': 'es' })),
    ).toBe('en');
    expect(
      htmlLang(await page('/about', { cookie: 'admit-lang=fr', 'accept-language': 'es' })),
    ).toBe('es');
    const unknown = await page('/about?lang=fr', { 'accept-language': 'es' });
    expect(htmlLang(unknown)).toBe('es');
    expect(languageCookie(unknown)).toBeUndefined();
  });

  it("opens the service view (staff's) in the college's first language, whatever the browser asks", async () => {
    const response = await page('/?service_token=abc', { 'accept-language': 'es' });
    expect(htmlLang(response)).toBe('en');
    expect(htmlLang(await page('/?token=abc', { 'accept-language': 'es' }))).toBe('es');
  });

  it("sends each language's college pages under a name of its own", async () => {
    const pagesOf = async (language: string) => {
      const url = /data-pages="([^"]+)"/.exec((await page(`/about?lang=${language}`)).body)?.[1];
      if (url === undefined) throw new Error(`no college pages named in ${language}`);
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return { url, body: response.body };
    };
    const [english, spanish] = [await pagesOf('en'), await pagesOf('es')];
    expect(spanish.url).not.toBe(english.url);
    expect(spanish.body).not.toBe(english.body);
  });

  it('the pseudo-locale is offered only with ADMIT_PSEUDO_LOCALE=1, and then says every text of the server accented', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/profile?lang=en-XA' });
    expect(json(plain).message).toBe(
      'Your session is invalid. Please clear your cookies and login again.',
    );
    const { app } = await loggedApp(ctx, { config: { ...ctx.config, pseudoLocale: true } });
    apps.push(app);
    const pseudo = await app.inject({ method: 'GET', url: '/api/profile?lang=en-XA' });
    expect(json(pseudo).message).toMatch(/^⟦Ẏǿǿŭŭř şḗḗşşīǿǿƞ/);
    expect(languageCookie(pseudo)?.value).toBe('en-XA');
  });
});

describe("the server's messages in the request's language", () => {
  it('a failed login says so in Spanish, and in English to an English browser', async () => {
    const username = await confirmedAccount('en');
    const spanish = await post(
      '/public/login',
      { username, password: 'Wrong-password-2027' },
      { 'accept-language': 'es-US,es;q=0.9' },
    );
    expect(spanish.statusCode).toBe(400);
    expect(json(spanish).message).toBe('Nombre de usuario o contraseña incorrectos.');
    const english = await post('/public/login', { username, password: 'Wrong-password-2027' });
    expect(json(english).message).toBe('Incorrect username or password.');
  });

  it('a sign-up with a weak password is refused in Spanish, each rule it breaks named', async () => {
    const weak = await post(
      '/public/signup',
      { username: 'lang-weak@example.com', password: 'short' },
      { 'accept-language': 'es' },
    );
    expect(weak.statusCode).toBe(400);
    const { message, errors } = json<{ message: string; errors: Record<string, string[]> }>(weak);
    expect(message).toBe('Al menos 12 caracteres');
    expect(errors.password).toEqual(expect.arrayContaining(['Una letra mayúscula']));
  });

  it("a refused Submit names what is missing in Spanish, with the college's questions in Spanish", async () => {
    const cookie = await signedIn(ctx.app, 'lang-submit@example.com');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit?lang=es',
      headers: { cookie, origin: ORIGIN },
    });
    expect(refused.statusCode).toBe(400);
    const body = json<{ message: string; errors: Record<string, string[]> }>(refused);
    expect(body.message).toBe('¡Falta información!');
    expect(body.errors.first_name).toEqual(['Nombre']);
    expect(body.errors.us_citizen).toEqual(['¿Es usted ciudadano de los Estados Unidos?']);
  });

  it('a 401, a refused answer and a body the schema refuses are Spanish with ?lang=es', async () => {
    const unauthorized = await ctx.app.inject({ method: 'GET', url: '/api/profile?lang=es' });
    expect(unauthorized.statusCode).toBe(401);
    expect(json(unauthorized).message).toBe(
      'Su sesión no es válida. Borre las cookies de su navegador e inicie sesión de nuevo.',
    );
    const cookie = await signedIn(ctx.app, 'lang-refused@example.com');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/answer?lang=es',
      headers: { cookie, origin: ORIGIN },
      payload: { favourite_colour: 'blue' },
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(
      'Estas respuestas no forman parte de esta solicitud: favourite_colour.',
    );
    expect(json(refused).errors).toEqual({
      favourite_colour: ['Esta respuesta no forma parte de esta solicitud.'],
    });
    const schema = await post('/public/login?lang=es', {
      username: 'a@example.com',
      password: GOOD_PASSWORD,
      other: 1,
    });
    expect(json(schema).message).toBe('La solicitud tiene un campo que no admite: "other".');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/no/such/api/thing',
      headers: { 'accept-language': 'es' },
    });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('No se encontró.');
  });
});

describe("the account's language", () => {
  it('is the sign-up language: a login elsewhere sets the cookie to it, and a session without the cookie speaks it', async () => {
    const username = await confirmedAccount('es');
    const [stored] = await ctx.db
      .selectFrom('accounts')
      .select('language')
      .where('username', '=', username)
      .execute();
    expect(stored?.language).toBe('es');
    // Another browser, in English: the login follows the account.
    const login = await post(
      '/public/login',
      { username, password: GOOD_PASSWORD },
      { 'accept-language': 'en-US' },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(json(login).message).toBe('Ha iniciado sesión correctamente.');
    expect(languageCookie(login)?.value).toBe('es');
    // Without the language cookie, the session's account decides before Accept-Language.
    const session = cookieHeader(login)
      .split('; ')
      .filter((pair) => !pair.startsWith('admit-lang='))
      .join('; ');
    const shown = await page('/about', { cookie: session, 'accept-language': 'en' });
    expect(htmlLang(shown)).toBe('es');
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { cookie: session, origin: ORIGIN, 'accept-language': 'en' },
      payload: { first_name: 'Ana' },
    });
    expect(json(saved).message).toBe('Sus respuestas se han guardado.');
  });

  it('PUT /api/language stores a language offered, sets the cookie and answers in it; refuses one not offered (400) and a visitor (401)', async () => {
    // The session alone: the language cookie is what the test sends.
    const cookie = (await signedIn(ctx.app, 'lang-put@example.com'))
      .split('; ')
      .filter((pair) => !pair.startsWith('admit-lang='))
      .join('; ');
    const put = (language: unknown, headers: Record<string, string> = { cookie }) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/language',
        headers: { origin: ORIGIN, ...headers },
        payload: { language },
      });
    const chosen = await put('ES');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(json(chosen).message).toBe('Se guardó su idioma.');
    expect(languageCookie(chosen)?.value).toBe('es');
    const [row] = await ctx.db
      .selectFrom('accounts')
      .select('language')
      .where('username', '=', 'lang-put@example.com')
      .execute();
    expect(row?.language).toBe('es');

    const refused = await put('fr', { cookie: `${cookie}; admit-lang=es` });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(
      '"fr" no es un idioma en el que se ofrezca esta solicitud. Elija uno de estos: en, es.',
    );
    expect(json(refused).errors).toEqual({ language: [json(refused).message] });
    expect((await put('en-XA')).statusCode).toBe(400);
    expect((await put(7)).statusCode).toBe(400);
    const visitor = await put('es', {});
    expect(visitor.statusCode).toBe(401);

    const documented = json<{ paths: Record<string, Record<string, unknown>> }>(
      await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    expect(documented.paths['/api/language']?.put).toMatchObject({ operationId: 'setLanguage' });
  });
});

describe('mail and the PDF in the applicant’s language', () => {
  it('mails a Spanish confirmation code, with Content-Language: es', async () => {
    const smtp = await startSmtpServer();
    try {
      const { app } = await loggedApp(ctx, {
        config: { ...ctx.config, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, devMailbox: false },
      });
      apps.push(app);
      const username = 'lang-mail@example.com';
      const signup = await post(
        '/public/signup',
        { username, password: GOOD_PASSWORD },
        { 'accept-language': 'es' },
        app,
      );
      expect(json(signup).message).toBe(
        'Le enviamos un código de confirmación a su correo electrónico. Ingréselo aquí para confirmar su cuenta.',
      );
      await app.mailQueue.runUntilIdle();
      const mail = smtp.received.find((item) => item.to.includes(username));
      if (mail === undefined) throw new Error('no confirmation mail reached the SMTP server');
      expect(mail.data).toMatch(/^Content-Language: es\r?$/m);
      // Quoted-printable, as nodemailer sends a text that is not ASCII.
      const text = Buffer.from(
        mail.data.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        ),
        'latin1',
      ).toString('utf8');
      expect(text).toContain('Subject: =?UTF-8?Q?Su_c');
      expect(text).toMatch(/Su código de confirmación es \d{6}\./);
      expect(text).toContain('Si usted no creó una cuenta, puede ignorar este mensaje.');
    } finally {
      await smtp.close();
    }
  });

  it('sends the receipt in Spanish with the PDF in Spanish; the PDF download follows the request', async () => {
    const username = await confirmedAccount('es');
    const login = await post('/public/login', { username, password: GOOD_PASSWORD });
    const cookie = cookieHeader(login);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/answer',
      headers: { cookie, origin: ORIGIN },
      payload: COMPLETE_APPLICATION,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit',
      headers: { cookie, origin: ORIGIN },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(json(submitted).message).toBe('Su solicitud se envió correctamente.');
    const reference = json(submitted).reference_number as string;
    await ctx.app.mailQueue.runUntilIdle();

    const mails = json<
      { subject: string; text: string; attachments: { url: string; file_name: string }[] }[]
    >(
      await ctx.app.inject({
        method: 'GET',
        url: `/dev/mail?to=${encodeURIComponent(username)}&limit=5`,
      }),
    );
    const receipt = mails.find((mail) => mail.subject.includes(reference));
    if (receipt === undefined) throw new Error('no receipt in the dev mailbox');
    expect(receipt.subject).toBe(
      `Recibimos su solicitud a Gallatin College: referencia ${reference}`,
    );
    expect(receipt.text).toContain(`Su número de referencia es ${reference}.`);
    expect(receipt.text).toMatch(/Recibimos su solicitud el \d+ de \w+ de 2\d{3}/);
    expect(receipt.text).toContain('Adjunto: su solicitud en PDF');
    // The time as US Spanish writes it, in the college's zone named in full (never "GMT-7").
    expect(receipt.text).toMatch(
      /de 2\d{3} a las \d{1,2}:\d{2}\s[ap]\.\sm\.\shora (estándar|de verano) de las Montañas Rocosas/,
    );
    expect(receipt.text).not.toMatch(/GMT/);
    const [outbox] = await ctx.db
      .selectFrom('mail_outbox')
      .select('language')
      .where('recipient', '=', username)
      .where('subject', 'like', 'Recibimos%')
      .execute();
    expect(outbox?.language).toBe('es');

    const attachment = receipt.attachments[0];
    if (attachment === undefined) throw new Error('the receipt has no PDF');
    const file = await ctx.app.inject({ method: 'GET', url: attachment.url });
    const printed = await pdfText(file.rawPayload);
    // The panel's labels print in capitals.
    const spanish = printed.text.toLowerCase();
    for (const heading of ['solicitante', 'estado', 'copia hecha', 'número de referencia'])
      expect(spanish, heading).toContain(heading);
    expect(printed.text).toMatch(/Enviada el \d+ de noviembre|Enviada el \d+ de \w+ de/);
    expect(printed.text).toMatch(/[ap]\.\s*m\.\s+hora\s+(estándar|de\s+verano)\s+de\s+las/);
    expect(printed.text).not.toMatch(/GMT/);
    // The college's own texts in Spanish too (its locales/es.json).
    expect(printed.text).toContain('Información personal');
    expect(spanish).not.toContain('applicant');

    // The applicant's own download is in the page's language: English when asked for.
    const english = await ctx.app.inject({
      method: 'GET',
      url: '/api/pdf/application.pdf?lang=en',
      headers: { cookie },
    });
    expect(english.statusCode).toBe(200);
    const englishText = (await pdfText(english.rawPayload)).text;
    expect(englishText.toLowerCase()).toContain('applicant');
    expect(englishText).toContain('Personal Info');
    // English keeps the zone's abbreviation: "… at 5:30 PM MST".
    expect(englishText).toMatch(/\d{1,2}:\d{2}\s+[AP]M\s+M[SD]T/);
  });
});
