import { describe, expect, it } from 'vitest';

import { fixturePages } from '../testing/fixture.ts';
import { clearedKeys, clearHiddenAnswers } from './clear.ts';
import { type Answers, type PageConfig } from './types.ts';
import { shownItemCount } from './blocks.ts';
import { visitQuestions } from './walk.ts';

const clear = (answers: Answers, context = {}) =>
  clearHiddenAnswers(fixturePages, answers, context);

describe('clearHiddenAnswers (SPEC §4 conditional display)', () => {
  it('clears a hidden block and the _desc of its selects and radios', () => {
    const answers = {
      us_citizen: 'Y',
      perm_resident: 'Y',
      perm_resident_desc: 'Yes',
      citizenship: 'CAN',
      citizenship_desc: 'Canada',
    };
    expect(clear(answers)).toEqual({
      us_citizen: 'Y',
      perm_resident: '',
      perm_resident_desc: '',
      citizenship: '',
      citizenship_desc: '',
    });
  });

  it('keeps a shown block as it is and returns the same object when nothing changes', () => {
    const answers = { us_citizen: 'N', perm_resident: 'Y', citizenship: 'CAN' };
    expect(clear(answers)).toBe(answers);
  });

  it('clears nested blocks when the outer condition hides them', () => {
    const answers = { us_citizen: 'Y', perm_resident: 'N', stopintl_copy: true };
    expect(clear(answers)).toEqual({ us_citizen: 'Y', perm_resident: '', stopintl_copy: '' });
  });

  it('clears in passes: clearing one answer hides what depended on it', () => {
    // perm_resident 'N' shows stopintl_copy, but perm_resident itself is hidden and cleared.
    const answers = { us_citizen: '', perm_resident: 'N', stopintl_copy: true };
    expect(clear(answers)).toMatchObject({ perm_resident: '', stopintl_copy: '' });
  });

  it('condition groups keep only the first true branch', () => {
    // D matches both branches: the first keeps its answers, the second is cleared.
    expect(
      clear({ diploma_ged: 'D', hs_name: 'Bozeman High School', ged_location: 'Helena' }),
    ).toEqual({
      diploma_ged: 'D',
      hs_name: 'Bozeman High School',
      ged_location: '',
    });
    expect(
      clear({ diploma_ged: 'G', hs_name: 'Bozeman High School', ged_location: 'Helena' }),
    ).toEqual({
      diploma_ged: 'G',
      hs_name: '',
      ged_location: 'Helena',
    });
  });

  it('checkbox triggers keep optional content only while unticked', () => {
    expect(clear({ mailing_addr_same_as_perm_addr: true, address_line_1: '1 Main St' })).toEqual({
      mailing_addr_same_as_perm_addr: true,
      address_line_1: '',
    });
    const unticked = { mailing_addr_same_as_perm_addr: false, address_line_1: '1 Main St' };
    expect(clear(unticked)).toBe(unticked);
  });

  it('button triggers never clear answered after-content', () => {
    const answers = { military_city: 'Great Falls' };
    expect(clear(answers)).toBe(answers);
    const shown = visitQuestions(fixturePages, {}, { triggers: { military: true } }).find(
      (v) => v.question.key === 'military_city',
    );
    expect(shown?.visible).toBe(true);
    expect(
      visitQuestions(fixturePages, {}).find((v) => v.question.key === 'military_city')?.visible,
    ).toBe(false);
  });

  it('tabs keep only the chosen tab’s answers; the first tab is the default', () => {
    const answers = { decision_essay: 'Because', decision_essay_file: 'essay.pdf' };
    expect(clear(answers)).toEqual({ decision_essay: 'Because', decision_essay_file: '' });
    expect(clear(answers, { tabs: { decision_essay: 'upload' } })).toEqual({
      decision_essay: '',
      decision_essay_file: 'essay.pdf',
    });
  });

  it('a dependent select is cleared, with its _desc, when its controlling answer changes', () => {
    expect(
      clear({ mailing_country: 'CAN', mailing_state: 'MT', mailing_state_desc: 'Montana' }),
    ).toEqual({
      mailing_country: 'CAN',
      mailing_state: '',
      mailing_state_desc: '',
    });
    expect(clear({ educational_goal: 'CERT', goal_two_year: 'WELD' })).toEqual({
      educational_goal: 'CERT',
      goal_two_year: '',
    });
    const kept = { mailing_country: 'USA', mailing_state: 'MT' };
    expect(clear(kept)).toBe(kept);
  });

  it('keeps a state that no list offers ("??"), for validation to refuse, instead of dropping it unsaid', () => {
    const unknown = { mailing_country: 'USA', mailing_state: '??' };
    expect(clear(unknown)).toBe(unknown);
    // Hidden (no country, so no states to offer), it is cleared like any hidden answer.
    expect(clear({ mailing_country: '', mailing_state: '??' }).mailing_state).toBe('');
  });

  it('add-another never hides a group that holds an answer', () => {
    const block = fixturePages[1]?.sections[0]?.blocks.find((b) => b.type === 'add-another');
    if (block?.type !== 'add-another') throw new Error('fixture has no add-another');
    expect(shownItemCount(block, {}, {})).toBe(1);
    expect(shownItemCount(block, { college_3_name: 'MSU' }, { addAnother: { college: 1 } })).toBe(
      3,
    );
    expect(shownItemCount(block, {}, { addAnother: { college: 99 } })).toBe(3);
    const answers = { college_2_name: 'MSU' };
    expect(clear(answers, { addAnother: { college: 1 } })).toBe(answers);
  });

  it('reports which keys a save must send as ""', () => {
    const before = { us_citizen: 'Y', perm_resident: 'Y' };
    expect(clearedKeys(before, clear(before))).toEqual(['perm_resident']);
  });
});

