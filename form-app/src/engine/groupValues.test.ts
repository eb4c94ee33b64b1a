import { type AddAnotherBlock, type Answers, type PageConfig } from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { educationPage } from '../testing/fixtures.ts';
import {
  answerFieldName,
  groupCounts,
  groupKeys,
  nestErrors,
  toFlatAnswers,
  toFormValues,
} from './groupValues.ts';

const block: AddAnotherBlock = {
  type: 'add-another',
  buttonId: 'college',
  label: 'Add Another College',
  max: 3,
  keys: { first: 'college_', next: 'college_{n}_' },
  template: [
    { type: 'text', key: 'college_name', label: 'Name' },
    {
      type: 'select',
      key: 'college_state',
      label: 'State',
      options: { options: [{ value: 'MT', label: 'Montana' }] },
    },
  ],
};
const pages: readonly PageConfig[] = [
  educationPage([
    { type: 'text', key: 'hs_name', label: 'High school' },
    // Inside a conditional: the walk finds a block at any depth.
    {
      type: 'conditional',
      hideWhen: { valueKey: 'hs_name', operator: 'equals', target: 'none' },
      blocks: [block],
    },
  ]),
];

const one = { college_name: 'A', college_state: 'MT', college_state_desc: 'Montana' };
const two = { college_2_name: 'B', college_2_state: 'MT', college_2_state_desc: 'Montana' };
const freed = (n: number) => ({
  [`college_${String(n)}_name`]: '',
  [`college_${String(n)}_state`]: '',
  [`college_${String(n)}_state_desc`]: '',
});
const itemOne = { college_name: 'A', college_state: 'MT', college_state_desc: 'Montana' };
const itemTwo = { college_name: 'B', college_state: 'MT', college_state_desc: 'Montana' };

describe('add-another groups: SPEC’s flat keys ↔ Final Form arrays', () => {
  it('lists a group’s keys, _desc included, in the item’s order', () => {
    expect(groupKeys(block, 1)).toEqual([
      'college_2_name',
      'college_2_state',
      'college_2_state_desc',
    ]);
  });

  it.each<[string, Answers, Record<string, number>, Record<string, unknown>]>([
    ['one group by default', { hs_name: 'X' }, {}, { hs_name: 'X', groups: { college: [{}] } }],
    [
      'the stored count of groups, empty ones included',
      { ...one },
      { college: 3 },
      { groups: { college: [itemOne, {}, {}] } },
    ],
    [
      'never fewer than the last group answered',
      { ...one, ...two },
      { college: 1 },
      { groups: { college: [itemOne, itemTwo] } },
    ],
    [
      'keys past the count ("" only) leave the values',
      { ...one, ...freed(2), ...freed(3) },
      {},
      { groups: { college: [itemOne] } },
    ],
  ])('flat → form: %s', (_name, flat, addAnother, expected) => {
    expect(toFormValues(pages, flat, { addAnother })).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Answers]>([
    [
      'item i holds group i; the groups past the end are ""',
      { hs_name: 'X', groups: { college: [itemOne, itemTwo] } },
      { hs_name: 'X', ...one, ...two, ...freed(3) },
    ],
    [
      'after a removal the freed last keys are ""',
      { groups: { college: [itemTwo] } },
      {
        college_name: 'B',
        college_state: 'MT',
        college_state_desc: 'Montana',
        ...freed(2),
        ...freed(3),
      },
    ],
    [
      'a new empty item leaves its keys out',
      { groups: { college: [itemOne, {}] } },
      { ...one, ...freed(3) },
    ],
  ])('form → flat: %s', (_name, values, expected) => {
    expect(toFlatAnswers(pages, values)).toEqual(expected);
  });

  it('round-trips the answers shown', () => {
    const flat = { hs_name: 'X', ...one, ...two, ...freed(3) };
    expect(toFlatAnswers(pages, toFormValues(pages, flat, {}))).toEqual(flat);
  });

  it.each([
    ['college_2_state_desc', 'groups.college[1].college_state_desc'],
    ['college_name', 'groups.college[0].college_name'],
    ['hs_name', 'hs_name'],
  ])('names the field of %s', (key, name) => {
    expect(answerFieldName(pages, key)).toBe(name);
  });

  it('counts each block’s groups by its array', () => {
    expect(groupCounts({ groups: { college: [{}, {}] } })).toEqual({ college: 2 });
    expect(groupCounts({ hs_name: 'X' })).toEqual({});
  });

  it('places a group’s errors inside its item, others at the top', () => {
    const errors = { hs_name: ['Required'], college_2_name: ['Too long'] };
    expect(nestErrors(pages, errors)).toEqual({
      hs_name: ['Required'],
      groups: { college: [{}, { college_name: ['Too long'] }] },
    });
  });
});
