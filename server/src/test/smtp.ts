/**
 * A small real SMTP server for tests (RFC 5321's plain dialogue: no TLS, no AUTH): the mailer
 * talks to it with nodemailer over TCP, as it would to the college's server, and the test
 * reads what arrived.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body), soft line breaks of quoted-printable joined. */
  data: string;
}

export interface SmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Connections accepted so far, and those still open. */
  connections: () => { accepted: number; open: number };
  /** The most mails whose data had arrived and waited for the reply at once (see `holdUntil`). */
  mostHeld: () => number;
  close: () => Promise<void>;
}

export interface SmtpServerOptions {
  /**
   * Hold the reply to each mail's data until this many mails wait for theirs at once, then
   * answer them all: a client that sends one mail at a time never gets past the first (a
   * test's own timeout ends it). The held mails count as received only once answered.
   */
  holdUntil?: number;
}

/** A port nothing listens on (for now): connecting to it is refused. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function session(
  socket: Socket,
  received: ReceivedMail[],
  /** Answers a mail's data (at once, or when `holdUntil` lets it). */
  finish: (answer: () => void) => void,
): void {
  let buffer = '';
  let mail: ReceivedMail = { from: '', to: [], data: '' };
  let inData = false;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 test-smtp ESMTP');
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        mail.data = buffer.slice(0, end).replace(/=\r\n/g, '');
        buffer = buffer.slice(end + 5);
        inData = false;
        const done = mail;
        finish(() => {
          received.push(done);
          reply('250 2.0.0 queued');
        });
        mail = { from: '', to: [], data: '' };
        continue;
      }
      const newline = buffer.indexOf('\r\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 test-smtp');
      else if (verb === 'MAIL') {
        mail.from = /<(.*)>/.exec(line)?.[1] ?? '';
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        mail.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 OK');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 end with <CRLF>.<CRLF>');
      } else if (verb === 'QUIT') {
        reply('221 2.0.0 bye');
        socket.end();
        return;
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
      else reply('502 5.5.2 not implemented');
    }
  });
  socket.on('error', () => undefined);
}

/** Listens on 127.0.0.1 (`port`, or any free one) until `close`. */
export async function startSmtpServer(
  port = 0,
  options: SmtpServerOptions = {},
): Promise<SmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  let held: (() => void)[] = [];
  let mostHeld = 0;
  const finish = (answer: () => void) => {
    if (options.holdUntil === undefined) {
      answer();
      return;
    }
    held.push(answer);
    mostHeld = Math.max(mostHeld, held.length);
    if (held.length < options.holdUntil) return;
    for (const release of held) release();
    held = [];
  };
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    session(socket, received, finish);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the SMTP server has no port');
  return {
    port: address.port,
    received,
    connections: () => ({ accepted, open: sockets.size }),
    mostHeld: () => mostHeld,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
