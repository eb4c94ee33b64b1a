/**
 * The built SPA (STATIC_DIR): its files, sent compressed when the browser accepts it and cached
 * as long as their names allow, and index.html for every other page address (SPEC §2).
 */
import { relative, sep } from 'node:path';

import fastifyStatic from '@fastify/static';
import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A name Vite gives by content (assets/NAME-HASH.ext, and its map): a changed file gets a new name. */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.\w+(?:\.map)?$/;
/** The build's compressed copies (form-app/precompressPlugin.ts), beside each file. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** A year, the most HTTP caches honour: the file under that name never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Kept, but checked with the server before each use (a 304 when unchanged): index.html names
 * the current build's assets, and a stale copy after a deployment would load the old app.
 */
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the build, by its path under the build folder. */
function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE;
}

export const spa = fp(
  async (app: FastifyInstance, options: { root: string; apiPrefixes: readonly string[] }) => {
    const { root, apiPrefixes } = options;
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // FILE.br, then FILE.gz, by the request's Accept-Encoding (else FILE itself), with
      // Vary: Accept-Encoding. The copies have no address of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        const file = relative(root, path).split(sep).join('/').replace(COMPRESSED_COPY, '');
        reply.header('cache-control', cacheControlFor(file));
      },
    });
    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // A missing file (/assets/x.js, /favicon.ico) is a 404, never the app's HTML.
      const isFile = /\.[A-Za-z0-9]+$/.test(path);
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isFile &&
        !apiPrefixes.some((prefix) => request.url.startsWith(prefix))
      ) {
        // SPEC §2: the SPA routes every other path itself. Sent as index.html is (compressed,
        // no-cache).
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found.' });
    });
  },
  { name: 'spa' },
);
