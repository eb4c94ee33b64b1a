/**
 * A TCP proxy in front of the test run's PostgreSQL that a test can freeze and kill, to see
 * the server through a database outage without touching the PostgreSQL other test files use.
 *
 * - `freeze()`: connections stay open and new ones are accepted, but not a byte passes either
 *   way, as when PostgreSQL is stopped with SIGSTOP or the network drops packets. `thaw()`
 *   delivers what waited, in order.
 * - `kill()`: every connection is cut and new ones are refused (ECONNREFUSED), as when
 *   PostgreSQL is dead. `revive()` listens again on the same port.
 */
import { createServer, type Server, type Socket, connect } from 'node:net';

interface Pair {
  client: Socket;
  server: Socket;
  /** Chunks held while frozen, with the socket each is bound for. */
  held: { to: Socket; chunk: Buffer }[];
}

export interface PausableProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor: (url: string) => string;
  freeze: () => void;
  thaw: () => void;
  kill: () => Promise<void>;
  revive: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startPausableProxy(target: {
  host: string;
  port: number;
}): Promise<PausableProxy> {
  const pairs = new Set<Pair>();
  let frozen = false;
  let server: Server | undefined;
  let port = 0;

  function forward(pair: Pair, from: Socket, to: Socket): void {
    from.on('data', (chunk: Buffer) => {
      if (frozen) pair.held.push({ to, chunk });
      else to.write(chunk);
    });
    from.on('close', () => {
      // Once frozen, a goodbye waits too: a frozen server sees nothing, not even a close.
      if (frozen) pair.held.push({ to, chunk: Buffer.alloc(0) });
      else to.destroy();
    });
    from.on('error', () => undefined);
  }

  function onConnection(client: Socket): void {
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, server: upstream, held: [] };
    pairs.add(pair);
    forward(pair, client, upstream);
    forward(pair, upstream, client);
    // Forgotten once both ends are closed: a goodbye held by a freeze is still delivered.
    const closed = () => {
      if (client.destroyed && upstream.destroyed) pairs.delete(pair);
    };
    client.on('close', closed);
    upstream.on('close', closed);
  }

  async function listen(): Promise<void> {
    const next = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        resolve();
      });
    });
    port = (next.address() as { port: number }).port;
    server = next;
  }

  /** Stops accepting (new connections are refused) and cuts every open one. */
  async function cutAll(): Promise<void> {
    const current = server;
    server = undefined;
    // close() stops accepting at once; its callback waits for the open connections to end.
    const closed =
      current === undefined ? Promise.resolve() : new Promise((resolve) => current.close(resolve));
    for (const pair of pairs) {
      pair.client.destroy();
      pair.server.destroy();
    }
    pairs.clear();
    await closed;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) {
        const held = pair.held.splice(0);
        for (const { to, chunk } of held) {
          if (chunk.length === 0) to.destroy();
          else if (!to.destroyed) to.write(chunk);
        }
      }
    },
    async kill() {
      frozen = false;
      await cutAll();
    },
    async revive() {
      await listen();
    },
    async close() {
      frozen = false;
      await cutAll();
    },
  };
}
