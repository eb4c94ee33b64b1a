/**
 * bench/convert: the server while hostile files convert. Prints figures; never
 * fails on them.
 *
 *   npx tsx bench/convert/run.ts [--server=path/to/main.js] [--soffice=off|on|both]
 *
 * What it does: builds the server bundle (`scripts/build.mjs`, so main.js and its
 * convertProcess.js) unless `--server` names one, and for each LibreOffice setting (`SOFFICE=off`,
 * then LibreOffice on PATH) starts `node main.js` on loopback with the embedded PostgreSQL in a
 * temporary DATA_DIR; signs up two applicants (the dev mailbox gives the codes); one uploads a
 * 6 KB DOCX whose body is one 5,000,000-letter word, the other a PNG declaring 20000 × 20000
 * pixels, and both ask for their conversion at once. Until both end it asks GET /api/health
 * every 100 ms (one at a time) and reads the server process's resident memory
 * (/proc/PID/status VmRSS) and that of its descendants (conversion processes, LibreOffice).
 * It prints the health latencies (median, max, over 1 s), the server's and the descendants'
 * largest RSS, and how each conversion ended with its message and time. Everything it started
 * is stopped and the temporary folders removed, on Ctrl-C too; it stops itself after 10 min.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { deflateSync } from 'node:zlib';

import { zipSync } from 'fflate';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: flags } = parseArgs({
  options: {
    server: { type: 'string', default: '' },
    soffice: { type: 'string', default: 'both' },
  },
});
const TIME_LIMIT_MS = 10 * 60_000;
const SAMPLE_EVERY_MS = 100;
const PASSWORD = 'Gallatin-Valley-2027';
const KEY = 'decision_essay_file';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// ── the hostile files (as server/src/test/files.ts makes them for the tests) ─────────────

const encode = (text: string) => new TextEncoder().encode(text);

/** A .docx whose body is one word of `length` letters (5,000,000: ~6 KB zipped). */
function oneWordDocx(length: number): Uint8Array {
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync(
    {
      '[Content_Types].xml': encode(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': encode(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
      'word/document.xml': encode(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${'a'.repeat(length)}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    },
    { level: 9 },
  );
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = 0xffffffff;
  for (const byte of body) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, tail]);
}

/** A valid one-bit grey PNG declaring `width` × `height`, all zero (~50 KB for 20000²). */
function bombPng(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * height), { level: 9 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** The presigned fields, then the file: the form a browser posts to the storage URL. */
function multipartBody(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Uint8Array },
): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = '----AdmitBenchBoundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map((entry) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: new Uint8Array(Buffer.concat(parts)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const children = new Set<ChildProcess>();
const folders = new Set<string>();

