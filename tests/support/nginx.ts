/**
 * Debian's nginx for a test, as an unprivileged foreground process of its own: its
 * configuration, pid file, logs and temporary files all in a temporary folder (`nginx -p`), no
 * file of the machine's own nginx read or touched, ports above 1024 on 127.0.0.1. And a
 * self-signed certificate from openssl for it to serve.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

import { alive, until } from './server.ts';

/** Where Debian's package (and scripts/ensure.mjs) puts nginx. */
export const NGINX = '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
/** How long nginx may take to listen on a busy machine. */
const START_TIMEOUT_MS = 30_000;
/** A graceful stop (SIGQUIT) lets requests end; past this it is killed. */
const STOP_TIMEOUT_MS = 10_000;

export interface Certificate {
  /** The certificate (PEM): also what a client trusts, as it signs itself. */
  cert: string;
  certFile: string;
  keyFile: string;
}

/**
 * A self-signed certificate for `name` (its subject and its only subject alternative name,
 * which clients check) valid for two days, with its key, written into `dir`.
 */
export function selfSignedCertificate(dir: string, name: string): Certificate {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  execFileSync(
    OPENSSL,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=DNS:${name}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'pipe' },
  );
  return { cert: readFileSync(certFile, 'utf8'), certFile, keyFile };
}

/** Where Linux hands out the ports of `listen(0)`, as the servers' own ports are chosen. */
function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low !== undefined && high !== undefined) return [low, high];
  } catch {
    // Not Linux: the IANA range.
  }
  return [49152, 65535];
}

/** Whether `port` of 127.0.0.1 can be listened on now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

/**
 * A free port above 1024 for nginx, below the range `listen(0)` draws from: a server started
 * before nginx listens (the instances, whose PUBLIC_ORIGIN names nginx's port) cannot be given
 * it by chance.
 */
export async function proxyPort(): Promise<number> {
  const [low] = ephemeralPorts();
  const from = Math.min(10_000, low - 1000);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = from + Math.floor(Math.random() * (low - from));
    if (await free(port)) return port;
  }
  throw new Error(`no free port between ${from} and ${low} for nginx`);
}

export interface NginxProcess {
  child: ChildProcess;
  /** The folder nginx runs in (`-p`): logs/, temp/, its configuration. */
  prefix: string;
  /** A log file of `logs/`, as written so far ('' before its first line). */
  log: (name: string) => string;
  /** Everything nginx printed (its start-up complaints go to stderr). */
  output: () => string;
  exited: Promise<void>;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/**
 * Starts nginx in the foreground on `http` (an `http {}` block's contents: server blocks,
 * upstreams, includes) inside a minimal main configuration written into `prefix`; resolves once
 * every port of `ports` accepts connections. `onStart` receives the process before it is ready,
 * so that a caller can stop it even when the start fails.
 */
export async function startNginx(options: {
  prefix: string;
  http: string;
  ports: number[];
  onStart?: (nginx: NginxProcess) => void;
}): Promise<NginxProcess> {
  const { prefix } = options;
  if (!existsSync(NGINX))
    throw new Error(
      "Debian's nginx (/usr/sbin/nginx) is missing: `npm test` installs it (scripts/ensure.mjs), or run `apt-get install nginx`",
    );
  for (const folder of ['logs', 'temp']) mkdirSync(join(prefix, folder), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${join(prefix, 'temp', name)};`;
  const config = join(prefix, 'nginx.conf');
  writeFileSync(
    config,
    [
      // As root nginx would run its workers as `nobody`, who cannot reach a private temporary
      // folder; the test's workers stay root (as an unprivileged user nginx ignores this line).
      ...(process.getuid?.() === 0 ? ['user root root;'] : []),
      'worker_processes 1;',
      'events { worker_connections 256; }',
      // The http block of Debian's /etc/nginx/nginx.conf, which a site's file must hold with:
      // it allows TLS 1.0 and 1.1 and turns gzip on for every site.
      'http {',
      '  sendfile on;',
      '  tcp_nopush on;',
      '  types_hash_max_size 2048;',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;',
      '  ssl_prefer_server_ciphers on;',
      '  gzip on;',
      `  access_log ${join(prefix, 'logs', 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      options.http,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    NGINX,
    [
      '-p',
      prefix,
      '-c',
      config,
      '-e',
      join(prefix, 'logs', 'error.log'),
      '-g',
      `daemon off; pid ${join(prefix, 'nginx.pid')}; error_log ${join(prefix, 'logs', 'error.log')} notice;`,
    ],
    { cwd: prefix, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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
  child.once('error', (error) => {
    output += `nginx could not be started: ${error.message}\n`;
  });
  const log = (name: string) => {
    const file = join(prefix, 'logs', name);
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  const nginx: NginxProcess = { child, prefix, log, output: () => output, exited };
  options.onStart?.(nginx);
  for (const end = Date.now() + START_TIMEOUT_MS; ;) {
    if (child.exitCode !== null)
      throw new Error(
        `nginx exited during start-up (${child.exitCode}):\n${output}${log('error.log')}`,
      );
    const ready = await Promise.all(options.ports.map(listening));
    if (ready.every(Boolean)) return nginx;
    if (Date.now() > end)
      throw new Error(
        `nginx did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output}${log('error.log')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A graceful stop (SIGQUIT), then SIGKILL if nginx has not exited in 10 s. */
export async function stopNginx(nginx: NginxProcess): Promise<void> {
  const pid = nginx.child.pid;
  if (pid === undefined || nginx.child.exitCode !== null || nginx.child.signalCode !== null) return;
  nginx.child.kill('SIGQUIT');
  if (!(await until(() => nginx.child.exitCode !== null || !alive(pid), STOP_TIMEOUT_MS))) {
    // Its workers outlive a killed master and keep the ports: they go first, by parent pid.
    try {
      execFileSync('pkill', ['-KILL', '-P', String(pid)], { stdio: 'ignore' });
    } catch {
      // No worker was left.
    }
    nginx.child.kill('SIGKILL');
    await nginx.exited;
  }
}
