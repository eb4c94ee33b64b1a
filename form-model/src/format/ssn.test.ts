import { describe, expect, it } from 'vitest';

import { type PageConfig } from '../config/types.ts';
import { englishMessages } from '../validation/english.ts';
import { validateAnswers } from '../validation/schema.ts';
import { formatSsn, isMaskedSsn } from './ssn.ts';

/** What a controlled input shows after each keystroke: the mask runs on every change. */
function typeInto(format: (input: string) => string, keys: string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const key of keys) {
    value = format(value + key);
    shown.push(value);
  }
  return shown;
}

describe('formatSsn', () => {
  it('masks 3-2-4 progressively as each digit is typed', () => {
    expect(typeInto(formatSsn, '1234567890')).toEqual([
      '1',
      '12',
      '123',
      '123-4',
      '123-45',
      '123-45-6',
      '123-45-67',
      '123-45-678',
      '123-45-6789',
      // A tenth digit is refused.
      '123-45-6789',
    ]);
  });

  it('ignores typed letters and punctuation', () => {
    expect(typeInto(formatSsn, '12a3-')).toEqual(['1', '12', '12', '123', '123']);
  });

  it.each([
    { input: '', expected: '' },
    { input: '123', expected: '123' },
    { input: '1234', expected: '123-4' },
    { input: '12345', expected: '123-45' },
    { input: '123456', expected: '123-45-6' },
    { input: '123456789', expected: '123-45-6789' },
    { input: '123 45 6789', expected: '123-45-6789' },
    { input: '123-45-6789', expected: '123-45-6789' },
    { input: ' 123.45.6789 ', expected: '123-45-6789' },
    { input: '1234567890123', expected: '123-45-6789' },
    { input: 'abc', expected: '' },
  ])('pasted "$input" shows "$expected"', ({ input, expected }) => {
    expect(formatSsn(input)).toBe(expected);
  });

  it('drops the dash with the digit after it on backspace', () => {
    // Deleting "4" from "123-4" leaves "123-", which must not keep a dangling dash.
    expect(formatSsn('123-')).toBe('123');
    expect(formatSsn('123-45-')).toBe('123-45');
  });
});

describe('isMaskedSsn: a saved SSN as it comes back', () => {
  it('is XXX-XX and four digits, nothing else', () => {
    expect(isMaskedSsn('XXX-XX-1234')).toBe(true);
    expect(isMaskedSsn('XXX-XX-XXXX')).toBe(true);
    for (const value of ['123-45-6789', 'XXX-XX-123', 'xxx-xx-1234', '', undefined, true])
      expect(isMaskedSsn(value), String(value)).toBe(false);
  });

  it('counts as answered for validation: the server keeps the number it stands for', () => {
    const pages = [
      {
        id: 'about',
        route: 'about',
        title: 'About',
        sections: [
          {
            id: 's',
            title: 'S',
            blocks: [{ type: 'ssn', key: 'ssn', label: 'SSN', required: true }],
          },
        ],
      },
    ] as unknown as PageConfig[];
    const messages = englishMessages();
    expect(validateAnswers(pages, { ssn: 'XXX-XX-1234' }, { messages })).toEqual({});
    expect(validateAnswers(pages, { ssn: '' }, { messages })).toHaveProperty('ssn');
    expect(validateAnswers(pages, { ssn: '123-45' }, { messages })).toHaveProperty('ssn');
  });
});
