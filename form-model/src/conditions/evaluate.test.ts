import { describe, expect, it } from 'vitest';

import { type Answers } from '../config/types.ts';
import { conditionKeys, evaluate, evaluateCondition, isAnswered } from './evaluate.ts';
import { type Condition } from './types.ts';

const answers: Answers = {
  term: '202770',
  count: '3',
  empty: '',
  yes: 'Y',
  ticked: true,
  unticked: false,
};

describe('evaluateCondition: the ten operators of SPEC §3', () => {
  const cases: [Condition, boolean][] = [
    [{ valueKey: 'yes', operator: 'equals', target: 'Y' }, true],
    [{ valueKey: 'yes', operator: 'equals', target: 'N' }, false],
    [{ valueKey: 'missing', operator: 'equals', target: '' }, true],
    [{ valueKey: 'ticked', operator: 'equals', target: true }, true],
    [{ valueKey: 'yes', operator: 'notEquals', target: 'N' }, true],
    [{ valueKey: 'yes', operator: 'notEquals', target: 'Y' }, false],
    [{ valueKey: 'missing', operator: 'notEquals', target: 'Y' }, true],
    [{ valueKey: 'count', operator: 'lt', target: 4 }, true],
    [{ valueKey: 'count', operator: 'lt', target: 3 }, false],
    [{ valueKey: 'count', operator: 'lte', target: 3 }, true],
    [{ valueKey: 'count', operator: 'lte', target: '2' }, false],
    [{ valueKey: 'count', operator: 'gt', target: 2 }, true],
    [{ valueKey: 'count', operator: 'gt', target: 3 }, false],
    [{ valueKey: 'count', operator: 'gte', target: 3 }, true],
    [{ valueKey: 'count', operator: 'gte', target: 4 }, false],
    [{ valueKey: 'empty', operator: 'gte', target: 0 }, false],
    [{ valueKey: 'yes', operator: 'lt', target: 9 }, false],
    [{ valueKey: 'term', operator: 'answered' }, true],
    [{ valueKey: 'empty', operator: 'answered' }, false],
    [{ valueKey: 'unticked', operator: 'answered' }, false],
    [{ valueKey: 'missing', operator: 'answered' }, false],
    [{ valueKey: 'empty', operator: 'notAnswered' }, true],
    [{ valueKey: 'missing', operator: 'notAnswered' }, true],
    [{ valueKey: 'ticked', operator: 'notAnswered' }, false],
    [{ valueKey: 'count', operator: 'in', target: ['2', '3'] }, true],
    [{ valueKey: 'count', operator: 'in', target: [2, 3] }, true],
    [{ valueKey: 'count', operator: 'in', target: ['4'] }, false],
    [{ valueKey: 'count', operator: 'notIn', target: ['2', '3'] }, false],
    [{ valueKey: 'count', operator: 'notIn', target: ['4'] }, true],
    [{ valueKey: 'missing', operator: 'notIn', target: ['4'] }, true],
  ];
  it.each(cases)('%j → %s', (condition, expected) => {
    expect(evaluateCondition(condition, answers)).toBe(expected);
  });

  it('covers all ten operators', () => {
    expect(new Set(cases.map(([condition]) => condition.operator)).size).toBe(10);
  });
});

describe('evaluate: combinations', () => {
  // SPEC §2: international test fields show when one answer is Y and another is 2 or 3.
  const showInternational = {
    all: [
      { valueKey: 'yes', operator: 'equals', target: 'Y' },
      { valueKey: 'count', operator: 'in', target: ['2', '3'] },
    ],
  } as const;

  it('all: every part must hold', () => {
    expect(evaluate(showInternational, answers)).toBe(true);
    expect(evaluate(showInternational, { ...answers, count: '1' })).toBe(false);
  });

  it('any: one part is enough', () => {
    const either = {
      any: [
        { valueKey: 'empty', operator: 'answered' },
        { valueKey: 'yes', operator: 'equals', target: 'Y' },
      ],
    } as const;
    expect(evaluate(either, answers)).toBe(true);
    expect(evaluate(either, { yes: 'N' })).toBe(false);
  });

  it('lists every key an expression reads', () => {
    expect(conditionKeys(showInternational)).toEqual(['yes', 'count']);
  });
});

describe('isAnswered', () => {
  it.each([
    [undefined, false],
    ['', false],
    [false, false],
    ['x', true],
    [true, true],
    ['0', true],
  ] as const)('%j → %s', (value, expected) => {
    expect(isAnswered(value)).toBe(expected);
  });
});
