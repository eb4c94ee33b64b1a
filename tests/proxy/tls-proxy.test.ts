/**
 * Behind a real TLS proxy: Debian's nginx, configured by the shipped recipe
 * (deploy/nginx/admit.conf, docs/operations/proxy.md) with only its names, paths and ports
 * replaced, terminates TLS with a self-signed certificate for admit.test and shares requests
 * between two instances of the server as production builds it, on one external PostgreSQL.
 * PUBLIC_ORIGIN is the proxy's https origin; one instance trusts the proxy by hop count
 * (TRUST_PROXY=1), the other by address (TRUST_PROXY=127.0.0.1).
 *
 * Everything an applicant does goes through nginx over HTTPS: sign-up to submit and the PDF,
 * with the session cookie carried by hand to whichever instance nginx picks. Only the
 * confirmation code is read on an instance directly (its dev mailbox, DEV_MAILBOX=1, which the
 * recipe keeps out of the proxy's reach), as the college's mail server would deliver it.
 *
 * Clients connect from several loopback addresses (Linux routes all of 127.0.0.0/8 to lo) so
 * that the applicant's address differs from nginx's own (127.0.0.1): the throttles must count
 * the applicant's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { connect as http2Connect } from 'node:http2';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';

import { COMPLETE_APPLICATION } from '@admit/tenant-config/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type Certificate,
  type NginxProcess,
  proxyPort,
  selfSignedCertificate,
  startNginx,
  stopNginx,
} from '../support/nginx.ts';
import { type ExternalPostgres, startExternalPostgres } from '../support/postgres.ts';
import {
  bundleServer,
  call,
  confirmationCode,
  conversionEnded,
  type Endpoint,
  ok,
  PNG,
  REPO_ROOT,
  type Reply,
  type ServerProcess,
  startServer,
  stopServer,
  uploadFile,
} from '../support/server.ts';

/** The name the certificate is for and the proxy answers to. */
const SITE = 'admit.test';
const RECIPE = join(REPO_ROOT, 'deploy', 'nginx', 'admit.conf');
const USERNAME = 'behind.nginx@example.com';
const PASSWORD = 'Gallatin-Valley-2027';
/** The file question of the gallatin form. */
const FILE_KEY = 'decision_essay_file';
/** An applicant's address and a neighbour's: neither is nginx's 127.0.0.1. */
const APPLICANT = '127.0.0.2';
const NEIGHBOUR = '127.0.0.3';
/** An address a client claims in its own X-Forwarded-For. */
const FORGED = '203.0.113.9';
/** Reset mails one client address may ask for in an hour (THROTTLES.forgotAddress). */
const FORGOT_PER_ADDRESS = 20;

let postgres: ExternalPostgres | undefined;
let nginx: NginxProcess | undefined;
const servers: ServerProcess[] = [];
const folders: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let certificate: Certificate;
let httpPort = 0;
/** nginx over HTTPS, as the applicant's browser reaches it. */
let proxy: Endpoint;

const log = (line: string) => {
  console.log(`[tls-proxy] ${line}`);
};

/**
 * The recipe with each of `replacements` made: every text replaced must be in it, so that the
 * recipe and this test cannot drift apart unnoticed.
 */
function render(recipe: string, replacements: [string, string][]): string {
  return replacements.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`the recipe no longer holds "${from}"`);
    return text.split(from).join(to);
  }, recipe);
}

interface AccessLine {
  client: string;
  method: string;
  path: string;
  status: number;
  upstream: string;
}

/** nginx's access log in the recipe's `admit` format. */
function accessLog(): AccessLine[] {
  return (nginx?.log('admit.access.log') ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^(\S+) - \[[^\]]+\] "(\S+) (\S+) [^"]*" (\d{3}) .* upstream=(\S+)/.exec(line);
      if (match === null) throw new Error(`not a line of the admit log format: ${line}`);
      const [, client = '', method = '', path = '', status = '', upstream = ''] = match;
      return { client, method, path, status: Number(status), upstream };
    });
}

/** How many times the reply carries header `name` (its raw headers, repeats counted). */
function headerCount(reply: Reply, name: string): number {
  return reply.rawHeaders.filter((_value, index, all) =>
    index % 2 === 0 ? all[index]?.toLowerCase() === name : false,
  ).length;
}

