import { type Block, groupShapes, type PageConfig } from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { educationPage } from '../testing/fixtures.ts';
import { createClearing } from './clearing.ts';
import { flatAnswersOf, loadedAnswers } from './answersEdge.ts';
import { changeAnswers, createAnswersForm } from './createAnswersForm.ts';

const page: PageConfig = {
  id: 'about',
  route: 'about',
  title: 'About',
  sections: [
    {
      id: 'citizenship',
      title: 'Citizenship',
      blocks: [
        { type: 'text', key: 'us_citizen', label: 'Citizen?' },
        {
          type: 'conditional',
          hideWhen: { valueKey: 'us_citizen', operator: 'equals', target: 'Y' },
          blocks: [{ type: 'text', key: 'citizenship', label: 'Country' }],
        },
        {
          type: 'tabs',
          tabId: 'essay',
          label: 'Essay',
          tabs: [
            { id: 'type', label: 'Type', blocks: [{ type: 'textarea', key: 'essay', label: 'E' }] },
            {
              id: 'upload',
              label: 'Upload',
              blocks: [{ type: 'file', key: 'essay_file', label: 'F' }],
            },
          ],
        },
      ],
    },
  ],
};

/** The page has no add-another group. */
const shape = groupShapes([page]);

describe('clearing as a Final Form decorator (SPEC §4)', () => {
  it('clears hidden answers when the form is made', () => {
    const clearing = createClearing({ pages: [page], ui: {} });
    const form = createAnswersForm({ us_citizen: 'Y', citizenship: 'CAN' }, shape, [
      clearing.decorator,
    ]);
    expect(form.getState().values).toEqual({ us_citizen: 'Y', citizenship: '' });
  });

  it('clears in the same change that hides, with no wait', () => {
    const clearing = createClearing({ pages: [page], ui: {} });
    const form = createAnswersForm({ us_citizen: 'N', citizenship: 'CAN' }, shape, [
      clearing.decorator,
    ]);
    form.change('us_citizen', 'Y');
    expect(form.getState().values).toMatchObject({ us_citizen: 'Y', citizenship: '' });
  });

  it('clears at once when the UI state hides something, and keeps what still shows', () => {
    const clearing = createClearing({ pages: [page], ui: {} });
    const form = createAnswersForm({ us_citizen: 'N', citizenship: 'CAN', essay: 'Why' }, shape, [
      clearing.decorator,
    ]);
    expect(form.getState().values).toEqual({ us_citizen: 'N', citizenship: 'CAN', essay: 'Why' });
    clearing.update({ pages: [page], ui: { tabs: { essay: 'upload' } } });
    expect(form.getState().values).toEqual({ us_citizen: 'N', citizenship: 'CAN', essay: '' });
  });

  it('stops clearing once the decorator is undone', () => {
    const clearing = createClearing({ pages: [page], ui: {} });
    const form = createAnswersForm({ us_citizen: 'N' }, shape, []);
    const undo = clearing.decorator(form);
    undo();
    form.change('citizenship', 'CAN');
    form.change('us_citizen', 'Y');
    expect(form.getState().values).toMatchObject({ citizenship: 'CAN' });
  });

  it('empties a conditional select kept across a change of its controller, even when the new list offers the same code', () => {
    const goalPage: PageConfig = {
      ...page,
      sections: [
        {
          id: 'goal',
          title: 'Goal',
          blocks: [
            { type: 'text', key: 'goal', label: 'Goal' },
            {
              type: 'select',
              key: 'plan',
              label: 'Program',
              options: {
                byAnswer: {
                  valueKey: 'goal',
                  options: {
                    AAS: [
                      { value: 'WELD', label: 'Welding' },
                      { value: 'OTHER', label: 'Other' },
                    ],
                    TRANSFER: [{ value: 'OTHER', label: 'Other' }],
                  },
                },
              },
            },
          ],
        },
      ],
    };
    const clearing = createClearing({ pages: [goalPage], ui: {} });
    const stored = { goal: 'AAS', plan: 'OTHER', plan_desc: 'Other' };
    const form = createAnswersForm(stored, shape, [clearing.decorator]);
    // The stored answers load as they are.
    expect(form.getState().values).toEqual(stored);
    form.change('goal', 'TRANSFER');
    expect(form.getState().values).toEqual({ goal: 'TRANSFER', plan: '', plan_desc: '' });
    // Chosen again under the new controller: kept.
    form.batch(() => {
      form.change('plan', 'OTHER');
      form.change('plan_desc', 'Other');
    });
    expect(form.getState().values).toEqual({ goal: 'TRANSFER', plan: 'OTHER', plan_desc: 'Other' });
    // Set in one change with its controller (a lookup's fills): kept.
    form.batch(() => {
      form.change('goal', 'AAS');
      form.change('plan', 'WELD');
    });
    expect(form.getState().values).toMatchObject({ goal: 'AAS', plan: 'WELD' });
  });

  it('holds a group as an item of its array from the load, and clears inside it by its own answers', () => {
    const college = (prefix: string): Block[] => [
      { type: 'text', key: `${prefix}country`, label: 'Country' },
      {
        type: 'select',
        key: `${prefix}state`,
        label: 'State',
        options: { byAnswer: { valueKey: `${prefix}country`, options: { US: usStates } } },
      },
    ];
    const usStates = [{ value: 'MT', label: 'Montana' }];
    const education = educationPage([
      {
        type: 'add-another',
        buttonId: 'college',
        label: 'Add Another College',
        max: 2,
        keys: { first: 'college_', next: 'college_{n}_' },
        template: college('college_'),
      },
    ]);
    const stored = {
      us_citizen: 'N',
      college_country: 'US',
      college_2_country: 'US',
      college_2_state: 'MT',
      college_2_state_desc: 'Montana',
    };
    // The college's groups are known before its pages are (they come with the first download):
    // made while only the first page is known, the answers already hold the array.
    const groups = groupShapes([page, education]);
    const clearing = createClearing({ pages: [page], ui: {} });
    const form = createAnswersForm(loadedAnswers(groups, stored, {}), groups, [clearing.decorator]);
    const loaded = {
      us_citizen: 'N',
      college: [
        { college_country: 'US' },
        { college_country: 'US', college_state: 'MT', college_state_desc: 'Montana' },
      ],
    };
    expect(form.getState().values).toEqual(loaded);
    // The pages arriving change nothing of the shape.
    clearing.update({ pages: [page, education], ui: {} });
    expect(form.getState().values).toEqual(loaded);
    expect(flatAnswersOf(form)).toMatchObject(stored);
    // A college's state is cleared when its country changes (SPEC §4), in its own group only.
    changeAnswers(form, { 'college[1].college_country': 'CA' });
    expect(form.getState().values).toEqual({
      us_citizen: 'N',
      college: [
        { college_country: 'US' },
        { college_country: 'CA', college_state: '', college_state_desc: '' },
      ],
    });
    expect(flatAnswersOf(form)).toMatchObject({
      college_country: 'US',
      college_2_country: 'CA',
      college_2_state: '',
      college_2_state_desc: '',
    });
  });
});
