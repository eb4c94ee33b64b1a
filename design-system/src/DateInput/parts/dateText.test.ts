import { describe, expect, it } from 'vitest';

import { answerOfTyped, DATE_INPUT_NOT_A_DATE, realDateParts, typedDate } from './dateText';

describe('a date typed and its answer', () => {
  it.each([
    ['03/27/2008', '2008-03-27'],
    ['3/7/2008', '2008-03-07'],
    ['03272008', '2008-03-27'],
    [' 02/29/2024 ', '2024-02-29'],
    ['', ''],
    ['   ', ''],
  ])('"%s" is the answer "%s"', (typed, answer) => {
    expect(answerOfTyped(typed)).toBe(answer);
  });

  it.each(['02/30/2024', '02/29/2023', '13/01/2000', '03/27', 'March 27, 2008', '03/27/08'])(
    '"%s" is not a date',
    (typed) => {
      expect(answerOfTyped(typed)).toBe(DATE_INPUT_NOT_A_DATE);
    },
  );

  it('shows a stored answer as typed, and nothing for one that is no date', () => {
    expect(typedDate('2008-03-27')).toBe('03/27/2008');
    expect(typedDate('0987-01-02')).toBe('01/02/0987');
    expect(typedDate('')).toBe('');
    expect(typedDate(DATE_INPUT_NOT_A_DATE)).toBe('');
    expect(answerOfTyped(typedDate('2008-03-27'))).toBe('2008-03-27');
  });

  it('knows which dates exist', () => {
    expect(realDateParts('2024-02-29')).toEqual([2024, 2, 29]);
    expect(realDateParts('1900-02-29')).toBeNull();
    expect(realDateParts('2000-02-29')).toEqual([2000, 2, 29]);
  });
});
