import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type Plugin } from 'vite';

/** V8 compiles every function of a script whose first line is this, eagerly, as it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * V8's explicit compile hint (Chrome 136 and later) on the first chunk: its functions are
 * compiled while the file streams in, on a background thread, instead of one at a time on the
 * main thread as each is first called. The first chunk is what a cold visit runs before the
 * page is usable, and nearly all of it is called at once (React, MUI, the step). On a phone at
 * 4× CPU, its evaluation and the hydration after it took about 980 ms without the hint and
 * about 500 ms with it (bench/pageload; bench/README.md).
 *
 * Only the entry chunk: a lazy chunk's functions are not all called when it loads, and a small
 * file is compiled on the main thread, where compiling all of it would be a long task.
 *
 * The hint must be the file's first line, and Vite writes its preload helper above any banner,
 * so it is added to the written file, with its source map moved down one line to match.
 * Listed before `precompress()`, which compresses the result.
 */
export function compileHint(): Plugin {
  return {
    name: 'admit:compile-hint',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        if (options.dir === undefined) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          const file = join(options.dir, chunk.fileName);
          await writeFile(file, `${COMPILE_HINT}\n${await readFile(file, 'utf8')}`);
          if (chunk.sourcemapFileName === null) continue;
          const mapFile = join(options.dir, chunk.sourcemapFileName);
          const map = JSON.parse(await readFile(mapFile, 'utf8')) as { mappings: string };
          map.mappings = `;${map.mappings}`;
          await writeFile(mapFile, JSON.stringify(map));
        }
      },
    },
  };
}
