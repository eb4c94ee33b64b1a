import { describe, expect, it } from 'vitest';

import { findUnprintable } from './coverage.ts';
import { printableLine, printableText } from './text.ts';

describe('printableText: text as the PDF prints it', () => {
  it('leaves printable ASCII and line feeds as they are', () => {
    expect(printableText('Ada Lovelace\n12 Main St.')).toBe('Ada Lovelace\n12 Main St.');
  });

  it('composes letters typed with combining marks (NFC)', () => {
    expect(printableText('Nguye\u0302\u0303n')).toBe('Nguyễn');
  });

  it('prints tabs and other spaces as a space and every line break as "\\n"', () => {
    expect(printableText('a\tb\u00a0c\r\nd\u2028e')).toBe('a b c\nd\ne');
  });

  it('drops controls, invisible characters and variation selectors, and keeps the joiners', () => {
    expect(printableText('Ada\u0000\u00ad\u200b\ufeffLove\u2764\ufe0f')).toBe('AdaLove\u2764');
    expect(printableText('\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645')).toContain('\u200c');
    expect(printableText('\u{1F469}\u200d\u{1F4BB}')).toBe('\u{1F469}\u200d\u{1F4BB}');
  });

  it('turns a lone surrogate into U+FFFD instead of failing', () => {
    expect(printableText('a\ud800b')).toBe('a\ufffdb');
  });

  it('gives a one-line text with every line break a space (printableLine)', () => {
    expect(printableLine(' Ada Line\n Break ')).toBe('Ada Line Break');
  });
});

describe('the review warning reads answers as the PDF prints them', () => {
  it('says nothing of what the PDF leaves out on purpose', () => {
    expect(findUnprintable('Ada\u0000\u00ad\u200b\tLove\u2764\ufe0f\u2028')).toEqual([]);
  });

  it('quotes the text before an unprintable character as printed', () => {
    expect(findUnprintable('Bo\tst\uE000n')).toEqual([{ character: '\uE000', before: 'Bo st' }]);
  });
});
