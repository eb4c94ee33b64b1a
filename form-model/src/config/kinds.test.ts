import { describe, expect, it } from 'vitest';

import * as limits from '../validation/limits.ts';
import { byKind, kindOf, type KindTable, questionKinds } from './kinds.ts';
import { fixturePages } from '../testing/fixture.ts';
import { type PageConfig, type Question, type QuestionType } from './types.ts';
import { sensitiveKeys } from './walk.ts';

const yesNo = { options: [{ value: 'Y', label: 'Yes' }] };
const monthYear: Question = {
  type: 'month-year',
  key: 'm',
  monthKey: 'm',
  yearKey: 'y',
  label: 'When',
  years: { count: 3, direction: 'past' },
};

describe('questionKinds: one entry per question kind', () => {
  it.each<[Question, string[], 'boolean' | 'string', number, boolean, boolean]>([
    [{ type: 'text', key: 'a', label: 'A' }, ['a'], 'string', limits.TEXT_MAX_LENGTH, true, false],
    [{ type: 'text', key: 'a', label: 'A', maxLength: 60 }, ['a'], 'string', 60, true, false],
    [
      { type: 'textarea', key: 'a', label: 'A' },
      ['a'],
      'string',
      limits.TEXTAREA_MAX_LENGTH,
      false,
      false,
    ],
    [
      { type: 'email', key: 'a', label: 'A' },
      ['a'],
      'string',
      limits.EMAIL_MAX_LENGTH,
      true,
      false,
    ],
    [
      { type: 'lookup', key: 'a', label: 'A', category: 'hs_ceeb', fills: {} },
      ['a'],
      'string',
      limits.LOOKUP_MAX_LENGTH,
      true,
      false,
    ],
    [{ type: 'date', key: 'a', label: 'A' }, ['a'], 'string', limits.DATE_LENGTH, true, false],
    [
      { type: 'phone', key: 'a', label: 'A' },
      ['a'],
      'string',
      limits.PHONE_MAX_LENGTH,
      true,
      false,
    ],
    [{ type: 'ssn', key: 'a', label: 'A' }, ['a'], 'string', limits.SSN_LENGTH, true, false],
    [
      { type: 'select', key: 'a', label: 'A', options: yesNo },
      ['a'],
      'string',
      limits.CHOICE_MAX_LENGTH,
      true,
      true,
    ],
    [
      { type: 'select', key: 'a', label: 'A', options: yesNo, descriptions: false },
      ['a'],
      'string',
      limits.CHOICE_MAX_LENGTH,
      true,
      false,
    ],
    // A year list never stores `_desc`: its label is the year (a parent's graduation year).
    [
      {
        type: 'select',
        key: 'a',
        label: 'A',
        options: { years: { count: 3, direction: 'past' } },
      },
      ['a'],
      'string',
      limits.CHOICE_MAX_LENGTH,
      true,
      false,
    ],
    [
      { type: 'radio', key: 'a', label: 'A', options: yesNo },
      ['a'],
      'string',
      limits.CHOICE_MAX_LENGTH,
      true,
      true,
    ],
    [
      { type: 'checkbox', key: 'a', label: 'A' },
      ['a'],
      'boolean',
      limits.CHOICE_MAX_LENGTH,
      true,
      false,
    ],
    [
      {
        type: 'checkboxes',
        key: 'a',
        label: 'A',
        options: [
          { key: 'a', label: 'A' },
          { key: 'b', label: 'B' },
        ],
      },
      ['a', 'b'],
      'boolean',
      limits.CHOICE_MAX_LENGTH,
      true,
      false,
    ],
    [monthYear, ['m', 'y'], 'string', limits.CHOICE_MAX_LENGTH, true, false],
    [
      { type: 'file', key: 'a', label: 'A' },
      ['a'],
      'string',
      limits.FILE_ANSWER_MAX_LENGTH,
      true,
      false,
    ],
  ])('%j', (question, keys, value, maxLength, singleLine, descriptions) => {
    const kind = kindOf(question);
    expect(kind.keys(question)).toEqual(keys);
    expect(kind.value).toBe(value);
    expect(kind.maxLength(question)).toBe(maxLength);
    expect(kind.singleLine).toBe(singleLine);
    expect(kind.descriptions(question)).toBe(descriptions);
  });

  it('names the kinds typed freely, whose widgets take the kind’s maxLength: text, textarea, e-mail, lookup', () => {
    const typed = (Object.keys(questionKinds) as QuestionType[]).filter(
      (type) => questionKinds[type].typed,
    );
    expect(typed).toEqual(['text', 'textarea', 'email', 'lookup']);
  });

  it.each<[Question, boolean, string[]]>([
    [{ type: 'text', key: 'a', label: 'A' }, false, []],
    [
      {
        type: 'select',
        key: 'y',
        label: 'Year',
        options: { years: { count: 3, direction: 'past' } },
      },
      true,
      [],
    ],
    [
      {
        type: 'select',
        key: 'state',
        label: 'State',
        options: { byAnswer: { valueKey: 'country', options: {} } },
      },
      true,
      ['country'],
    ],
    [
      {
        type: 'lookup',
        key: 'school',
        label: 'School',
        category: 'hs_ceeb',
        fills: { city: 'school_city' },
      },
      false,
      ['school_city'],
    ],
    [monthYear, false, []],
  ])('%j: options, references', (question, hasOptions, referenced) => {
    const kind = kindOf(question);
    expect(kind.optionSource(question) !== undefined).toBe(hasOptions);
    expect(kind.referencedKeys(question)).toEqual(referenced);
  });

  it('a kind table calls the entry of the question’s own kind', () => {
    const names = Object.fromEntries(
      Object.keys(questionKinds).map((type) => [
        type,
        (question: Question) => `${type}:${question.key}`,
      ]),
    ) as unknown as KindTable<[], string>;
    expect(byKind(names, { type: 'ssn', key: 'ssn', label: 'SSN' })).toBe('ssn:ssn');
  });

  it('a table that leaves a kind out does not compile', () => {
    const partial = { text: () => 1 };
    // @ts-expect-error: every other kind is missing (this line is the test; tsc -b runs it).
    const table: KindTable<[], number> = partial;
    expect(Object.keys(table)).toEqual(['text']);
    const kinds: QuestionType[] = Object.keys(questionKinds) as QuestionType[];
    expect(kinds).toHaveLength(13);
  });
});

describe('sensitiveKeys: what the browser never keeps in its storage', () => {
  it('names the Social Security number, hidden or shown, and nothing else', () => {
    expect([...sensitiveKeys(fixturePages)]).toEqual(['ssn']);
  });

  it('names every add-another item of a sensitive question, and nothing without one', () => {
    const pages: PageConfig[] = [
      {
        id: 'p',
        route: 'p',
        title: 'P',
        sections: [
          {
            id: 's',
            title: 'S',
            blocks: [
              { type: 'text', key: 'name', label: 'Name' },
              {
                type: 'add-another',
                buttonId: 'person',
                label: 'Add Another Person',
                max: 2,
                keys: { first: 'person_', next: 'person_{n}_' },
                template: [{ type: 'ssn', key: 'person_ssn', label: 'SSN' }],
              },
            ],
          },
        ],
      },
    ];
    expect([...sensitiveKeys(pages)].sort()).toEqual(['person_2_ssn', 'person_ssn']);
    expect(sensitiveKeys([]).size).toBe(0);
  });
});
