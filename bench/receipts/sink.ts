/**
 * The bench's mail sink: a real SMTP server on loopback (RFC 5321's plain dialogue, no TLS, no
 * AUTH) that keeps each message's bytes as sent and the moment its final dot arrived. The
 * server's mailer talks to it with nodemailer over TCP, as to a college's SMTP server. Unlike
 * server/src/test/smtp.ts it keeps the raw bytes (the base64 of an attachment intact) and
 * answers `250` at once, so the sink is never what the bench measures.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface Arrival {
  /** The RCPT TO address. */
  to: string;
  /** The message as sent: headers and body (dot-stuffing left in; nothing here needs it out). */
  raw: Buffer;
  /** performance.now() when its final `.` arrived. */
  at: number;
}

export interface MailSink {
  port: number;
  arrivals: Arrival[];
  /** Told of each message as it arrives. */
  onArrival: (listener: (arrival: Arrival) => void) => void;
  close: () => Promise<void>;
}

const END_OF_DATA = Buffer.from('\r\n.\r\n');
const CRLF = Buffer.from('\r\n');

function session(socket: Socket, arrived: (arrival: Arrival) => void): void {
  let buffer: Buffer = Buffer.alloc(0);
  let to = '';
  let inData = false;
  /** Where the search for the end of DATA resumes: the bytes before it were searched. */
  let searched = 0;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 bench-sink ESMTP');
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      if (inData) {
        const end = buffer.indexOf(END_OF_DATA, Math.max(0, searched - END_OF_DATA.length));
        if (end === -1) {
          searched = buffer.length;
          return;
        }
        arrived({ to, raw: Buffer.from(buffer.subarray(0, end)), at: performance.now() });
        buffer = buffer.subarray(end + END_OF_DATA.length);
        inData = false;
        searched = 0;
        to = '';
        reply('250 2.0.0 queued');
        continue;
      }
      const newline = buffer.indexOf(CRLF);
      if (newline === -1) return;
      const line = buffer.subarray(0, newline).toString('latin1');
      buffer = buffer.subarray(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 bench-sink');
      else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
      else if (verb === 'RCPT') {
        to = /<(.*)>/.exec(line)?.[1] ?? '';
        reply('250 2.1.5 OK');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 end with <CRLF>.<CRLF>');
      } else if (verb === 'QUIT') {
        reply('221 2.0.0 bye');
        socket.end();
        return;
      } else reply('502 5.5.2 not implemented');
    }
  });
  socket.on('error', () => undefined);
}

/** Listens on a free port of 127.0.0.1 until `close`. */
export async function startMailSink(): Promise<MailSink> {
  const arrivals: Arrival[] = [];
  const listeners: ((arrival: Arrival) => void)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    session(socket, (arrival) => {
      arrivals.push(arrival);
      for (const listener of listeners) listener(arrival);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the mail sink has no port');
  return {
    port: address.port,
    arrivals,
    onArrival: (listener) => listeners.push(listener),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What the bench reads of a receipt: its subject and its one PDF attachment, decoded. */
export interface ParsedReceipt {
  subject: string;
  /** The attachment's `name` / `filename` as given (RFC 2231 or 2047 encoding left as is). */
  fileName: string | undefined;
  pdf: Buffer | undefined;
}

/** Reads the subject and the `application/pdf` part of a message nodemailer wrote. */
export function parseReceipt(raw: Buffer): ParsedReceipt {
  const text = raw.toString('latin1');
  const headerEnd = text.indexOf('\r\n\r\n');
  // Folded header lines are joined (RFC 5322 §2.2.3).
  const headers = text.slice(0, headerEnd).replace(/\r\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const part =
    /Content-Type: application\/pdf[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n(?:--|$)/i.exec(text);
  const partHeaders =
    part === null ? '' : text.slice(part.index, text.indexOf('\r\n\r\n', part.index));
  const fileName = /(?:file)?name\*?=("?)([^";\r\n]+)\1/i.exec(
    partHeaders.replace(/\r\n[ \t]+/g, ' '),
  )?.[2];
  const base64 = part?.[1];
  return {
    subject,
    fileName,
    pdf: base64 === undefined ? undefined : Buffer.from(base64.replace(/\r\n/g, ''), 'base64'),
  };
}
