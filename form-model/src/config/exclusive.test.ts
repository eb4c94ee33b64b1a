import { describe, expect, it } from 'vitest';

import { exclusiveChanges, exclusiveNone } from './exclusive.ts';
import { type Answers, type CheckboxesQuestion } from './types.ts';

const crime: CheckboxesQuestion = {
  type: 'checkboxes',
  key: 'crime_no',
  label: 'Convicted?',
  options: [
    { key: 'crime_arson', label: 'Arson' },
    { key: 'crime_assault', label: 'Assault' },
    { key: 'crime_no', label: 'None of these' },
  ],
  rules: [{ rule: 'noneUnlessAny', keys: ['crime_arson', 'crime_assault'], message: 'Choose.' }],
};
const plain: CheckboxesQuestion = {
  type: 'checkboxes',
  key: 'sport_ski',
  label: 'Sports',
  options: [
    { key: 'sport_ski', label: 'Ski' },
    { key: 'sport_run', label: 'Run' },
  ],
};

describe('exclusiveNone', () => {
  it('is the set’s own key against the items of its noneUnlessAny rule', () => {
    expect(exclusiveNone(crime)).toEqual({
      noneKey: 'crime_no',
      itemKeys: ['crime_arson', 'crime_assault'],
    });
  });
  it('is undefined for a set without one', () => {
    expect(exclusiveNone(plain)).toBeUndefined();
  });
});

describe('exclusiveChanges: "None of these" and the items exclude each other', () => {
  // Each row: question, answers before, box, ticked → answers set.
  const cases: [string, CheckboxesQuestion, Answers, string, boolean, Record<string, boolean>][] = [
    [
      'ticking None unticks every ticked item',
      crime,
      { crime_arson: true, crime_assault: true },
      'crime_no',
      true,
      { crime_no: true, crime_arson: false, crime_assault: false },
    ],
    [
      'ticking an item unticks None',
      crime,
      { crime_no: true },
      'crime_arson',
      true,
      { crime_arson: true, crime_no: false },
    ],
    [
      'ticking an item keeps the other items',
      crime,
      { crime_assault: true },
      'crime_arson',
      true,
      { crime_arson: true },
    ],
    [
      'unticking changes only the box',
      crime,
      { crime_no: true },
      'crime_no',
      false,
      { crime_no: false },
    ],
    [
      'a set without None of these: independent boxes',
      plain,
      { sport_run: true },
      'sport_ski',
      true,
      { sport_ski: true },
    ],
  ];
  it.each(cases)('%s', (_name, question, answers, key, value, expected) => {
    expect(exclusiveChanges(question, answers, key, value)).toEqual(expected);
  });
});
