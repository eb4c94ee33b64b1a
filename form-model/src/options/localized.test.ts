import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

import english from '../locales/en/options.json' with { type: 'json' };
import spanish from '../locales/es/options.json' with { type: 'json' };
import { describeChoices } from '../config/describe.ts';
import { currentOptions } from '../config/questions.ts';
import { type Answers, type Question } from '../config/types.ts';
import { printModel } from '../print/english.ts';
import { fixturePages } from '../testing/fixture.ts';
import { OPTION_LISTS } from './index.ts';
import { optionListsIn } from './localized.ts';

const es = optionListsIn('es', spanish);

describe('optionListsIn', () => {
  it('gives the English lists from the English catalogue', () => {
    expect(optionListsIn('en', english)).toEqual(OPTION_LISTS);
  });

  it('labels the same codes in Spanish', () => {
    expect(es.yesNo).toEqual([
      { value: 'Y', label: 'Sí' },
      { value: 'N', label: 'No' },
    ]);
    expect(es.months[2]).toEqual({ value: '3', label: 'Marzo' });
    expect(es.states.find((option) => option.value === 'NC')?.label).toBe('Carolina del Norte');
    expect(es.states.map((option) => option.value)).toEqual(
      OPTION_LISTS.states.map((option) => option.value),
    );
  });

  it('sorts the countries A–Z in the language, the United States still first (SPEC §3)', () => {
    expect(es.countries[0]).toEqual({ value: 'USA', label: 'Estados Unidos' });
    const others = es.countries.slice(1).map((option) => option.label);
    expect(others).toEqual([...others].sort(new Intl.Collator('es').compare));
    expect(es.countriesNoUsa).toEqual(es.countries.slice(1));
    // "Alemania" (DEU) comes early in Spanish, where "Germany" did not.
    expect(es.countries.findIndex((option) => option.value === 'DEU')).toBeLessThan(10);
  });

  it('takes parsed messages, as the browser has them', () => {
    const parsed = Object.fromEntries(
      Object.entries(spanish).map(([id, text]) => [id, parse(text)]),
    );
    expect(optionListsIn('es', parsed)).toEqual(es);
  });

  it('names a label the catalogue lacks', () => {
    const lacking = Object.fromEntries(
      Object.entries(spanish).filter(([id]) => id !== 'model.option.yesNo.N'),
    );
    expect(() => optionListsIn('es', lacking)).toThrow(
      'The catalogue of "es" has no message "model.option.yesNo.N".',
    );
  });

  it('has every code of every list in both languages, and nothing else', () => {
    const ids = new Set(
      Object.entries(OPTION_LISTS).flatMap(([, options]) => options.map(({ value }) => value)),
    );
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).length).toBeGreaterThanOrEqual(ids.size);
  });
});

describe('the lists in the applicant’s language reach what is shown, stored and printed', () => {
  const citizen: Question = {
    type: 'radio',
    key: 'us_citizen',
    label: '¿Es ciudadano de los Estados Unidos?',
    options: { list: 'yesNo' },
  };

  it('offers them', () => {
    expect(currentOptions(citizen, {}, undefined, es)).toBe(es.yesNo);
    expect(currentOptions(citizen, {}, undefined, OPTION_LISTS)).toBe(OPTION_LISTS.yesNo);
  });

  it('stores the label shown in {key}_desc', () => {
    expect(
      describeChoices<Answers>(
        fixturePages,
        { mailing_country: 'USA' },
        {},
        () => true,
        undefined,
        es,
      ).mailing_country_desc,
    ).toBe('Estados Unidos');
  });

  it('prints them', () => {
    const model = printModel(fixturePages, { us_citizen: 'Y' }, {}, {}, { lists: es });
    const blocks = model.steps.flatMap((step) => step.sections.flatMap((s) => s.blocks));
    const citizenship = blocks.find((block) => 'key' in block && block.key === 'us_citizen');
    expect(citizenship).toMatchObject({
      answer: {
        kind: 'choices',
        choices: [
          { label: 'Sí', checked: true },
          { label: 'No', checked: false },
        ],
      },
    });
  });
});
