import { describe, expect, it } from 'vitest';

import { OPTION_LISTS } from '../options/index.ts';
import { printModel } from '../print/english.ts';
import { printModelText } from '../print/model.ts';
import { englishMessages } from '../validation/english.ts';
import { validateAnswers } from '../validation/schema.ts';
import { clearHiddenAnswers } from './clear.ts';
import { describeChoices } from './describe.ts';
import { fieldName } from './scope.ts';
import { flatFieldName, groupShapes, toFlatAnswers, toFormAnswers } from './shape.ts';
import { type FormAnswers, type PageConfig } from './types.ts';
import { visitQuestions } from './walk.ts';

/** A step with one repeated group (parents, as SPEC §3 names them) and an outside answer. */
const pages: PageConfig[] = [
  {
    id: 'about',
    route: 'about',
    title: 'About',
    sections: [
      {
        id: 'parents',
        title: 'Parents',
        blocks: [
          { type: 'text', key: 'first_name', label: 'First name', required: true },
          {
            type: 'add-another',
            buttonId: 'parent',
            label: 'Add Another Parent',
            max: 2,
            keys: { first: 'parent_', next: 'parent_{n}_' },
            template: [
              {
                type: 'text',
                key: 'parent_first_name',
                label: 'First name of parent {n}',
                required: true,
              },
              {
                type: 'select',
                key: 'parent_country',
                label: 'Country of parent {n}',
                options: {
                  options: [
                    { value: 'USA', label: 'United States' },
                    { value: 'CAN', label: 'Canada' },
                  ],
                },
              },
              {
                type: 'conditional',
                // The group's own answer decides, in each group apart.
                hideWhen: { valueKey: 'parent_country', operator: 'notEquals', target: 'USA' },
                blocks: [{ type: 'text', key: 'parent_zip', label: 'ZIP of parent {n}' }],
              },
              {
                type: 'conditional',
                // An outside answer decides for every group.
                hideWhen: { valueKey: 'first_name', operator: 'notAnswered' },
                blocks: [{ type: 'text', key: 'parent_note', label: 'Note' }],
              },
            ],
          },
        ],
      },
    ],
  },
];
const shapes = groupShapes(pages);

describe('the two shapes of the answers, converted at the API edge only', () => {
  it('describes each group by its keys, `_desc` companions included', () => {
    expect(shapes).toEqual([
      {
        buttonId: 'parent',
        max: 2,
        keys: { first: 'parent_', next: 'parent_{n}_' },
        stored: [
          'parent_first_name',
          'parent_country',
          'parent_country_desc',
          'parent_zip',
          'parent_note',
        ],
      },
    ]);
  });

  it('loads flat keys as one item per group, as many as stored, and saves them back flat', () => {
    const flat = { first_name: 'Ada', parent_first_name: 'Ann', parent_2_first_name: 'Bo' };
    const form = toFormAnswers(shapes, flat, { addAnother: { parent: 1 } });
    // The second group holds an answer: it shows whatever count was stored.
    expect(form).toEqual({
      first_name: 'Ada',
      parent: [{ parent_first_name: 'Ann' }, { parent_first_name: 'Bo' }],
    });
    expect(toFlatAnswers(shapes, form)).toEqual(flat);
    expect(toFormAnswers(shapes, {}, {})).toEqual({ parent: [{}] });
    expect(toFormAnswers(shapes, {}, { addAnother: { parent: 2 } })).toEqual({ parent: [{}, {}] });
  });

  it('saves every key of a removed group as "", and the group after it moves up', () => {
    const form: FormAnswers = {
      parent: [{ parent_first_name: 'Bo', parent_country: 'CAN' }],
    };
    expect(toFlatAnswers(shapes, form)).toEqual({
      parent_first_name: 'Bo',
      parent_country: 'CAN',
      parent_2_first_name: '',
      parent_2_country: '',
      parent_2_country_desc: '',
      parent_2_zip: '',
      parent_2_note: '',
    });
  });

  it('names the field of a flat key (a refusal or an error the API names)', () => {
    expect(flatFieldName(shapes, 'parent_2_zip')).toBe('parent[1].parent_zip');
    expect(flatFieldName(shapes, 'parent_zip')).toBe('parent[0].parent_zip');
    expect(flatFieldName(shapes, 'first_name')).toBe('first_name');
  });
});

describe('form-model reads the form’s shape: a group is an item, the count its length', () => {
  const form: FormAnswers = {
    first_name: '',
    parent: [
      { parent_first_name: 'Ann', parent_country: 'USA', parent_zip: '59715', parent_note: 'x' },
      { parent_first_name: '', parent_country: 'CAN', parent_zip: '59715' },
    ],
  };

  it('walks one group per item, whatever count a context holds', () => {
    const names = visitQuestions(pages, form, { addAnother: { parent: 1 } })
      .filter(({ question }) => question.key === 'parent_first_name')
      .map(({ question, scope }) => [question.label, fieldName(scope.at, question.key)]);
    expect(names).toEqual([
      ['First name of parent 1', 'parent[0].parent_first_name'],
      ['First name of parent 2', 'parent[1].parent_first_name'],
    ]);
  });

  it('clears inside each item by its own answers and by outside ones', () => {
    expect(clearHiddenAnswers(pages, form)).toEqual({
      first_name: '',
      parent: [
        // The outside first name is empty: every group's note is hidden.
        { parent_first_name: 'Ann', parent_country: 'USA', parent_zip: '59715', parent_note: '' },
        // Canada hides this group's ZIP only.
        { parent_first_name: '', parent_country: 'CAN', parent_zip: '' },
      ],
    });
  });

  it('returns the very same answers when nothing is hidden', () => {
    const shown: FormAnswers = { first_name: 'Ada', parent: [{ parent_first_name: 'Ann' }] };
    expect(clearHiddenAnswers(pages, shown)).toBe(shown);
  });

  it('names errors by SPEC’s key, the anchor of the summary, the same as for flat answers', () => {
    const errors = validateAnswers(pages, form, { messages: englishMessages() });
    expect(errors).toEqual({
      first_name: ['First name'],
      parent_2_first_name: ['First name of parent 2'],
    });
    expect(
      validateAnswers(pages, toFlatAnswers(shapes, form), {
        context: {},
        messages: englishMessages(),
      }),
    ).toEqual(errors);
  });

  it('describes a choice made in an item, in that item', () => {
    const described = describeChoices(
      pages,
      form,
      {},
      (name) => name === 'parent[1].parent_country',
      undefined,
      OPTION_LISTS,
    );
    expect(described.parent).toEqual([
      (form.parent as readonly FormAnswers[])[0],
      {
        parent_first_name: '',
        parent_country: 'CAN',
        parent_zip: '59715',
        parent_country_desc: 'Canada',
      },
    ]);
  });

  it('prints a group as the flat answers print it', () => {
    const flat = toFlatAnswers(shapes, { ...form, first_name: 'Ada' });
    const context = { addAnother: { parent: 2 } };
    expect(printModelText(printModel(pages, { ...form, first_name: 'Ada' }))).toEqual(
      printModelText(printModel(pages, flat, {}, context)),
    );
  });
});
