/**
 * A body over the limit, on a real socket as a proxy in front sends it: the 413 comes after
 * the body is read, and the connection serves the next request (a proxy that finds the
 * connection closed under its write answers 502 and counts the instance as failed).
 */
import { connect, type Socket } from 'node:net';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DRAIN_LIMIT_BYTES, errors } from './errors.ts';

const LIMIT = 1024;
const STATUS_LINE = /HTTP\/1\.1 \d{3} /g;
let app: FastifyInstance;
let port = 0;

/** Sends `requests` one after the other on one connection; answers what came back. */
function exchange(requests: Buffer[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port }, () => {
      for (const request of requests) socket.write(request);
    });
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      // Every answer in (each follows the body before it on the same line): done.
      if ((received.match(STATUS_LINE) ?? []).length === requests.length) socket.end();
    });
    socket.on('close', () => {
      resolve(received);
    });
    // A connection cut while writing is the failure a proxy meets: reported as what it read.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve(received);
      else reject(error);
    });
  });
}

function post(bytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`,
    ),
    Buffer.alloc(bytes, 0x20),
  ]);
}

const get = Buffer.from('GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

describe('errors: a body over the limit', () => {
  beforeAll(async () => {
    app = Fastify({ bodyLimit: LIMIT });
    await app.register(errors);
    app.post('/echo', async () => ({ ok: true }));
    app.get('/ping', async () => ({ pong: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await app.close();
  });

  it('is read to its end, answered 413 with its message, and the connection serves the next request', async () => {
    const received = await exchange([post(LIMIT * 64), get]);
    const [first = '', second = ''] = received.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(first).toMatch(/^HTTP\/1\.1 413 /);
    expect(first).not.toMatch(/^connection: close/im);
    expect(first).toContain('"message"');
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toContain('"pong":true');
  });

  it('is still cut off when its declared length is past what is worth reading', async () => {
    const head = Buffer.from(
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${DRAIN_LIMIT_BYTES + 1}\r\n\r\n`,
    );
    const received = await exchange([head]);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/^connection: close/im);
  });
});
