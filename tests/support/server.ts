/**
 * Real server processes for the tests that need them (durability/, production/, proxy/): bundle
 * the server as production runs it, start it on a free port and wait for its health check, stop
 * it, and talk to it (or to a TLS proxy in front of it) over HTTP or HTTPS with node:http and
 * node:https (no retries: an error is an error), carrying the session cookie by hand.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { type Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// @ts-expect-error -- a plain ESM script of the repository, without type declarations.
import { bundleServer as bundle } from '../../scripts/build.mjs';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const bundleProduction = bundle as (outDir: string) => Promise<string[]>;

/**
 * The server's own programs (main.js, cli.js, the conversion process), bundled as for
 * production by scripts/build.mjs into a new folder named after `prefix`; answers the folder.
 * It sits inside server/dist so that the bundle finds server/node_modules as server/dist/main.js
 * does; the caller removes it.
 */
export async function bundleServer(prefix: string): Promise<string> {
  mkdirSync(join(REPO_ROOT, 'server', 'dist'), { recursive: true });
  const dir = mkdtempSync(join(REPO_ROOT, 'server', 'dist', `${prefix}-`));
  await bundleProduction(relative(REPO_ROOT, dir));
  return dir;
}

/** How long a server may take to answer /health/ready (migrations of an empty database included). */
const START_TIMEOUT_MS = 120_000;
/** How long a server may take to shut down on SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:PORT`, also its PUBLIC_ORIGIN. */
  origin: string;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<void>;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` every 100 ms for up to `ms`; answers its last value. */
export async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** A TCP port nothing listens on, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/**
 * Starts `node <script>` (a built server, relative to `cwd`, the repository root unless told)
 * on a free port of 127.0.0.1 with PORT, HOST and PUBLIC_ORIGIN set and `env` over the
 * caller's environment; resolves once /health/ready answers 200. `node` is the Node binary
 * (this process's unless told). `onStart` receives the process before it is ready, so that a
 * caller can stop it even when the start fails.
 */
export async function startServer(options: {
  script: string;
  env: Record<string, string>;
  node?: string;
  cwd?: string;
  onStart?: (server: ServerProcess) => void;
}): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(options.node ?? process.execPath, ['--enable-source-maps', options.script], {
    cwd: options.cwd ?? REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      ...options.env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const server = { child, port, origin, output: () => output, exited };
  options.onStart?.(server);
  for (const end = Date.now() + START_TIMEOUT_MS; Date.now() < end;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const health = await call(server, 'GET', '/health/ready').catch(() => undefined);
    if (health?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the server did not answer /health/ready within ${START_TIMEOUT_MS / 1000} s:\n${output}`,
  );
}

/**
 * /health/ready once it answers 200, asked every 200 ms for up to `withinMs`; else its last
 * answer. A server that was ready may answer 503 for a moment when its database is slower than
 * the check's bound (a loaded machine): that is the check doing its work, not a failure.
 */
export async function ready(server: Endpoint, withinMs = 30_000): Promise<Reply> {
  const end = Date.now() + withinMs;
  for (;;) {
    const reply = await call(server, 'GET', '/health/ready');
    if (reply.status === 200 || Date.now() >= end) return reply;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM (the server's clean shutdown), then SIGKILL if it has not exited in 30 s. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([
    server.exited.then(() => true),
    new Promise<boolean>((resolve) => {
      setTimeout(() => {
        resolve(false);
      }, STOP_TIMEOUT_MS).unref();
    }),
  ]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────

/** Where requests go: a server process, or a TLS proxy on 127.0.0.1 in front of servers. */
export interface Endpoint {
  /** The origin its pages have, which a browser sends as `Origin` (its PUBLIC_ORIGIN). */
  origin: string;
  /** Its port on 127.0.0.1. */
  port: number;
  /** HTTPS: the certificate to trust and the name to ask for (SNI) and check it against. */
  tls?: { ca: string | Buffer; servername: string };
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Header names and values as received, repeats kept (node joins some repeated headers). */
  rawHeaders: string[];
  body: string;
  setCookie: string[];
}

/** How often a request answered 503 with Retry-After (the database too slow) is sent again. */
const BUSY_RETRIES = 5;
/** The longest wait between two of them, whatever Retry-After says. */
const BUSY_WAIT_MAX_MS = 5_000;

/**
 * One request to `server`, with the `Origin` a browser on its page would send. `body` goes as
 * JSON; `raw` sends bytes of a given content type instead (a multipart form). `localAddress`
 * chooses the client's address (any of 127.0.0.0/8 on Linux), `headers` adds or replaces
 * request headers.
 *
 * A 503 with Retry-After is the server saying its database was too slow to answer in time
 * (a loaded test machine: several servers and databases on two cores) and that nothing was
 * done; the request is sent again after the wait it names, as the applicant presses again
 * after "briefly unavailable", up to BUSY_RETRIES times. `once` takes the first answer as it
 * is.
 */
export async function call(
  server: Endpoint,
  method: string,
  path: string,
  options: Parameters<typeof callOnce>[3] & { once?: boolean } = {},
): Promise<Reply> {
  for (let attempt = 0; ; attempt += 1) {
    const reply = await callOnce(server, method, path, options);
    const retryAfter = Number(reply.headers['retry-after']);
    if (
      options.once === true ||
      reply.status !== 503 ||
      !Number.isFinite(retryAfter) ||
      attempt === BUSY_RETRIES
    )
      return reply;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(retryAfter * 1000, BUSY_WAIT_MAX_MS)),
    );
  }
}

