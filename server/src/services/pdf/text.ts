/** Measuring and wrapping text in the PDF's fonts (fonts.ts). */
import { type FontStyle, widthAtOne } from './fonts.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Controls, invisible format characters (a soft hyphen, a zero-width space, a BOM) and
 * variation selectors (the emoji style of "❤️"): nothing to draw.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
/** Text that `printableText` leaves as it is. */
const PRINTABLE_ASCII = /^[\x20-\x7e\n]*$/;
/** Joiners that shape Arabic and Devanagari letters: kept. */
const JOINERS = new Set(['\u200c', '\u200d']);

/**
 * `text` as the PDF prints it: composed (NFC, so "Nguyễn" typed with combining marks is found
 * by a search for the composed letters), line breaks as "\n", tabs and other spaces as " ",
 * controls and invisible characters dropped, a lone surrogate as U+FFFD. Never throws: no
 * answer can make the PDF fail.
 *
 * @example printableText('Ada\tLovelace\u0000') // 'Ada Lovelace'
 */
export function printableText(text: string): string {
  // Printable ASCII and line feeds (most answers) are already as the PDF prints them.
  if (PRINTABLE_ASCII.test(text)) return text;
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/[\t\p{Zs}]/gu, ' ')
    .replace(INVISIBLE, (character) =>
      character === '\n' || JOINERS.has(character) ? character : '',
    );
}

/**
 * A one-line text as the PDF prints it (the name in the header and footer, the college's texts,
 * file names): `printableText` with every line break a space. Whatever was stored, a name
 * never runs onto a second line or carries a break into the running footer.
 *
 * @example printableLine('Ada Line\nBreak') // 'Ada Line Break'
 */
export function printableLine(text: string): string {
  return printableText(text)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** The width of `text` in points. */
export function widthOf(text: string, font: FontStyle, size: number): number {
  return widthAtOne(text, font) * size;
}

/** Splits a word wider than `width` into pieces that fit. */
function breakWord(word: string, font: FontStyle, size: number, width: number): string[] {
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
export function wrapText(text: string, font: FontStyle, size: number, width: number): string[] {
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
