import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import {
  type CodePointRange,
  decodeRanges,
  fontsDraw,
  unprintableCharacters,
} from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { COVERAGE_MODULE_PATH, coverageModule, fontCoverage } from './coverage.ts';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

/** The code points of `ranges` that `others` lacks: how many, and the first few as U+XXXX. */
function missingFrom(ranges: readonly CodePointRange[], others: readonly CodePointRange[]) {
  const inOthers = (codePoint: number) =>
    others.some(([first, last]) => first <= codePoint && codePoint <= last);
  const missing: number[] = [];
  for (const [first, last] of ranges)
    for (let codePoint = first; codePoint <= last; codePoint += 1)
      if (!inOthers(codePoint)) missing.push(codePoint);
  const names = missing
    .slice(0, 5)
    .map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`);
  return `${String(missing.length)}${names.length > 0 ? ` (${names.join(', ')}…)` : ''}`;
}

describe("the table of characters the PDF prints (form-model's print coverage)", () => {
  it("is the fonts' real coverage, so that the review warns about exactly what the PDF cannot print", async () => {
    const fonts = await fontCoverage();
    const file = await readFile(root + COVERAGE_MODULE_PATH, 'utf8');
    const table = decodeRanges(/'([0-9a-z,]*)'/.exec(file)?.[1] ?? '');
    expect(
      file,
      `${COVERAGE_MODULE_PATH} is out of date: the fonts draw ${missingFrom(fonts, table)} ` +
        `code points it lacks, and it lists ${missingFrom(table, fonts)} that no font draws. ` +
        'Run `npm run gen:print-coverage` and commit the file.',
    ).toBe(coverageModule(fonts));
  });

  it('covers printable ASCII, which the review never looks up', () => {
    // findUnprintable skips text of printable ASCII alone: every one of those must print.
    for (let codePoint = 0x20; codePoint <= 0x7e; codePoint += 1)
      expect(fontsDraw(codePoint), String.fromCodePoint(codePoint)).toBe(true);
  });

  it('agrees with a font lookup character by character, in every script the PDF prints', async () => {
    const fonts = await fontCoverage();
    const drawn = (codePoint: number) =>
      fonts.some(([first, last]) => first <= codePoint && codePoint <= last);
    for (const text of ['Łukasz', '김민준', 'สมชาย', 'অর্জুন', 'አበበ', '北京', '\uE000', '\u{20000}'])
      for (const character of text)
        expect(
          unprintableCharacters(character),
          `${character} (${drawn(character.codePointAt(0) ?? 0) ? 'drawn' : 'not drawn'})`,
        ).toEqual(drawn(character.codePointAt(0) ?? 0) ? [] : [character]);
  });
});