function cleanUp(): void {
  for (const child of children) child.kill('SIGTERM');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
setTimeout(() => {
  console.error('bench/convert: the time limit was reached');
  cleanUp();
  process.exit(2);
}, TIME_LIMIT_MS).unref();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** Resident memory of a process in MiB (0 once it is gone). */
function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The command name of a process ('' once it is gone). */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Every process below `pid` (conversion processes, LibreOffice, the embedded PostgreSQL). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (id: number) => {
    for (const child of parents.get(id) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

interface Session {
  origin: string;
  cookie?: string;
}

async function call(
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${session.origin}${path}`, {
    method,
    headers: {
      origin: session.origin,
      ...(session.cookie === undefined ? {} : { cookie: session.cookie }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  if (path === '/public/login') {
    const cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('admit_session='));
    if (cookie !== undefined) session.cookie = cookie;
  }
  return { status: response.status, json };
}

async function expectStatus(
  step: string,
  reply: Promise<{ status: number; json: unknown }>,
  status = 200,
) {
  const result = await reply;
  if (result.status !== status) {
    throw new Error(`${step}: ${result.status} ${JSON.stringify(result.json)}`);
  }
  return result.json;
}

/** Signs up, confirms with the code from the dev mailbox, logs in. */
async function applicant(origin: string, username: string): Promise<Session> {
  const session: Session = { origin };
  await expectStatus(
    'signup',
    call(session, 'POST', '/public/signup', { username, password: PASSWORD }),
  );
  let code: string | undefined;
  for (let tries = 0; code === undefined && tries < 50; tries += 1) {
    const mail = (await expectStatus(
      'the dev mailbox',
      call(session, 'GET', `/dev/mail?to=${encodeURIComponent(username)}&limit=1`),
    )) as { text: string }[];
    code = /\b(\d{6})\b/.exec(mail[0]?.text ?? '')?.[1];
    if (code === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (code === undefined) throw new Error(`no confirmation code for ${username}`);
  await expectStatus('confirm', call(session, 'POST', '/public/confirm', { username, code }));
  await expectStatus(
    'login',
    call(session, 'POST', '/public/login', { username, password: PASSWORD }),
  );
  return session;
}

/** Presigns, uploads and asks for the conversion of `file`. */
async function upload(
  session: Session,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<void> {
  const presigned = (await expectStatus(
    'presign',
    call(session, 'POST', '/api/presigned-url', { answer_key: KEY }),
  )) as { url: string; fields: Record<string, string> };
  const { body, contentType } = multipartBody(presigned.fields, file);
  const url = new URL(presigned.url, session.origin);
  const stored = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType, origin: session.origin },
    body,
  });
  if (stored.status !== 204) throw new Error(`upload: ${stored.status} ${await stored.text()}`);
  await expectStatus(
    'conversion request',
    call(session, 'POST', `/api/pdf/document-answer/${KEY}`, {
      file_key: presigned.fields.key,
      file_name: file.name,
    }),
    202,
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function run(serverMain: string, soffice: 'off' | 'on'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-convert-'));
  folders.add(dataDir);
  // As root the embedded PostgreSQL runs as "postgres", which must traverse the folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  delete inherited.SOFFICE;
  const server = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      NODE_ENV: 'development', // the dev mailbox gives the confirmation codes
      SMTP_URL: '',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...(soffice === 'off' ? { SOFFICE: 'off' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(server);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  try {
    const probe: Session = { origin };
    for (let tries = 0; ; tries += 1) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${tail}`);
      const ok = await call(probe, 'GET', '/api/health').then(
        (reply) => reply.status === 200,
        () => false,
      );
      if (ok) break;
      if (tries > 600) throw new Error(`the server did not start:\n${tail}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const runId = Date.now().toString(36);
    const [writer, scanner] = await Promise.all([
      applicant(origin, `bench-convert-${runId}-docx@example.com`),
      applicant(origin, `bench-convert-${runId}-png@example.com`),
    ]);
    const pid = server.pid ?? 0;
    const idleRss = rssMiB(pid);
    const started = performance.now();
    await Promise.all([
      upload(writer, { name: 'essay.docx', type: DOCX_TYPE, bytes: oneWordDocx(5_000_000) }),
      upload(scanner, { name: 'scan.png', type: 'image/png', bytes: bombPng(20_000, 20_000) }),
    ]);
    const latencies: number[] = [];
    let serverRss = idleRss;
    let childrenRss = 0;
    const ended = new Map<string, { status: string; message: string; seconds: number }>();
    while (ended.size < 2) {
      const asked = performance.now();
      await call(probe, 'GET', '/api/health');
      latencies.push(performance.now() - asked);
      serverRss = Math.max(serverRss, rssMiB(pid));
      childrenRss = Math.max(
        childrenRss,
        descendants(pid)
          .filter((child) => commandOf(child) !== 'postgres')
          .reduce((total, child) => total + rssMiB(child), 0),
      );
      for (const [label, session] of [
        ['DOCX, one 5,000,000-letter word', writer],
        ['PNG, 20000 × 20000 declared', scanner],
      ] as const) {
        if (ended.has(label)) continue;
        const status = (await call(session, 'GET', `/api/pdf/document-answer/${KEY}`)).json as {
          status: string;
          message: string;
        };
        if (status.status === 'failed' || status.status === 'completed') {
          ended.set(label, { ...status, seconds: (performance.now() - started) / 1000 });
        }
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
    console.log(`\nSOFFICE=${soffice === 'off' ? 'off' : 'on (LibreOffice on PATH)'}`);
    for (const [label, end] of ended) {
      console.log(`  ${label}: ${end.status} after ${end.seconds.toFixed(1)} s — "${end.message}"`);
    }
    console.log(
      `  GET /api/health during the conversions: ${latencies.length} requests, median ${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, over 1 s: ${latencies.filter((ms) => ms > 1000).length}`,
    );
    console.log(
      `  server process RSS: ${idleRss.toFixed(0)} MiB before, at most ${serverRss.toFixed(0)} MiB during (limit 1024 MiB)`,
    );
    console.log(
      `  conversion processes and LibreOffice together (PostgreSQL left out): at most ${childrenRss.toFixed(0)} MiB`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    children.delete(server);
    rmSync(dataDir, { recursive: true, force: true });
    folders.delete(dataDir);
  }
}

async function main(): Promise<void> {
  let serverMain = flags.server;
  if (serverMain === '') {
    console.log('… building the server bundle (scripts/build.mjs)');
    const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server bundle did not build');
    serverMain = join(root, 'server/dist/main.js');
  }
  const modes: ('off' | 'on')[] =
    flags.soffice === 'both' ? ['off', 'on'] : [flags.soffice === 'on' ? 'on' : 'off'];
  for (const mode of modes) await run(serverMain, mode);
}

main().then(
  () => {
    cleanUp();
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    cleanUp();
    process.exit(1);
  },
);
