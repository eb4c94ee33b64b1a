/**
 * Whether a PDF's first page, drawn by poppler's `pdftoppm` at 20 dpi, has a pixel of exactly
 * one colour: how the PDF tests see that a colour (the college's accent) is really drawn.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `#RRGGBB` (any case) drawn anywhere on page 1 of `pdf`. */
export async function pageOneDraws(pdf: Uint8Array, hex: string): Promise<boolean> {
  const folder = await mkdtemp(join(tmpdir(), 'admit-pdf-pixels-'));
  try {
    const file = join(folder, 'page.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftoppm', ['-r', '20', '-f', '1', '-l', '1', file], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const [red, green, blue] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    // A binary PPM: "P6 width height 255", one whitespace, then three bytes a pixel.
    const header = /^P6\s+\d+\s+\d+\s+\d+\s/.exec(stdout.toString('latin1', 0, 64));
    if (header === null) throw new Error('pdftoppm did not write a binary PPM image');
    for (let at = header[0].length; at + 2 < stdout.length; at += 3)
      if (stdout[at] === red && stdout[at + 1] === green && stdout[at + 2] === blue) return true;
    return false;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
