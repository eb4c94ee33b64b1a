import { describe, expect, it } from 'vitest';

import { OPTION_LISTS } from '../options/index.ts';
import { fixturePages } from '../testing/fixture.ts';
import { describeChoices } from './describe.ts';
import { type Answers } from './types.ts';

const all = () => true;

describe('describeChoices: a choice set by code stores its label as {key}_desc', () => {
  // Each row: answers after a fill → which keys were just set → the _desc answers after.
  const cases: [string, Answers, (key: string) => boolean, Partial<Answers>][] = [
    [
      'a filled country and state get their labels, the state among the new country’s options',
      { mailing_country: 'USA', mailing_state: 'MT' },
      all,
      { mailing_country_desc: 'United States', mailing_state_desc: 'Montana' },
    ],
    [
      'a _desc that already says so stays (a pick by hand)',
      { mailing_country: 'CAN', mailing_country_desc: 'Canada', mailing_state: 'AB' },
      all,
      { mailing_country_desc: 'Canada', mailing_state_desc: 'Alberta' },
    ],
    [
      'a stale _desc is corrected',
      { mailing_country: 'USA', mailing_state: 'WY', mailing_state_desc: 'Montana' },
      (key) => key === 'mailing_state',
      { mailing_state_desc: 'Wyoming' },
    ],
    [
      'only what was just set',
      { mailing_country: 'USA', mailing_state: 'MT' },
      (key) => key === 'mailing_state',
      { mailing_country_desc: undefined, mailing_state_desc: 'Montana' },
    ],
    [
      'a code the select does not offer gets no label',
      { mailing_country: 'USA', mailing_state: 'ZZ' },
      all,
      { mailing_state_desc: undefined },
    ],
  ];
  it.each(cases)('%s', (_name, answers, changed, expected) => {
    const described = describeChoices(fixturePages, answers, {}, changed, undefined, OPTION_LISTS);
    for (const [key, value] of Object.entries(expected)) expect(described[key], key).toBe(value);
  });

  it('returns the same answers when there is nothing to describe', () => {
    const answers = { mailing_country: 'USA', mailing_country_desc: 'United States' };
    expect(describeChoices(fixturePages, answers, {}, all, undefined, OPTION_LISTS)).toBe(answers);
  });

  it('a text answer just set (a keystroke) describes nothing: the same answers', () => {
    const answers = { first_name: 'Ada', mailing_country: 'USA', mailing_state: 'MT' };
    const changed = (key: string) => key === 'first_name';
    expect(describeChoices(fixturePages, answers, {}, changed, undefined, OPTION_LISTS)).toBe(
      answers,
    );
  });
});
