import { describe, expect, it } from 'vitest';

import {
  digitsOnly,
  formatInternationalPhone,
  formatUsPhone,
  isValidInternationalPhone,
  isValidUsPhone,
} from './phone.ts';

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

describe('digitsOnly', () => {
  it.each([
    { input: '', expected: '' },
    { input: '(406) 555-0123', expected: '4065550123' },
    { input: '+1 406.555.0123 ext', expected: '14065550123' },
    { input: 'no digits', expected: '' },
  ])('"$input" → "$expected"', ({ input, expected }) => {
    expect(digitsOnly(input)).toBe(expected);
  });
});

describe('formatUsPhone', () => {
  it('masks (NNN) NNN-NNNN progressively as each digit is typed', () => {
    expect(typeInto(formatUsPhone, '40655501239')).toEqual([
      '(4',
      '(40',
      '(406',
      '(406) 5',
      '(406) 55',
      '(406) 555',
      '(406) 555-0',
      '(406) 555-01',
      '(406) 555-012',
      '(406) 555-0123',
      // An eleventh digit is refused.
      '(406) 555-0123',
    ]);
  });

  it('ignores typed letters and punctuation', () => {
    expect(typeInto(formatUsPhone, '4x0-6')).toEqual(['(4', '(4', '(40', '(40', '(406']);
  });

  it.each([
    { input: '', expected: '' },
    { input: '406', expected: '(406' },
    { input: '4065', expected: '(406) 5' },
    { input: '406555', expected: '(406) 555' },
    { input: '4065550', expected: '(406) 555-0' },
    { input: '4065550123', expected: '(406) 555-0123' },
    { input: '406-555-0123', expected: '(406) 555-0123' },
    { input: '406.555.0123', expected: '(406) 555-0123' },
    { input: '(406) 555-0123', expected: '(406) 555-0123' },
    { input: '+1 406-555-0123', expected: '(406) 555-0123' },
    { input: '1 (406) 555 0123', expected: '(406) 555-0123' },
    { input: '14065550123', expected: '(406) 555-0123' },
    { input: '40655501239999', expected: '(406) 555-0123' },
    { input: 'call me', expected: '' },
  ])('pasted "$input" shows "$expected"', ({ input, expected }) => {
    expect(formatUsPhone(input)).toBe(expected);
  });

  it('drops a literal together with the digit after it on backspace', () => {
    // Deleting "5" from "(406) 5" leaves "(406) ", which must not keep the ") ".
    expect(formatUsPhone('(406) ')).toBe('(406');
    expect(formatUsPhone('(406) 555-')).toBe('(406) 555');
    expect(formatUsPhone('(')).toBe('');
  });

  it('keeps the country code 1 off a number pasted over a full one', () => {
    // A 10-digit value beginning with 1 is kept as typed; only the 11th digit reveals the code.
    expect(formatUsPhone('1406555012')).toBe('(140) 655-5012');
    expect(formatUsPhone('(140) 655-50123')).toBe('(406) 555-0123');
  });
});

describe('isValidUsPhone', () => {
  it.each([
    { value: '(406) 555-0123', valid: true },
    { value: '(200) 200-0000', valid: true },
    { value: '(999) 999-9999', valid: true },
    // SPEC §5: the area code starts 2 to 9.
    { value: '(006) 555-0123', valid: false },
    { value: '(106) 555-0123', valid: false },
    // SPEC §5: the exchange starts 2 to 9.
    { value: '(406) 055-0123', valid: false },
    { value: '(406) 155-0123', valid: false },
    // Only the exact mask counts.
    { value: '4065550123', valid: false },
    { value: '406-555-0123', valid: false },
    { value: '(406)555-0123', valid: false },
    { value: '(406) 555-012', valid: false },
    { value: '(406) 555-01234', valid: false },
    { value: ' (406) 555-0123', valid: false },
    { value: '(406) 555-0123 ', valid: false },
    // Emptiness is the required rule's business, not the format's.
    { value: '', valid: false },
  ])('"$value" is valid: $valid', ({ value, valid }) => {
    expect(isValidUsPhone(value)).toBe(valid);
  });

  it('accepts the mask of a valid pasted number', () => {
    expect(isValidUsPhone(formatUsPhone('+1 (406) 555-0123'))).toBe(true);
  });
});

describe('formatInternationalPhone', () => {
  it('keeps the plus, digits and spaces as typed', () => {
    expect(typeInto(formatInternationalPhone, '+44 20-79')).toEqual([
      '+',
      '+4',
      '+44',
      '+44 ',
      '+44 2',
      '+44 20',
      '+44 20 ',
      '+44 20 7',
      '+44 20 79',
    ]);
  });

  it.each([
    { input: '', expected: '' },
    { input: '+', expected: '+' },
    { input: '+44 20 7946 0958', expected: '+44 20 7946 0958' },
    { input: '+44 (20) 7946-0958', expected: '+44 20 7946 0958' },
    { input: '  +49 30  1234567', expected: '+49 30 1234567' },
    { input: '+ 81 3 1234 5678', expected: '+81 3 1234 5678' },
    { input: '0044 20 7946 0958', expected: '0044 20 7946 0958' },
    { input: '44+20', expected: '44 20' },
    { input: 'tel: +1', expected: '1' },
    { input: '+123456789012345678901234', expected: '+1234567890123456789' },
    { input: '+12 34 56 78 90 12 34 56 78', expected: '+12 34 56 78 90 12 3' },
  ])('pasted "$input" shows "$expected"', ({ input, expected }) => {
    expect(formatInternationalPhone(input)).toBe(expected);
  });
});

describe('isValidInternationalPhone', () => {
  it.each([
    { value: '+44 20 7946 0958', valid: true },
    { value: '+4420794609', valid: true },
    // 8 and 15 digits are the bounds.
    { value: '+12345678', valid: true },
    { value: '+123456789012345', valid: true },
    { value: '+1234567', valid: false },
    { value: '+1234567890123456', valid: false },
    // The "+" is required and comes first.
    { value: '44 20 7946 0958', valid: false },
    { value: '44+2079460958', valid: false },
    // No country code starts with 0.
    { value: '+044 20 7946 0958', valid: false },
    // Only digits and spaces after the plus.
    { value: '+44-20-7946-0958', valid: false },
    { value: '+44 (20) 7946 0958', valid: false },
    { value: '+', valid: false },
    { value: '', valid: false },
  ])('"$value" is valid: $valid', ({ value, valid }) => {
    expect(isValidInternationalPhone(value)).toBe(valid);
  });
});