/** The cookie `name`'s Set-Cookie line, attributes included. */
function setCookie(reply: Reply, name: string): string {
  const line = reply.setCookie.find((cookie) => cookie.startsWith(`${name}=`));
  if (line === undefined) throw new Error(`no Set-Cookie for ${name}: ${reply.setCookie.join()}`);
  return line;
}

/** The TLS version nginx agrees to with a client limited by `options`, or the refusal. */
function handshake(options: ConnectionOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect(
      { host: '127.0.0.1', port: proxy.port, servername: SITE, ca: certificate.cert, ...options },
      () => {
        const protocol = socket.getProtocol() ?? '';
        socket.end();
        resolve(protocol);
      },
    );
    socket.once('error', reject);
  });
}

/** `GET path` over HTTP/2, as a browser asks nginx: the status and the body. */
function http2Get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const session = http2Connect(`https://127.0.0.1:${proxy.port}`, {
      servername: SITE,
      ca: certificate.cert,
    });
    session.once('error', reject);
    const stream = session.request({ ':path': path, ':authority': `${SITE}:${proxy.port}` });
    let status = 0;
    let body = '';
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    stream.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    stream.once('end', () => {
      session.close();
      resolve({ status, body });
    });
    stream.once('error', reject);
  });
}

/** The throttle counts kept in the database for keys starting with `prefix`. */
async function throttleHits(prefix: string): Promise<Record<string, number>> {
  const rows =
    (await postgres?.query<{ key: string; hits: number }>(
      'admit',
      'SELECT key, hits FROM throttles WHERE key LIKE $1',
      [`${prefix}%`],
    )) ?? [];
  return Object.fromEntries(rows.map((row) => [row.key, row.hits]));
}

function forgot(username: string, options: { localAddress: string; forwardedFor?: string }) {
  return call(proxy, 'POST', '/public/forgot-password', {
    body: { username },
    localAddress: options.localAddress,
    headers: options.forwardedFor === undefined ? {} : { 'x-forwarded-for': options.forwardedFor },
  });
}

