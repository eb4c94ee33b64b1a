import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import { type Plugin } from 'vite';

/**
 * Text files worth compressing. Images and fonts (woff2) are compressed formats already.
 * Source maps are left out: only a developer's devtools fetch them, and brotli at quality 11
 * on their 5 MB would take longer than the rest of the build.
 */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/** The most each format can do: built once, served to every applicant. */
const BROTLI_QUALITY = constants.BROTLI_MAX_QUALITY;
const GZIP_LEVEL = constants.Z_BEST_COMPRESSION;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The two encodings a copy is made in, as the file extension the server looks for. */
const ENCODINGS: readonly { extension: string; compress: (bytes: Buffer) => Promise<Buffer> }[] = [
  {
    extension: '.br',
    compress: (bytes) =>
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { extension: '.gz', compress: (bytes) => gzipped(bytes, { level: GZIP_LEVEL }) },
];

/**
 * Writes `FILE.br` and `FILE.gz` beside each compressible file under `dir`, each only when it
 * is smaller than the file (a copy that saves nothing is removed, should an earlier build have
 * left one). Folders whose name starts with a dot (Vite's `.vite/manifest.json`) are not
 * served and are skipped. Returns how many copies were written.
 */
export async function precompressDir(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !relative(dir, path)
          .split(sep)
          .some((part) => part.startsWith('.')),
    );
  const written = await Promise.all(
    files.flatMap((path) =>
      ENCODINGS.map(async ({ extension, compress }) => {
        const original = await readFile(path);
        const copy = await compress(original);
        if (copy.length >= original.length) {
          await rm(path + extension, { force: true });
          return 0;
        }
        await writeFile(path + extension, copy);
        return 1;
      }),
    ),
  );
  return written.reduce<number>((sum, count) => sum + count, 0);
}

/**
 * Brotli and gzip copies of the built app's text files, made once at build time so that the
 * server sends them as they are (server/src/plugins/app/spa.ts, by the browser's
 * Accept-Encoding) instead of compressing on every request or not at all.
 *
 * A Vite plugin rather than a step of scripts/build.mjs: every production build of the app
 * (`npm run build`, `vite build` in form-app, bench/bundle) then writes the same files. It runs
 * after Vite has written everything, the public folder's files included.
 */
export function precompress(): Plugin {
  return {
    name: 'admit:precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (options.dir === undefined) return;
        const count = await precompressDir(options.dir);
        this.environment.logger.info(`precompressed: ${String(count)} brotli and gzip copies`);
      },
    },
  };
}
