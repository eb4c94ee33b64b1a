import { type AddAnotherBlock, type PageConfig } from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { educationPage } from '../testing/fixtures.ts';
import {
  answersContext,
  answersOf,
  changeAnswers,
  createAnswersForm,
  errorsOf,
  valuesOf,
  watchAnswers,
} from './createAnswersForm.ts';
import { groupArrayName } from './groupValues.ts';

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
const ui = { addAnother: {}, tabs: {}, triggers: {} };

// The answers are read from the values of the form's latest notification (valuesOf), not from
// form.getState(), which rebuilds the whole form state on every call (issue 17: most of a
// keystroke's work on /about). These prove that what is read is never behind the form.
describe('the form’s answers, read without getState()', () => {
  it('are the stored answers at once', () => {
    const form = createAnswersForm({ hs_name: 'Bozeman High', college_name: 'MSU' }, { pages, ui });
    expect(answersOf(form)).toMatchObject({ hs_name: 'Bozeman High', college_name: 'MSU' });
    expect(valuesOf(form)).toBe(form.getState().values);
  });

  it('follow every change, a batch of changes, and the array mutators', () => {
    const form = createAnswersForm({}, { pages, ui });
    form.change('hs_name', 'B');
    expect(answersOf(form).hs_name).toBe('B');
    changeAnswers(form, { hs_name: 'Bozeman High', college_name: 'MSU' });
    expect(answersOf(form)).toMatchObject({ hs_name: 'Bozeman High', college_name: 'MSU' });
    form.mutators.push?.(groupArrayName(block), { college_name: 'UM' });
    expect(valuesOf(form)).toBe(form.getState().values);
    expect(answersOf(form).college_2_name).toBe('UM');
    expect(answersContext(form, ui).addAnother).toMatchObject({ college: 2 });
  });

  it('give a subscriber the values it is told of, even one subscribed before any field', () => {
    const form = createAnswersForm({}, { pages, ui });
    const seen: unknown[] = [];
    form.subscribe(
      ({ values }) => {
        seen.push(answersOf(form).hs_name);
        expect(valuesOf(form)).toBe(values);
      },
      { values: true },
    );
    form.change('hs_name', 'X');
    form.change('hs_name', 'XY');
    expect(seen).toEqual([undefined, 'X', 'XY']);
  });

  it('let record-level validation see the counts of the values it validates', () => {
    const form = createAnswersForm({ college_name: 'MSU' }, { pages, ui });
    const counts: number[] = [];
    form.setConfig('validate', (values) => {
      counts.push(answersContext(form, ui, values).addAnother?.college ?? 0);
      return {};
    });
    form.mutators.push?.(groupArrayName(block), { college_name: 'UM' });
    expect(counts.at(-1)).toBe(2);
  });
});

// Mounting a step registers every field; each is told its own state once, and nobody else is
// told anything (n² notifications per step before, issue 17).
describe('fields registering on a form', () => {
  it('tell the new field alone its state, its record-level error included', () => {
    const form = createAnswersForm({ hs_name: 'Bozeman High' }, { pages, ui });
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

// The fields and watchers of a page watch the form (issue 17): they are told after every change
// of values or errors, read what they need, and cost Final Form nothing (no registration, no
// subscription of its own).
describe('watching the answers', () => {
  it('tells each watcher of a change, a batch once, errors too, and no more once it stops', () => {
    const form = createAnswersForm({}, { pages, ui });
    const seen: [unknown, unknown][] = [];
    const stop = watchAnswers(form, () => {
      seen.push([answersOf(form).hs_name, errorsOf(form).hs_name]);
    });
    form.change('hs_name', 'B');
    changeAnswers(form, { hs_name: 'Bo', college_name: 'MSU' });
    form.setConfig('validate', (values) =>
      values.hs_name === 'Bo' ? { hs_name: 'Too short.' } : {},
    );
    form.change('college_name', 'UM');
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
    const form = createAnswersForm({}, { pages, ui });
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
