/**
 * Text as the PDF prints it: whatever an applicant or a college stored, cleaned of what no
 * font draws and no PDF should carry (controls, invisible characters, lone surrogates).
 */
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

/** A word longer than this many characters may break anywhere (a URL, a hostile word). */
const LONGEST_UNBROKEN_WORD = 40;
const LONG_WORD = new RegExp(`\\S{${LONGEST_UNBROKEN_WORD + 1},}`, 'gu');
/** Scripts written without spaces, which Typst breaks between words (or characters) itself. */
const UNSPACED_SCRIPT =
  /[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const ZERO_WIDTH_SPACE = '\u200b';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` with a zero-width space after every 40 characters of a word longer than a line could
 * hold (a URL, a 7,000-letter "word"): Typst breaks lines only where a break is allowed, and
 * such a word would otherwise run off the page. A character is a whole grapheme, marks and
 * all; words in scripts written without spaces are left to Typst's own line breaking.
 *
 * @example breakableText('a'.repeat(50)) // 40 letters, U+200B, 10 letters
 */
export function breakableText(text: string): string {
  return text.replace(LONG_WORD, (word) => {
    if (UNSPACED_SCRIPT.test(word)) return word;
    let out = '';
    let count = 0;
    for (const { segment } of graphemes.segment(word)) {
      if (count > 0 && count % LONGEST_UNBROKEN_WORD === 0) out += ZERO_WIDTH_SPACE;
      out += segment;
      count += 1;
    }
    return out;
  });
}
