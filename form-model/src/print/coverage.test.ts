import { describe, expect, it } from 'vitest';

import {
  decodeRanges,
  encodeRanges,
  findUnprintable,
  fontsDraw,
  rangesOf,
  unprintableAnswers,
  unprintableCharacters,
} from './coverage.ts';
import { type PrintModel } from './model.ts';

describe('unprintableCharacters (the review warns before the PDF leaves a character out)', () => {
  it('reports a private-use character, once, with the text just before it', () => {
    expect(unprintableCharacters('Bost\uE000n')).toEqual(['\uE000']);
    expect(findUnprintable('Bost\uE000n \uE000')).toEqual([
      { character: '\uE000', before: 'Bost' },
    ]);
  });

  it('reports an unassigned code point and a noncharacter', () => {
    // U+0378 is unassigned (a gap in the Greek block); U+10FFFF is a noncharacter.
    expect(unprintableCharacters('Ελ\u0378\u{10FFFF}')).toEqual(['\u0378', '\u{10FFFF}']);
  });

  it('reports distinct characters in order of appearance', () => {
    expect(unprintableCharacters('\u{E001}a\uE000b\u{E001}')).toEqual(['\u{E001}', '\uE000']);
  });

  it('prints emoji sequences whose parts the emoji font draws (joiners, skin tones, flags, keycaps)', () => {
    for (const emoji of ['👩‍💻', '👨‍👩‍👧', '❤️', '👍🏽', '🇰🇷', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'])
      expect(unprintableCharacters(`Hi ${emoji}`), emoji).toEqual([]);
  });

  it('reports a whole emoji sequence when a part of it is not drawn', () => {
    // U+1FC00 is a reserved emoji code point: it joins the sequence, and no font draws it.
    expect(unprintableCharacters('Hi 👩‍\u{1FC00}')).toEqual(['👩‍\u{1FC00}']);
  });

  it('prints Chinese, Japanese and Korean, and reports a rare ideograph no font has', () => {
    expect(unprintableCharacters('北京 東京 とうきょう トウキョウ 김민준')).toEqual([]);
    // CJK Extension B: outside Noto Sans SC's characters.
    expect(findUnprintable('王𠀀')).toEqual([{ character: '𠀀', before: '王' }]);
  });

  it('prints right-to-left text and mixed lines (Hebrew, Arabic, Persian, Urdu)', () => {
    expect(unprintableCharacters('דוד כהן, محمد, پژمان, ہاشمی and Ada')).toEqual([]);
    expect(findUnprintable('שלום\uE000')).toEqual([{ character: '\uE000', before: 'שלום' }]);
  });

  it('prints combining marks, composed or not, and reports a letter with a mark no font draws as one character', () => {
    // "Nguyễn" typed with combining marks composes as the PDF composes it.
    expect(unprintableCharacters('Nguye\u0302\u0303n q\u0303 a\u0301')).toEqual([]);
    expect(unprintableCharacters('a\uE000\u0301')).toEqual(['\uE000\u0301']);
  });

  it('ignores what the PDF leaves out on purpose or prints as a space', () => {
    // Controls, a soft hyphen, a zero-width space and a BOM are dropped; tabs, line breaks and
    // no-break spaces print as spaces; joiners shape Arabic and Indic letters.
    expect(
      unprintableCharacters('A\u0007da\u00AD\u200B\uFEFF\tL\r\no\u2028v\u00A0e\u200C\u200Dlace'),
    ).toEqual([]);
  });

  it('quotes at most twelve characters before, on the same line', () => {
    expect(findUnprintable('A very long street name\uE000')).toEqual([
      { character: '\uE000', before: '…street name' },
    ]);
    expect(findUnprintable('Line one\n\uE000 and')).toEqual([{ character: '\uE000', before: '' }]);
    expect(findUnprintable('\uE000')).toEqual([{ character: '\uE000', before: '' }]);
    // Spaces around the quote are left out: "after “Hopper”", not "after “Hopper ”".
    expect(findUnprintable('Hopper \uE000')).toEqual([{ character: '\uE000', before: 'Hopper' }]);
  });

  it('never throws on a lone surrogate (printed as a replacement character)', () => {
    expect(unprintableCharacters('x\uD800y')).toEqual([]);
  });
});

describe('the code point table', () => {
  it('encodes and decodes sorted ranges', () => {
    const ranges = rangesOf([0x20, 0x21, 0x22, 0x41, 0x1f600, 0x1f601]);
    expect(ranges).toEqual([
      [0x20, 0x22],
      [0x41, 0x41],
      [0x1f600, 0x1f601],
    ]);
    expect(decodeRanges(encodeRanges(ranges))).toEqual(ranges);
    expect(encodeRanges([[0x20, 0x7e]])).toBe('w,2m');
    expect(decodeRanges('')).toEqual([]);
    expect(() =>
      encodeRanges([
        [5, 9],
        [7, 12],
      ]),
    ).toThrow('sorted and disjoint');
  });

  it('looks up the edges of a range', () => {
    expect(fontsDraw(0x20)).toBe(true);
    expect(fontsDraw(0x7e)).toBe(true);
    expect(fontsDraw(0xe000)).toBe(false);
  });
});

describe('unprintableAnswers', () => {
  it("names each answer and document with an unprintable character by its question and step, not the college's texts", () => {
    const model: PrintModel = {
      steps: [
        {
          title: 'Personal Info',
          sections: [
            {
              title: 'Address',
              blocks: [
                {
                  kind: 'question',
                  key: 'city',
                  label: 'City',
                  answer: { kind: 'text', text: 'Bost\uE000n' },
                },
                {
                  kind: 'question',
                  key: 'street',
                  label: 'Street',
                  answer: { kind: 'text', text: 'Main St' },
                },
                { kind: 'question', key: 'state', label: 'State', answer: { kind: 'blank' } },
                {
                  kind: 'question',
                  key: 'choice',
                  label: 'Pick \uE000',
                  answer: { kind: 'choices', choices: [{ label: 'Yes \uE000', checked: true }] },
                },
                { kind: 'info', text: 'About \uE000' },
              ],
            },
          ],
        },
        {
          title: 'Documents',
          sections: [
            {
              title: 'Essay',
              blocks: [
                {
                  kind: 'question',
                  key: 'essay',
                  label: 'Your essay',
                  answer: { kind: 'document', fileName: 'essay\u{F0000}.pdf' },
                },
              ],
            },
          ],
        },
      ],
    };
    expect(unprintableAnswers(model)).toEqual([
      {
        step: 'Personal Info',
        label: 'City',
        characters: [{ character: '\uE000', before: 'Bost' }],
      },
      {
        step: 'Documents',
        label: 'Your essay',
        characters: [{ character: '\u{F0000}', before: 'essay' }],
      },
    ]);
  });
});