function callOnce(
  server: Endpoint,
  method: string,
  path: string,
  options: {
    body?: unknown;
    raw?: { bytes: Buffer; type: string };
    cookie?: string;
    agent?: Agent;
    localAddress?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload =
      options.raw?.bytes ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    // The Host a browser sends: the origin's host and port.
    const headers: Record<string, string> = {
      host: new URL(server.origin).host,
      origin: server.origin,
    };
    if (options.raw !== undefined) headers['content-type'] = options.raw.type;
    else if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    Object.assign(headers, options.headers);
    const request = server.tls === undefined ? httpRequest : httpsRequest;
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers,
        agent: options.agent,
        localAddress: options.localAddress,
        ...(server.tls === undefined
          ? {}
          : { ca: server.tls.ca, servername: server.tls.servername }),
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: res.headers['set-cookie'] ?? [],
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The reply when it is `status` (200 unless told), else an error naming the step. */
export function ok(step: string, reply: Reply, status = 200): Reply {
  if (reply.status !== status)
    throw new Error(`${step}: ${reply.status} (expected ${status}) ${reply.body}`);
  return reply;
}

/** The newest confirmation code mailed to `username`, read from the dev mailbox. */
export async function confirmationCode(server: Endpoint, username: string): Promise<string> {
  const mail = ok(
    'dev mailbox',
    await call(server, 'GET', `/dev/mail?to=${encodeURIComponent(username)}&limit=1`),
  );
  const code = /\b(\d{6})\b/.exec(
    (JSON.parse(mail.body) as { text: string }[])[0]?.text ?? '',
  )?.[1];
  if (code === undefined) throw new Error(`no confirmation code in the mail to ${username}`);
  return code;
}

/** Logs in; answers the session cookie (`admit_session=…`) to send back. */
export async function logIn(server: Endpoint, username: string, password: string): Promise<string> {
  const login = ok(
    'login',
    await call(server, 'POST', '/public/login', { body: { username, password } }),
  );
  const session = login.setCookie
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('admit_session='));
  if (session === undefined) throw new Error('login set no session cookie');
  return session;
}

/** Signs up, confirms with the mailed code and logs in; answers the session cookie. */
export async function signUpAndLogIn(
  server: Endpoint,
  username: string,
  password: string,
): Promise<string> {
  ok('signup', await call(server, 'POST', '/public/signup', { body: { username, password } }));
  const code = await confirmationCode(server, username);
  ok('confirm', await call(server, 'POST', '/public/confirm', { body: { username, code } }));
  return logIn(server, username, password);
}

// ── Uploads ──────────────────────────────────────────────────────────────────────────────────

/** A 1 × 1 RGBA PNG: the smallest real image the conversion turns into a PDF page. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** How long a conversion may take on a busy machine before a test gives up waiting. */
const CONVERSION_WAIT_MS = 60_000;

/**
 * Uploads `file` for the file question `answerKey` as the browser does: a presigned URL from
 * `server`, then the form of every presigned field, the type and the file (S3's order) posted
 * to that URL, through `uploadTo` (by default the endpoint the URL names, as `server` is).
 * Answers the presigned URL and fields, and the storage endpoint's reply.
 */
export async function uploadFile(
  server: Endpoint,
  cookie: string,
  answerKey: string,
  file: { bytes: Buffer; type: string; name: string },
  uploadTo: Endpoint = server,
): Promise<{ url: string; fields: Record<string, string>; reply: Reply }> {
  const presigned = JSON.parse(
    ok(
      'presign',
      await call(server, 'POST', '/api/presigned-url', { body: { answer_key: answerKey }, cookie }),
    ).body,
  ) as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('Content-Type', file.type);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  const reply = await call(uploadTo, 'POST', new URL(presigned.url).pathname, {
    raw: {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      type: encoded.headers.get('content-type') ?? '',
    },
  });
  return { ...presigned, reply };
}

/** `GET /api/pdf/document-answer/{answerKey}` on `server` until the conversion has ended. */
export async function conversionEnded(
  server: Endpoint,
  cookie: string,
  answerKey: string,
): Promise<string> {
  for (const end = Date.now() + CONVERSION_WAIT_MS; Date.now() < end;) {
    const reply = ok(
      'conversion status',
      await call(server, 'GET', `/api/pdf/document-answer/${answerKey}`, { cookie }),
    );
    const { status } = JSON.parse(reply.body) as { status: string };
    if (status !== 'unprocessed' && status !== 'in_progress') return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the conversion had not ended after ${CONVERSION_WAIT_MS / 1000} s`);
}
