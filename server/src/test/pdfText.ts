/**
 * What a PDF says, as a person reading it (or a screen reader, or a search) would get it:
 * pdf.js extracts the text, and pieces on one line are joined left to right with a space.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

export interface PdfText {
  numPages: number;
  /** Each page's lines, top to bottom. */
  pages: string[][];
  /** Every line of every page, joined with "\n". */
  text: string;
  /** The document's Title in its information dictionary. */
  title: string | undefined;
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
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const x = Number(item.transform[4]);
        const y = Math.round(Number(item.transform[5]));
        const row = rows.get(y) ?? [];
        row.push({ x, text: item.str });
        rows.set(y, row);
      }
      pages.push(
        [...rows.entries()]
          .sort(([a], [b]) => b - a)
          .map(([, row]) =>
            row
              .sort((a, b) => a.x - b.x)
              .map((piece) => piece.text.trim())
              .join(' '),
          ),
      );
    }
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    return {
      numPages: document.numPages,
      pages,
      text: pages.map((lines) => lines.join('\n')).join('\n'),
      title: info.Title,
    };
  } finally {
    await document.destroy();
  }
}
