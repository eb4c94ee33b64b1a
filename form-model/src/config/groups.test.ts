import { describe, expect, it } from 'vitest';

import { blockKeys, childBlockLists } from './blocks.ts';
import { groupCount, groupItems } from './groups.ts';
import { type AddAnotherBlock, type Block } from './types.ts';

/** A template naming keys in every place a key can be named. */
const template: readonly Block[] = [
  { type: 'info', title: 'Place {n}', text: 'Tell us about place {n}.' },
  {
    type: 'lookup',
    key: 'college_name',
    label: 'College {n}',
    hint: 'Group {n}: start typing.',
    category: 'college_ceeb',
    fills: { ceeb: 'college_ceeb', city: 'college_city', zip: 'home_zip' },
  },
  { type: 'text', key: 'college_ceeb', label: 'Code' },
  { type: 'text', key: 'college_city', label: 'City' },
  {
    type: 'select',
    key: 'college_state',
    label: 'State',
    options: {
      byAnswer: { valueKey: 'college_country', options: { USA: [{ value: 'MT', label: 'MT' }] } },
    },
    required: { when: { valueKey: 'college_country', operator: 'equals', target: 'USA' } },
    requiredMessage: 'State of college {n}',
  },
  {
    type: 'month-year',
    key: 'college_from_month',
    monthKey: 'college_from_month',
    yearKey: 'college_from_year',
    label: 'From',
    years: { count: 5, direction: 'past' },
    yearRules: [
      { rule: 'notBefore', monthKey: 'college_to_month', yearKey: 'college_to_year', label: 'To' },
    ],
  },
  {
    type: 'conditional',
    // An outside answer: not renamed.
    hideWhen: {
      all: [
        { valueKey: 'college_country', operator: 'notEquals', target: 'college_x' },
        { valueKey: 'us_citizen', operator: 'equals', target: 'Y' },
      ],
    },
    blocks: [
      {
        type: 'checkboxes',
        key: 'college_no',
        label: 'Any of these?',
        options: [
          { key: 'college_honours', label: 'Honours {n}' },
          { key: 'college_no', label: 'None' },
        ],
        rules: [{ rule: 'noneUnlessAny', keys: ['college_honours'], message: 'Choose one ({n}).' }],
      },
      {
        type: 'phone',
        key: 'college_phone',
        label: 'Phone',
        rules: [
          {
            rule: 'homeOrMobile',
            mobileKey: 'college_mobile',
            internationalKey: 'phone_international',
            message: 'A phone',
          },
          {
            rule: 'usZip',
            when: { valueKey: 'college_country', operator: 'equals', target: 'USA' },
          },
        ],
      },
    ],
  },
  {
    type: 'condition-group',
    branches: [
      {
        showWhen: { any: [{ valueKey: 'college_country', operator: 'answered' }] },
        blocks: [
          {
            type: 'trigger',
            mode: 'button',
            id: 'college_more',
            label: 'More about college {n}',
            after: [{ type: 'text', key: 'college_more_text', label: 'More' }],
          },
          {
            type: 'trigger',
            mode: 'checkbox',
            key: 'college_transfer',
            label: 'Transfer',
            after: [
              {
                type: 'tabs',
                tabId: 'college_essay',
                label: 'Essay {n}',
                tabs: [
                  {
                    id: 'write',
                    label: 'Write',
                    blocks: [{ type: 'textarea', key: 'college_essay', label: 'Essay' }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    type: 'text',
    key: 'college_mobile',
    label: 'Mobile',
    rules: [{ rule: 'requiredWhenTrue', key: 'college_transfer', message: 'Needed' }],
  },
  { type: 'text', key: 'college_to_month', label: 'To month' },
  { type: 'text', key: 'college_to_year', label: 'To year' },
  { type: 'text', key: 'college_country', label: 'Country' },
];

const block: AddAnotherBlock = {
  type: 'add-another',
  buttonId: 'college',
  label: 'Add Another College',
  max: 3,
  keys: { first: 'college_', next: 'college_{n}_' },
  template,
};

describe('groupItems: an add-another block’s groups, made from its template', () => {
  const groups = groupItems(block);

  it('makes max groups', () => {
    expect(groups).toHaveLength(3);
    expect(groupCount({ ...block, max: 12 })).toBe(10);
    expect(groupCount({ ...block, max: 0 })).toBe(0);
    expect(groupCount({ ...block, max: 2.5 })).toBe(0);
  });

  it('keeps group 1’s keys and renames group n’s: SPEC’s flat keys', () => {
    const keys = groups.map((group) => blockKeys(group));
    expect(keys[0]).toEqual(blockKeys(template));
    expect(keys[1]).toEqual(
      blockKeys(template).map((key) => key.replace(/^college_/, 'college_2_')),
    );
    expect(keys[2]).toContain('college_3_from_year');
    expect(keys[2]).toContain('college_3_honours');
    expect(keys[2]).toContain('college_3_transfer');
    expect(keys[2]).toContain('college_3_essay');
  });

  it('renames every key a condition, rule, option source or lookup names; leaves outside keys', () => {
    expect(groups[1]).toEqual([
      { type: 'info', title: 'Place 2', text: 'Tell us about place 2.' },
      {
        type: 'lookup',
        key: 'college_2_name',
        label: 'College 2',
        hint: 'Group 2: start typing.',
        category: 'college_ceeb',
        fills: { ceeb: 'college_2_ceeb', city: 'college_2_city', zip: 'home_zip' },
      },
      { type: 'text', key: 'college_2_ceeb', label: 'Code' },
      { type: 'text', key: 'college_2_city', label: 'City' },
      {
        type: 'select',
        key: 'college_2_state',
        label: 'State',
        options: {
          byAnswer: {
            valueKey: 'college_2_country',
            options: { USA: [{ value: 'MT', label: 'MT' }] },
          },
        },
        required: { when: { valueKey: 'college_2_country', operator: 'equals', target: 'USA' } },
        requiredMessage: 'State of college 2',
      },
      {
        type: 'month-year',
        key: 'college_2_from_month',
        monthKey: 'college_2_from_month',
        yearKey: 'college_2_from_year',
        label: 'From',
        years: { count: 5, direction: 'past' },
        yearRules: [
          {
            rule: 'notBefore',
            monthKey: 'college_2_to_month',
            yearKey: 'college_2_to_year',
            label: 'To',
          },
        ],
      },
      {
        type: 'conditional',
        hideWhen: {
          all: [
            // A target is a value, not a key: left as written.
            { valueKey: 'college_2_country', operator: 'notEquals', target: 'college_x' },
            { valueKey: 'us_citizen', operator: 'equals', target: 'Y' },
          ],
        },
        blocks: [
          {
            type: 'checkboxes',
            key: 'college_2_no',
            label: 'Any of these?',
            options: [
              { key: 'college_2_honours', label: 'Honours 2' },
              { key: 'college_2_no', label: 'None' },
            ],
            rules: [
              { rule: 'noneUnlessAny', keys: ['college_2_honours'], message: 'Choose one (2).' },
            ],
          },
          {
            type: 'phone',
            key: 'college_2_phone',
            label: 'Phone',
            rules: [
              {
                rule: 'homeOrMobile',
                mobileKey: 'college_2_mobile',
                internationalKey: 'phone_international',
                message: 'A phone',
              },
              {
                rule: 'usZip',
                when: { valueKey: 'college_2_country', operator: 'equals', target: 'USA' },
              },
            ],
          },
        ],
      },
      {
        type: 'condition-group',
        branches: [
          {
            showWhen: { any: [{ valueKey: 'college_2_country', operator: 'answered' }] },
            blocks: [
              {
                type: 'trigger',
                mode: 'button',
                id: 'college_2_more',
                label: 'More about college 2',
                after: [{ type: 'text', key: 'college_2_more_text', label: 'More' }],
              },
              {
                type: 'trigger',
                mode: 'checkbox',
                key: 'college_2_transfer',
                label: 'Transfer',
                after: [
                  {
                    type: 'tabs',
                    tabId: 'college_2_essay',
                    label: 'Essay 2',
                    tabs: [
                      {
                        id: 'write',
                        label: 'Write',
                        blocks: [{ type: 'textarea', key: 'college_2_essay', label: 'Essay' }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        type: 'text',
        key: 'college_2_mobile',
        label: 'Mobile',
        rules: [{ rule: 'requiredWhenTrue', key: 'college_2_transfer', message: 'Needed' }],
      },
      { type: 'text', key: 'college_2_to_month', label: 'To month' },
      { type: 'text', key: 'college_2_to_year', label: 'To year' },
      { type: 'text', key: 'college_2_country', label: 'Country' },
    ]);
  });

  it('numbers group 1’s texts too, and keeps its keys', () => {
    expect(groups[0]?.[0]).toEqual({
      type: 'info',
      title: 'Place 1',
      text: 'Tell us about place 1.',
    });
    expect(groups[0]?.[1]).toMatchObject({ key: 'college_name', label: 'College 1' });
  });

  it('leaves a key without the prefix alone (checkPages says every group would store it)', () => {
    const shared = groupItems({
      ...block,
      template: [{ type: 'text', key: 'transcript_sent', label: 'Sent?' }],
    });
    expect(shared.map((group) => blockKeys(group))).toEqual([
      ['transcript_sent'],
      ['transcript_sent'],
      ['transcript_sent'],
    ]);
  });

  it('renames a nested add-another’s buttonId and key prefixes', () => {
    const nested: AddAnotherBlock = {
      ...block,
      max: 2,
      template: [
        {
          type: 'add-another',
          buttonId: 'college_course',
          label: 'Add Another Course',
          max: 2,
          keys: { first: 'college_course_', next: 'college_course_{n}_' },
          template: [{ type: 'text', key: 'college_course_name', label: 'Course' }],
        },
      ],
    };
    expect(groupItems(nested)[1]?.[0]).toMatchObject({
      buttonId: 'college_2_course',
      keys: { first: 'college_2_course_', next: 'college_2_course_{n}_' },
      template: [{ key: 'college_2_course_name' }],
    });
  });

  it('is memoised per block: the same arrays every call, and the block walker sees them', () => {
    expect(groupItems(block)).toBe(groups);
    expect(groupItems(block)[1]).toBe(groups[1]);
    expect(childBlockLists(block)).toBe(groups);
    // Another block object with the same data is expanded on its own.
    expect(groupItems({ ...block })).not.toBe(groups);
    expect(groupItems({ ...block })).toEqual(groups);
  });

  it('never changes the template', () => {
    const before = JSON.stringify(template);
    groupItems({ ...block, max: 10 });
    expect(JSON.stringify(template)).toBe(before);
  });
});
