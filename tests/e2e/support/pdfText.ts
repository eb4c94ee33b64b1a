/**
 * What a PDF says, as a person reading it would get it: pdf.js extracts the text, and pieces
 * on one line are joined left to right with a space.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

export interface PdfText {
  numPages: number;
  /** Every line of every page, top to bottom, joined with "\n". */
  text: string;
  /** The lines of each page, top to bottom. */
  pages: string[][];
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  try {
    const pages: string[][] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const lines: string[] = [];
      pages.push(lines);
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const y = Math.round(Number(item.transform[5]));
        const row = rows.get(y) ?? [];
        row.push({ x: Number(item.transform[4]), text: item.str.trim() });
        rows.set(y, row);
      }
      for (const [, row] of [...rows.entries()].sort(([a], [b]) => b - a)) {
        lines.push(
          row
            .sort((a, b) => a.x - b.x)
            .map((piece) => piece.text)
            .join(' '),
        );
      }
    }
    return { numPages: document.numPages, text: pages.flat().join('\n'), pages };
  } finally {
    await document.destroy();
  }
}