describe('a conditional select across a change of its controlling answer', () => {
  const goalPages: PageConfig[] = [
    {
      id: 'about',
      route: 'about',
      title: 'About',
      sections: [
        {
          id: 'goal',
          title: 'Goal',
          blocks: [
            {
              type: 'select',
              key: 'goal',
              label: 'Goal',
              options: {
                options: [
                  { value: 'AAS', label: 'Associate of Applied Science' },
                  { value: 'TRANSFER', label: 'Transfer' },
                ],
              },
            },
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
                    TRANSFER: [
                      { value: 'BIO', label: 'Biology' },
                      { value: 'OTHER', label: 'Other' },
                    ],
                  },
                },
              },
            },
          ],
        },
      ],
    },
  ];
  const aasOther = { goal: 'AAS', plan: 'OTHER', plan_desc: 'Other' };
  // The rule: a dependent choice kept across a change of its controller is cleared, even when
  // the new list offers the same code; one set together with its controller stays.
  // Each row: answers before → answers now → the dependent's value and _desc after clearing.
  const cases: [string, Answers | undefined, Answers, string, string][] = [
    [
      'AAS → Transfer keeps no "Other" though Transfer offers "Other" too',
      aasOther,
      { ...aasOther, goal: 'TRANSFER' },
      '',
      '',
    ],
    [
      'a choice the new list lacks is cleared, as always',
      { goal: 'AAS', plan: 'WELD', plan_desc: 'Welding' },
      { goal: 'TRANSFER', plan: 'WELD', plan_desc: 'Welding' },
      '',
      '',
    ],
    ['the controller cleared clears it', aasOther, { ...aasOther, goal: '' }, '', ''],
    ['nothing changed: kept', aasOther, aasOther, 'OTHER', 'Other'],
    [
      'another answer changed: kept',
      aasOther,
      { ...aasOther, first_name: 'Ada' },
      'OTHER',
      'Other',
    ],
    [
      'chosen in the same change as its controller (a lookup fill, a group moving up): kept',
      { goal: 'AAS', plan: 'WELD', plan_desc: 'Welding' },
      { goal: 'TRANSFER', plan: 'OTHER', plan_desc: 'Other' },
      'OTHER',
      'Other',
    ],
    [
      'chosen after the controller changed: kept',
      { goal: 'TRANSFER', plan: '', plan_desc: '' },
      { goal: 'TRANSFER', plan: 'OTHER', plan_desc: 'Other' },
      'OTHER',
      'Other',
    ],
    [
      'no answers before (stored answers loaded, the server, the PDF): kept when offered',
      undefined,
      { goal: 'TRANSFER', plan: 'OTHER', plan_desc: 'Other' },
      'OTHER',
      'Other',
    ],
  ];
  it.each(cases)('%s', (_name, before, now, plan, planDesc) => {
    const cleared = clearHiddenAnswers(goalPages, now, {}, before);
    expect({ plan: cleared.plan, plan_desc: cleared.plan_desc }).toEqual({
      plan,
      plan_desc: planDesc,
    });
  });
});
