import { type AddAnotherBlock, groupShapes, type PageConfig } from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { educationPage } from '../testing/fixtures.ts';
// The engine as the rest of the app sees it: through its index.
import {
  changeAnswers,
  createAnswersForm,
  errorsOf,
  flatAnswersOf,
  loadedAnswers,
  valuesOf,
  watchAnswers,
} from './index.ts';

const block: AddAnotherBlock = {
  type: 'add-another',
  buttonId: 'college',
  label: 'Add Another College',
  max: 3,
  keys: { first: 'college_', next: 'college_{n}_' },
  template: [{ type: 'text', key: 'college_name', label: 'Name' }],
};
const pages: readonly PageConfig[] = [
  educationPage([{ type: 'text', key: 'hs_name', label: 'High school' }, block]),
];
const groups = groupShapes(pages);
/** A form made as the app makes it: the loaded flat answers in the form's shape. */
const made = (flat: Record<string, string> = {}) =>
  createAnswersForm(loadedAnswers(groups, flat, {}), groups);

// The answers are read from the values of the form's latest notification (valuesOf), not from
// form.getState(), which rebuilds the whole form state on every call (most of a
// keystroke's work on /about). These prove that what is read is never behind the form.
describe('the form’s answers, read without getState()', () => {
  it('are the stored answers at once', () => {
    const form = made({ hs_name: 'Bozeman High', college_name: 'MSU' });
    expect(valuesOf(form)).toEqual({ hs_name: 'Bozeman High', college: [{ college_name: 'MSU' }] });
    expect(valuesOf(form)).toBe(form.getState().values);
  });

  it('follow every change, a batch of changes, and the array mutators', () => {
    const form = made();
    form.change('hs_name', 'B');
    expect(valuesOf(form).hs_name).toBe('B');
    changeAnswers(form, { hs_name: 'Bozeman High', 'college[0].college_name': 'MSU' });
    expect(valuesOf(form)).toEqual({ hs_name: 'Bozeman High', college: [{ college_name: 'MSU' }] });
    form.mutators.push?.(block.buttonId, { college_name: 'UM' });
    expect(valuesOf(form)).toBe(form.getState().values);
    expect(valuesOf(form).college).toHaveLength(2);
    // SPEC's flat keys at the API's edge only: what a save would send.
    expect(flatAnswersOf(form)).toMatchObject({ college_name: 'MSU', college_2_name: 'UM' });
    form.mutators.remove?.(block.buttonId, 0);
    expect(flatAnswersOf(form)).toMatchObject({ college_name: 'UM', college_2_name: '' });
  });

  it('give a subscriber the values it is told of, even one subscribed before any field', () => {
    const form = made();
    const seen: unknown[] = [];
    form.subscribe(
      ({ values }) => {
        seen.push(valuesOf(form).hs_name);
        expect(valuesOf(form)).toBe(values);
      },
      { values: true },
    );
    form.change('hs_name', 'X');
    form.change('hs_name', 'XY');
    expect(seen).toEqual([undefined, 'X', 'XY']);
  });

  it('let record-level validation see the groups of the values it validates', () => {
    const form = made({ college_name: 'MSU' });
    const counts: number[] = [];
    form.setConfig('validate', (values) => {
      counts.push(Array.isArray(values.college) ? values.college.length : 0);
      return {};
    });
    form.mutators.push?.(block.buttonId, { college_name: 'UM' });
    expect(counts.at(-1)).toBe(2);
  });
});

// Mounting a step registers every field; each is told its own state once, and nobody else is
// told anything (n² notifications per step before).
describe('fields registering on a form', () => {
  it('tell the new field alone its state, its record-level error included', () => {
    const form = made({ hs_name: 'Bozeman High' });
    form.setConfig('validate', () => ({ college_name: 'Enter a college.' }));
    form.change('hs_name', 'Bozeman High School');
    let formNotices = 0;
    form.subscribe(
      () => {
        formNotices += 1;
      },
      // `modified` and `touched` list every registered field: a loud registration changes them.
      { values: true, errors: true, modified: true, touched: true },
    );
    const told: Record<string, { value?: unknown; error?: unknown }[]> = {};
    for (const name of ['hs_name', 'college_name', 'other']) {
      told[name] = [];
      form.registerField(
        name,
        (state) => told[name]?.push({ value: state.value, error: state.error }),
        { value: true, error: true },
      );
    }
    expect(told).toEqual({
      hs_name: [{ value: 'Bozeman High School', error: undefined }],
      college_name: [{ value: undefined, error: 'Enter a college.' }],
      other: [{ value: undefined, error: undefined }],
    });
    expect(formNotices).toBe(1); // its own first call, none for the registrations
    form.change('hs_name', 'X');
    expect(told.hs_name?.at(-1)).toEqual({ value: 'X', error: undefined });
  });
});

// The fields and watchers of a page watch the form: they are told after every change
// of values or errors, read what they need, and cost Final Form nothing (no registration, no
// subscription of its own).
describe('watching the answers', () => {
  it('tells each watcher of a change, a batch once, errors too, and no more once it stops', () => {
    const form = made();
    const seen: [unknown, unknown][] = [];
    const stop = watchAnswers(form, () => {
      seen.push([valuesOf(form).hs_name, errorsOf(form).hs_name]);
    });
    form.change('hs_name', 'B');
    changeAnswers(form, { hs_name: 'Bo', 'college[0].college_name': 'MSU' });
    form.setConfig('validate', (values) =>
      values.hs_name === 'Bo' ? { hs_name: 'Too short.' } : {},
    );
    form.change('college[0].college_name', 'UM');
    stop();
    form.change('hs_name', 'Bozeman High');
    expect(seen).toEqual([
      ['B', undefined],
      ['Bo', undefined],
      ['Bo', 'Too short.'],
      ['Bo', 'Too short.'],
    ]);
    expect(form.getRegisteredFields()).toEqual([]);
  });

  it('tells the same callback given by two watchers twice, and each stops on its own', () => {
    const form = made();
    let calls = 0;
    const callback = () => {
      calls += 1;
    };
    const stopFirst = watchAnswers(form, callback);
    watchAnswers(form, callback);
    form.change('hs_name', 'B');
    expect(calls).toBe(2);
    stopFirst();
    form.change('hs_name', 'Bo');
    expect(calls).toBe(3);
  });
});
