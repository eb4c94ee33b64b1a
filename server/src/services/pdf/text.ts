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

/** The code unit of a space, between the words of a paragraph. */
const SPACE = 0x20;

/**
 * `text` wrapped to `width` points: paragraphs ("\n") kept, a run of blank lines kept as one
 * blank line, a word longer than a line (a URL, a long name) broken where it must. With
 * `maxLines`, it may stop as soon as it has more than that many lines, the last not blank: a
 * caller that only needs to know that the text is longer (render.ts) skips the rest. Words are
 * measured and lines cut where they lie in the paragraph, by index: building each line a word
 * at a time made more garbage than any other part of a render.
 */
export function wrapText(
  text: string,
  font: FontStyle,
  size: number,
  width: number,
  maxLines = Infinity,
): string[] {
  const lines: string[] = [];
  const space = widthOf(' ', font, size);
  for (const paragraph of text.split('\n')) {
    // The line being filled: from `lineStart` to `lineEnd` in the paragraph (-1: none yet);
    // `gaps`: it has more than one space between two of its words, each printed as one.
    let lineStart = -1;
    let lineEnd = -1;
    let lineWidth = 0;
    let gaps = false;
    const cut = () => {
      const line = paragraph.slice(lineStart, lineEnd);
      lines.push(
        gaps
          ? line
              .split(' ')
              .filter((word) => word !== '')
              .join(' ')
          : line,
      );
    };
    let index = 0;
    const length = paragraph.length;
    while (index < length) {
      if (paragraph.charCodeAt(index) === SPACE) {
        index += 1;
        continue;
      }
      const start = index;
      while (index < length && paragraph.charCodeAt(index) !== SPACE) index += 1;
      const wordWidth = widthAtOne(paragraph, font, start, index) * size;
      if (lineStart !== -1 && lineWidth + space + wordWidth <= width) {
        if (start > lineEnd + 1) gaps = true;
        lineEnd = index;
        lineWidth += space + wordWidth;
        continue;
      }
      if (lineStart !== -1) {
        cut();
        if (lines.length > maxLines) return lines;
      }
      gaps = false;
      if (wordWidth <= width) {
        lineStart = start;
        lineWidth = wordWidth;
      } else {
        const pieces = breakWord(paragraph.slice(start, index), font, size, width);
        const last = pieces.pop() ?? '';
        lines.push(...pieces);
        lineStart = index - last.length;
        lineWidth = widthOf(last, font, size);
      }
      lineEnd = index;
    }
    if (lineStart !== -1) cut();
    else if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
