/** Measuring and wrapping text in a standard font (the text is already WinAnsi: winansi.ts). */
import { type PDFFont } from 'pdf-lib';

import { isWinAnsi } from './winansi.ts';

// Character widths per font at size 1: pdf-lib encodes a whole string per call, and wrapping a
// 7000-character essay asks for thousands of widths.
const widthCache = new Map<string, Map<string, number>>();

/**
 * The width of `text` in points. A character the font cannot encode (never passed on purpose:
 * winansi.ts) measures as the "?" the canvas draws for it, so measuring never throws.
 */
export function widthOf(text: string, font: PDFFont, size: number): number {
  let widths = widthCache.get(font.name);
  if (widths === undefined) {
    widths = new Map();
    widthCache.set(font.name, widths);
  }
  let total = 0;
  for (const character of text) {
    let width = widths.get(character);
    if (width === undefined) {
      width = font.widthOfTextAtSize(isWinAnsi(character) ? character : '?', 1);
      widths.set(character, width);
    }
    total += width;
  }
  return total * size;
}

/** Splits a word wider than `width` into pieces that fit. */
function breakWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece !== '' && widthOf(piece + character, font, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * `text` wrapped to `width` points: paragraphs ("\n") kept, a run of blank lines kept as one
 * blank line, a word longer than a line (a URL, a long name) broken where it must.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = widthOf(' ', font, size);
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(' ').filter((word) => word !== '');
    if (words.length === 0) {
      if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = widthOf(word, font, size);
      if (line !== '' && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      if (wordWidth <= width) {
        line = word;
        lineWidth = wordWidth;
      } else {
        const pieces = breakWord(word, font, size, width);
        line = pieces.pop() ?? '';
        lines.push(...pieces);
        lineWidth = widthOf(line, font, size);
      }
    }
    lines.push(line);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
