/**
 * Text as the PDF prints it: whatever an applicant or a college stored, cleaned of what no
 * font draws and no PDF should carry (controls, invisible characters, lone surrogates). The
 * server prints through it and the review page's unprintable-character warning
 * (`findUnprintable`) reads answers through it, so both agree on what is left out on purpose.
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
