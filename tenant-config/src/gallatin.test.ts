/**
 * The Gallatin college is SPEC's application: its folder holds every SPEC §3 answer key, each asked
 * by a question of its kind, on the step SPEC §2 puts it on. The engine holds no list of keys (the
 * college's data is the catalogue), so this is a test of the college, loaded from its folder as the
 * server does.
 */
import {
  blockKeys,
  checkPages,
  groupItems,
  kindOf,
  type PageConfig,
  pageBlocksOfType,
  pageKeys,
  visitQuestions,
} from '@admit/form-model';
import { describe, expect, it } from 'vitest';

import { loadTenant } from './node/load.ts';
import { specProblems } from './spec/check.ts';
import { PAGE_KEY_GROUPS } from './spec/pages.ts';
import { answerKeyRegistry, keyGroups } from './spec/registry.ts';

/** SPEC §2's steps, in order: Personal Info, Academic History, Submit. */
const STEPS = ['about', 'education', 'final-steps'];

const pages: readonly PageConfig[] = loadTenant('gallatin').pages;

function first<T>(list: readonly T[]): T {
  const [item] = list;
  if (item === undefined) throw new Error('an empty list');
  return item;
}

describe('the Gallatin college is SPEC’s application', () => {
  it('has SPEC §2’s three steps, in order, each in the file named by its id', () => {
    expect(pages.map((page) => page.id)).toEqual(STEPS);
    expect(Object.keys(PAGE_KEY_GROUPS)).toEqual(STEPS);
  });

  it('passes the engine’s check', () => {
    expect(checkPages(pages)).toEqual([]);
  });

  it('asks every SPEC §3 key, each by a question of its kind, on SPEC §2’s step', () => {
    expect(specProblems(pages)).toEqual([]);
    const keys = pages.flatMap(pageKeys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(new Set(Object.keys(answerKeyRegistry)));
  });

  it("stores no {key}_desc for a year (a parent’s graduation year), as when the key registry was form-model's", () => {
    const years = visitQuestions(pages, {})
      .map(({ question }) => question)
      .filter((question) => answerKeyRegistry[question.key] === 'year');
    expect(years.map((question) => question.key)).toEqual([
      'parent_alum_year',
      'parent_2_alum_year',
    ]);
    expect(years.filter((question) => kindOf(question).descriptions(question))).toEqual([]);
  });

  it('declares each repeated group once, expanding to SPEC’s flat keys (SPEC §9: at most 10)', () => {
    const blocks = pageBlocksOfType(pages, 'add-another');
    expect(
      blocks.map((block) => [
        block.buttonId,
        groupItems(block).map((group) => blockKeys(group)[0]),
      ]),
    ).toEqual([
      // SPEC §9: up to 2 parents, 3 colleges, 4 residency timeline slots.
      ['parent', ['parent_relationship', 'parent_2_relationship']],
      [
        'instate_absence',
        [
          'instate_self_absence_1_from',
          'instate_self_absence_2_from',
          'instate_self_absence_3_from',
        ],
      ],
      [
        'instate_timeline',
        [
          'instate_timeline_1_state',
          'instate_timeline_2_state',
          'instate_timeline_3_state',
          'instate_timeline_4_state',
        ],
      ],
      ['college', ['college_name', 'college_2_name', 'college_3_name']],
    ]);
  });
});

describe('specProblems: what a college that is not SPEC’s application would be told', () => {
  const about = first(pages);
  const firstSection = first(about.sections);

  it('names a key SPEC does not have, a question of the wrong kind and a key on the wrong step', () => {
    const changed: PageConfig = {
      ...about,
      sections: [
        {
          ...firstSection,
          blocks: [
            ...firstSection.blocks,
            { type: 'text', key: 'favourite_colour', label: 'Favourite colour' },
            { type: 'radio', key: 'hs_gpa', label: 'GPA', options: { list: 'yesNo' } },
          ],
        },
        ...about.sections.slice(1),
      ],
    };
    expect(specProblems([changed, ...pages.slice(1)])).toEqual([
      'about: "favourite_colour" is not a SPEC §3 answer key',
      'about: "hs_gpa" is a text key but the question is a radio',
      'about: "favourite_colour" belongs on another page (SPEC §2 page map)',
      'about: "hs_gpa" belongs on another page (SPEC §2 page map)',
    ]);
  });

  it('names every SPEC key no question asks (the Submit step left out: the conduct keys)', () => {
    expect(specProblems(pages.slice(0, 2))).toEqual(
      Object.keys(keyGroups.conduct).map((key) => `"${key}" (SPEC §3) is asked on no page`),
    );
  });
});
