import { type AddAnotherBlock } from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { groupKeys, removeGroupChanges } from './groups.ts';

const item = (prefix: string): AddAnotherBlock['items'][number] => [
  { type: 'text', key: `${prefix}name`, label: 'Name' },
  {
    type: 'select',
    key: `${prefix}state`,
    label: 'State',
    options: { options: [{ value: 'MT', label: 'Montana' }] },
  },
];
const block: AddAnotherBlock = {
  type: 'add-another',
  buttonId: 'college',
  label: 'Add Another College',
  max: 3,
  items: [item('college_'), item('college_2_'), item('college_3_')],
};
const one = { college_name: 'A', college_state: 'MT', college_state_desc: 'Montana' };
const two = { college_2_name: 'B', college_2_state: 'MT', college_2_state_desc: 'Montana' };
const three = { college_3_name: 'C', college_3_state: '', college_3_state_desc: '' };

describe('add-another groups on flat keys (SPEC §3, §4)', () => {
  it('lists a group’s keys, _desc included, in the item’s order', () => {
    expect(groupKeys(block, 1)).toEqual([
      'college_2_name',
      'college_2_state',
      'college_2_state_desc',
    ]);
  });

  it.each([
    [
      'removing the last of two clears it',
      1,
      2,
      { ...one, ...two },
      { college_2_name: '', college_2_state: '', college_2_state_desc: '' },
    ],
    [
      'removing the middle of three moves the third up and clears it',
      1,
      3,
      { ...one, ...two, ...three },
      {
        college_2_name: 'C',
        college_2_state: '',
        college_2_state_desc: '',
        college_3_name: '',
      },
    ],
    [
      'removing the second of three when the third is empty',
      1,
      3,
      { ...one, ...two },
      { college_2_name: '', college_2_state: '', college_2_state_desc: '' },
    ],
    ['an empty group changes nothing', 1, 2, { ...one }, {}],
  ])('%s', (_name, index, count, answers, expected) => {
    expect(removeGroupChanges(block, index, count, answers)).toEqual(expected);
  });
});
