/**
 * Which characters the application PDF can print: the code points its fonts draw
 * (`PRINTABLE_CODE_POINTS`, generated from the server's font files by `npm run
 * gen:print-coverage`), read through `printableText`, the rule the PDF prints by (controls and
 * invisible characters are left out on purpose, tabs and other spaces print as a space). The
 * review page tells the applicant, in words, about any other character before they submit:
 * nothing they typed is dropped without their knowing.
 */
import { PRINTABLE_CODE_POINTS } from './coverage.generated.ts';
import { type PrintModel } from './model.ts';
import { printableText } from './text.ts';

/** A sorted run of code points, first to last, both included. */
export type CodePointRange = readonly [first: number, last: number];

/** The base of the numbers in an encoded table: short, and only letters and digits. */
const RADIX = 36;

/**
 * Sorted, disjoint ranges as text: for each, the gap since the previous range's end and its
 * length less one, in base 36, all joined by commas ("0,v,1,0" is 0x0-0x1F and 0x21).
 *
 * @example encodeRanges([[0x20, 0x7e]]) // 'w,2m'
 */
export function encodeRanges(ranges: readonly CodePointRange[]): string {
  const numbers: string[] = [];
  let next = 0;
  for (const [first, last] of ranges) {
    if (first < next || last < first) throw new Error('Ranges must be sorted and disjoint.');
    numbers.push((first - next).toString(RADIX), (last - first).toString(RADIX));
    next = last + 1;
  }
  return numbers.join(',');
}

/** The ranges `encodeRanges` wrote. */
export function decodeRanges(encoded: string): CodePointRange[] {
  const ranges: CodePointRange[] = [];
  const numbers = encoded === '' ? [] : encoded.split(',').map((part) => parseInt(part, RADIX));
  let next = 0;
  for (let index = 0; index + 1 < numbers.length; index += 2) {
    const first = next + (numbers[index] ?? 0);
    const last = first + (numbers[index + 1] ?? 0);
    ranges.push([first, last]);
    next = last + 1;
  }
  return ranges;
}

/** Sorted code points as the fewest ranges. */
export function rangesOf(sortedCodePoints: Iterable<number>): CodePointRange[] {
  const ranges: [number, number][] = [];
  for (const codePoint of sortedCodePoints) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && codePoint <= last[1] + 1) last[1] = Math.max(last[1], codePoint);
    else ranges.push([codePoint, codePoint]);
  }
  return ranges;
}

/** The table as two arrays for a binary search, decoded on first use. */
let table: { firsts: Uint32Array; lasts: Uint32Array } | undefined;

function printableTable() {
  if (table === undefined) {
    const ranges = decodeRanges(PRINTABLE_CODE_POINTS);
    table = {
      firsts: Uint32Array.from(ranges, ([first]) => first),
      lasts: Uint32Array.from(ranges, ([, last]) => last),
    };
  }
  return table;
}

/** Whether one of the PDF's fonts draws `codePoint`. */
export function fontsDraw(codePoint: number): boolean {
  const { firsts, lasts } = printableTable();
  let low = 0;
  let high = firsts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (codePoint < (firsts[middle] ?? 0)) high = middle - 1;
    else if (codePoint > (lasts[middle] ?? 0)) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * What is left in a printed text that draws nothing: the line break, the space, and the
 * joiners (kept to shape Arabic and Devanagari and to join an emoji sequence).
 */
const DRAWS_NOTHING = new Set(['\n', ' ', '\u200c', '\u200d']);
/** Text every font table has always covered (most answers): nothing to look up. */
const PRINTABLE_ASCII = /^[\x20-\x7e\n\r\t]*$/;
/** How much of the text before a character is quoted to show where it is. */
const CONTEXT_CHARACTERS = 12;

/** A character the PDF cannot print, where it first appears in an answer. */
export interface UnprintableCharacter {
  /** The character as the applicant typed it (a whole emoji sequence, or a letter with its marks). */
  character: string;
  /**
   * Up to 12 characters just before it on its line, spaces around left out, to show where it is
   * ("Bost" in "Bost\uE000n"); starts with "…" when the text before is longer, and is "" when
   * nothing is before it.
   */
  before: string;
}

let graphemes: Intl.Segmenter | undefined;

/**
 * Each character (grapheme: a letter with its marks, a whole emoji sequence) of `text` that
 * the PDF cannot print, in order of first appearance, with the text just before it. A
 * character is printable when each of its code points is drawn by a font or left out on
 * purpose; the text is first cleaned as the PDF cleans it (`printableText`: composed, controls
 * and invisible characters left out).
 *
 * @example findUnprintable('Bost\uE000n') // [{ character: '\uE000', before: 'Bost' }]
 */
export function findUnprintable(text: string): UnprintableCharacter[] {
  if (PRINTABLE_ASCII.test(text)) return [];
  const printed = printableText(text);
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const found: UnprintableCharacter[] = [];
  const seen = new Set<string>();
  const recent: string[] = [];
  let cut = false;
  for (const { segment } of graphemes.segment(printed)) {
    if (!seen.has(segment) && !printable(segment)) {
      seen.add(segment);
      const before = recent.join('').trim();
      found.push({
        character: segment,
        before: cut && before !== '' ? `…${before}` : before,
      });
    }
    // Only what the applicant would see on one line: a line break restarts the quote.
    if (segment === '\n') {
      recent.length = 0;
      cut = false;
    } else {
      recent.push(segment);
      if (recent.length > CONTEXT_CHARACTERS) {
        recent.shift();
        cut = true;
      }
    }
  }
  return found;
}

function printable(grapheme: string): boolean {
  for (const character of grapheme) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (!DRAWS_NOTHING.has(character) && !fontsDraw(codePoint)) return false;
  }
  return true;
}

/**
 * The distinct characters of `text` that no font of the PDF draws, in order of appearance.
 *
 * @example unprintableCharacters('Bost\uE000n') // ['\uE000']
 */
export function unprintableCharacters(text: string): string[] {
  return findUnprintable(text).map(({ character }) => character);
}

/** An answer the PDF cannot print all of: where it is, and which characters. */
export interface UnprintableAnswer {
  /** The title of its step (the page), as the review heads it. */
  step: string;
  /** The question, as the form and the PDF label it. */
  label: string;
  characters: UnprintableCharacter[];
}

/**
 * Every answer of `model` (the applicant's text and the names of their documents) with a
 * character the PDF cannot print, in the order the PDF prints them. The college's own texts
 * (labels, choices) are not the applicant's to change, and are not looked at.
 */
export function unprintableAnswers(model: PrintModel): UnprintableAnswer[] {
  const answers: UnprintableAnswer[] = [];
  for (const step of model.steps)
    for (const section of step.sections)
      for (const block of section.blocks) {
        if (block.kind !== 'question') continue;
        const { answer } = block;
        const text =
          answer.kind === 'text' ? answer.text : answer.kind === 'document' ? answer.fileName : '';
        const characters = findUnprintable(text);
        if (characters.length > 0)
          answers.push({ step: step.title, label: block.label, characters });
      }
  return answers;
}