describe('behind nginx terminating TLS: two instances, one PostgreSQL', () => {
  beforeAll(async () => {
    const bundleDir = await bundleServer('tls-proxy');
    folders.push(bundleDir);
    postgres = await startExternalPostgres(log);
    const databaseUrl = await postgres.createDatabase('admit');
    const dataDir = mkdtempSync(join(tmpdir(), 'admit-tls-proxy-data-'));
    const prefix = mkdtempSync(join(tmpdir(), 'admit-tls-proxy-nginx-'));
    folders.push(dataDir, prefix);
    certificate = selfSignedCertificate(prefix, SITE);

    const httpsPort = await proxyPort();
    do httpPort = await proxyPort();
    while (httpPort === httpsPort);
    proxy = {
      origin: `https://${SITE}:${httpsPort}`,
      port: httpsPort,
      tls: { ca: certificate.cert, servername: SITE },
    };
    const instance = (trustProxy: string) =>
      startServer({
        script: relative(REPO_ROOT, join(bundleDir, 'main.js')),
        env: {
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          // One host: both instances keep files in the same folder (several hosts: S3_BUCKET).
          DATA_DIR: dataDir,
          PUBLIC_ORIGIN: proxy.origin,
          TRUST_PROXY: trustProxy,
          SMTP_URL: '',
          // Off by itself with an https origin: on here, read on the instance, not the proxy.
          DEV_MAILBOX: '1',
          // The journey needs no lookup lists: the start is shorter without their import.
          LOOKUPS_DIR: 'off',
        },
        onStart: (server) => servers.push(server),
      });
    [a, b] = await Promise.all([instance('1'), instance('127.0.0.1')]);

    const http = render(readFileSync(RECIPE, 'utf8'), [
      ['/etc/letsencrypt/live/admit.example.edu/fullchain.pem', certificate.certFile],
      ['/etc/letsencrypt/live/admit.example.edu/privkey.pem', certificate.keyFile],
      ['admit.example.edu', SITE],
      ['listen 80;', `listen 127.0.0.1:${httpPort};`],
      ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
      // This machine may have no IPv6; the IPv4 lines stand for them.
      ['listen [::]:80;', ''],
      ['listen [::]:443 ssl http2;', ''],
      ['127.0.0.1:3001', `127.0.0.1:${a.port}`],
      ['127.0.0.1:3002', `127.0.0.1:${b.port}`],
      ['/var/log/nginx/', `${join(prefix, 'logs')}/`],
      ['/var/www/html', join(prefix, 'www')],
    ]);
    nginx = await startNginx({
      prefix,
      http,
      ports: [httpPort, httpsPort],
      onStart: (started) => {
        nginx = started;
      },
    });
    log(
      `nginx ${proxy.origin} (http on ${httpPort}) → instance A :${a.port} (TRUST_PROXY=1), B :${b.port} (TRUST_PROXY=127.0.0.1)`,
    );
  }, 180_000);

  afterAll(async () => {
    if (nginx !== undefined) await stopNginx(nginx);
    await Promise.all(servers.map(stopServer));
    await postgres?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 120_000);

  it('answers plain HTTP with a permanent redirect to HTTPS, path and query kept', async () => {
    const reply = await call(
      { origin: `http://${SITE}`, port: httpPort },
      'GET',
      '/apply?from=mail',
      {
        headers: { host: SITE },
      },
    );
    expect(reply.status).toBe(301);
    // The recipe redirects to the standard port; this test's nginx listens on others.
    expect(reply.headers.location).toBe(`https://${SITE}/apply?from=mail`);
  });

  it('speaks TLS 1.3 and 1.2, with the certificate for its name, and refuses TLS 1.1', async () => {
    expect(await handshake({})).toBe('TLSv1.3');
    expect(await handshake({ maxVersion: 'TLSv1.2' })).toBe('TLSv1.2');
    // The client would allow TLS 1.1 (security level 0): the refusal is nginx's.
    await expect(
      handshake({ minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT:@SECLEVEL=0' }),
    ).rejects.toThrow(/alert protocol version/i);
  });

  it('answers browsers over HTTP/2, passing the requests on to the instances', async () => {
    expect(await http2Get('/health/live')).toEqual({ status: 200, body: '{"status":"ok"}' });
  });

  it('serves sign-up to submit and the PDF through the proxy, from both instances, with Secure cookies and one HSTS header', async () => {
    const signup = ok(
      'signup',
      await call(proxy, 'POST', '/public/signup', {
        body: { username: USERNAME, password: PASSWORD },
      }),
    );
    // The code as the college's mail would bring it: read on an instance, never via nginx.
    const code = await confirmationCode(a, USERNAME);
    ok(
      'confirm',
      await call(proxy, 'POST', '/public/confirm', { body: { username: USERNAME, code } }),
    );
    const login = ok(
      'login',
      await call(proxy, 'POST', '/public/login', {
        body: { username: USERNAME, password: PASSWORD },
      }),
    );

    // PUBLIC_ORIGIN is https: every cookie is Secure; the session's and the sign-up marker's
    // are out of scripts' reach.
    const session = setCookie(login, 'admit_session');
    const cookie = session.split(';')[0] ?? '';
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    for (const line of [...login.setCookie, ...signup.setCookie])
      expect(line).toMatch(/;\s*Secure/i);
    expect(signup.setCookie.some((line) => /;\s*HttpOnly/i.test(line))).toBe(true);

    ok('save', await call(proxy, 'PUT', '/api/answer', { body: COMPLETE_APPLICATION, cookie }));
    // nginx lets an oversize file through to the server, which refuses it in words the
    // applicant reads, not with nginx's page.
    const oversize = await uploadFile(
      proxy,
      cookie,
      FILE_KEY,
      { bytes: Buffer.alloc(1_200_000, 1), type: 'application/pdf', name: 'big.pdf' },
      proxy,
    );
    expect(oversize.reply.status).toBe(413);
    expect(JSON.parse(oversize.reply.body)).toEqual({
      message: 'Your file is too large. The maximum file size is 1 MB.',
    });
    // The presigned URL is on PUBLIC_ORIGIN: the browser posts the file to nginx.
    const upload = await uploadFile(
      proxy,
      cookie,
      FILE_KEY,
      { bytes: PNG, type: 'image/png', name: 'essay.png' },
      proxy,
    );
    expect(upload.url).toBe(`${proxy.origin}/storage/upload`);
    ok('upload', upload.reply, 204);
    ok(
      'conversion request',
      await call(proxy, 'POST', `/api/pdf/document-answer/${FILE_KEY}`, {
        body: { file_key: upload.fields.key, file_name: 'essay.png' },
        cookie,
      }),
      202,
    );
    expect(await conversionEnded(proxy, cookie, FILE_KEY)).toBe('completed');

    const submitted = ok('submit', await call(proxy, 'POST', '/api/submit', { cookie }));
    expect((JSON.parse(submitted.body) as { reference_number: string }).reference_number).toMatch(
      /^GAL-/,
    );
    const pdf = ok(
      'application PDF',
      await call(proxy, 'GET', '/api/pdf/application.pdf', { cookie }),
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-')).toBe(true);

    // HSTS, from the server only: exactly once, on JSON answers and on files alike.
    for (const reply of [login, submitted, pdf]) {
      expect(headerCount(reply, 'strict-transport-security')).toBe(1);
      expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    }

    // nginx shared the journey between the instances (least_conn alternates between idle ones):
    // the session made on one was honoured on the other, no stickiness needed.
    const served = accessLog().filter((line) => line.path.startsWith('/api/') && line.status < 300);
    expect(new Set(served.map((line) => line.upstream))).toEqual(
      new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]),
    );
  }, 120_000);

  it('keeps the dev mailbox out of reach through the proxy, even when it is on', async () => {
    const reply = await call(proxy, 'GET', `/dev/mail?to=${encodeURIComponent(USERNAME)}`);
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain(USERNAME);
  });

  it("counts the applicant's address in the throttles, not the proxy's, whatever X-Forwarded-For the client sends", async () => {
    for (let attempt = 1; attempt <= FORGOT_PER_ADDRESS; attempt += 1)
      ok(
        `reset request ${attempt}`,
        await forgot(`nobody.${attempt}@example.com`, { localAddress: APPLICANT }),
      );
    const refused = await forgot('nobody.last@example.com', { localAddress: APPLICANT });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // The neighbour, behind the same nginx, is not held back by the applicant's requests.
    ok('neighbour', await forgot('neighbour@example.com', { localAddress: NEIGHBOUR }));

    // A forged X-Forwarded-For neither frees the applicant nor charges anyone else: nginx
    // replaces the header with the address it saw.
    const forged = await forgot('nobody.forged@example.com', {
      localAddress: APPLICANT,
      forwardedFor: NEIGHBOUR,
    });
    expect(forged.status).toBe(429);
    ok(
      'neighbour claiming another address',
      await forgot('neighbour.forged@example.com', {
        localAddress: NEIGHBOUR,
        forwardedFor: FORGED,
      }),
    );

    expect(await throttleHits('forgot:ip:')).toEqual({
      [`forgot:ip:${APPLICANT}`]: FORGOT_PER_ADDRESS + 2,
      [`forgot:ip:${NEIGHBOUR}`]: 2,
    });
    // nginx's log agrees on who asked.
    const asked = accessLog().filter((line) => line.path === '/public/forgot-password');
    expect(new Set(asked.map((line) => line.client))).toEqual(new Set([APPLICANT, NEIGHBOUR]));
  });

  it('believes X-Forwarded-For only from the proxy address TRUST_PROXY names', async () => {
    // Straight to instance B (TRUST_PROXY=127.0.0.1) from another address: the header is not
    // the proxy's, so B counts the address it saw. (Instance A trusts one hop, whoever it is:
    // that is why the instances listen on 127.0.0.1 only.)
    ok(
      'direct to B',
      await call(b, 'POST', '/public/forgot-password', {
        body: { username: 'direct@example.com' },
        localAddress: NEIGHBOUR,
        // What the instance's PUBLIC_ORIGIN expects a browser to send.
        headers: { origin: proxy.origin, 'x-forwarded-for': FORGED },
      }),
    );
    expect(await throttleHits('forgot:ip:')).toMatchObject({ [`forgot:ip:${NEIGHBOUR}`]: 3 });
    expect(await throttleHits(`forgot:ip:${FORGED}`)).toEqual({});
  });

  it('logged no error in nginx', () => {
    expect(nginx?.log('admit.error.log') ?? '').not.toMatch(/\[(error|crit|alert|emerg)\]/);
  });

  it('keeps serving, logins included, while one instance is stopped (a rolling restart)', async () => {
    await stopServer(a);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const login = ok(
        `login ${attempt} with instance A stopped`,
        await call(proxy, 'POST', '/public/login', {
          body: { username: USERNAME, password: PASSWORD },
        }),
      );
      const cookie = setCookie(login, 'admit_session').split(';')[0] ?? '';
      ok(`profile ${attempt}`, await call(proxy, 'GET', '/api/profile', { cookie }));
    }
    // nginx found A's port closed, said so, and sent the requests to B.
    expect(nginx?.log('admit.error.log')).toMatch(/connect\(\) failed \(111: Connection refused\)/);
  });
});
