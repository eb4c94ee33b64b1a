/**
 * Text as Typst is given it: long words made breakable. What the PDF leaves out of a text
 * (controls, invisible characters) is form-model's `printableText`, the rule the review page's
 * warning about unprintable characters reads too.
 */
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
