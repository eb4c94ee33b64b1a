import { describe, expect, it } from 'vitest';

import { fixturePages } from '../testing/fixture.ts';
import { checkPages, formatPageProblem, pageProblems } from './check.ts';
import { type AddAnotherBlock, type Block, type PageConfig } from './types.ts';

const step = (id: string, blocks: readonly Block[]): PageConfig => ({
  id,
  route: id,
  title: id,
  sections: [
    { id: 'intro', title: 'Intro', blocks: [{ type: 'info', text: 'Hello' }] },
    { id: 's', title: 'S', blocks },
  ],
});
const page = (blocks: readonly Block[]): PageConfig[] => [step('about', blocks)];

const colleges = (over: Partial<AddAnotherBlock> = {}): AddAnotherBlock => ({
  type: 'add-another',
  buttonId: 'college',
  label: 'Add Another College',
  max: 3,
  keys: { first: 'college_', next: 'college_{n}_' },
  template: [
    { type: 'text', key: 'college_name', label: 'College {n}' },
    {
      type: 'select',
      key: 'college_state',
      label: 'State',
      options: { byAnswer: { valueKey: 'college_country', options: {} } },
    },
    { type: 'select', key: 'college_country', label: 'Country', options: { list: 'countries' } },
  ],
  ...over,
});

describe('checkPages: a config is checked once, at load, reporting every problem', () => {
  it('accepts the fixture', () => {
    expect(checkPages(fixturePages)).toEqual([]);
  });

  it('accepts any key the college asks: its pages are the catalogue (no registry of SPEC’s keys)', () => {
    expect(
      checkPages(
        page([
          { type: 'text', key: 'favourite_colour', label: 'Favourite colour' },
          { type: 'radio', key: 'first_name', label: 'A radio', options: { list: 'yesNo' } },
          {
            type: 'conditional',
            hideWhen: { valueKey: 'favourite_colour', operator: 'notAnswered' },
            blocks: [{ type: 'textarea', key: 'why_colour', label: 'Why?' }],
          },
        ]),
      ),
    ).toEqual([]);
  });

  it('reports every problem at once, each naming its step’s file, JSON path, section and key', () => {
    const problems = checkPages(
      page([
        { type: 'text', key: 'last_name', label: 'Last' },
        { type: 'text', key: 'last_name', label: 'Last again' },
        { type: 'conditional', hideWhen: { valueKey: 'ghost', operator: 'answered' }, blocks: [] },
        colleges({ buttonId: 'many', max: 11 }),
        { type: 'text', key: 'city', label: '  ' },
        {
          type: 'month-year',
          key: 'grad',
          monthKey: 'grad_month',
          yearKey: 'grad_year',
          label: 'Graduated',
          years: { count: 3, direction: 'past' },
        },
        { type: 'text', key: 'bad.key', label: 'Bad' },
      ]),
    );
    expect(problems).toEqual([
      'steps/about.json: sections[1].blocks[3] (section "s") "many": max 11 is not a whole number from 1 to 10',
      'steps/about.json: sections[1].blocks[4] (section "s") "city": has no label',
      'steps/about.json: sections[1].blocks[5] (section "s") "grad": a month-year\'s key must be its monthKey "grad_month"',
      'steps/about.json: sections[1].blocks[6] (section "s") "bad.key": an answer key is letters, digits and underscores, starting with a letter',
      'steps/about.json: sections[1].blocks[0] (section "s") "last_name": is stored by 2 questions; a key is asked once: also at steps/about.json: sections[1].blocks[1] (section "s")',
      'steps/about.json: sections[1].blocks[2] (section "s"): names "ghost", but no question on any step stores it',
    ]);
  });

  it('checks the questions inside a fieldset, and refuses a fieldset without a legend', () => {
    const problems = checkPages(
      page([
        {
          type: 'fieldset',
          legend: 'Mailing address',
          blocks: [{ type: 'text', key: 'mailing_city', label: '' }],
        },
        { type: 'fieldset', legend: ' ', blocks: [] },
      ]),
    );
    expect(problems).toEqual([
      'steps/about.json: sections[1].blocks[0].blocks[0] (section "s") "mailing_city": has no label',
      'steps/about.json: sections[1].blocks[1] (section "s"): has no legend (the name of its questions together)',
    ]);
  });

  it('refuses a key on two steps, naming both files', () => {
    const pages = [
      step('about', [{ type: 'text', key: 'first_name', label: 'First' }]),
      step('education', [{ type: 'text', key: 'first_name', label: 'First' }]),
    ];
    expect(checkPages(pages)).toEqual([
      'steps/about.json: sections[1].blocks[0] (section "s") "first_name": is stored by 2 questions; a key is asked once: also at steps/education.json: sections[1].blocks[0] (section "s")',
    ]);
  });

  it('names the question whose rule, condition or options name a missing key', () => {
    expect(
      checkPages(
        page([
          {
            type: 'phone',
            key: 'phone_home',
            label: 'Home phone',
            required: { when: { valueKey: 'no_such', operator: 'answered' } },
            rules: [{ rule: 'homeOrMobile', mobileKey: 'phone_mobile', message: 'A phone.' }],
          },
          {
            type: 'lookup',
            key: 'hs_name',
            label: 'High school',
            category: 'hs_ceeb',
            fills: { ceeb: 'hs_ceeb' },
          },
          {
            type: 'select',
            key: 'state',
            label: 'State',
            options: { list: 'planets' as 'states' },
          },
        ]),
      ),
    ).toEqual([
      'steps/about.json: sections[1].blocks[2] (section "s") "state": names the option list "planets", which does not exist',
      'steps/about.json: sections[1].blocks[0] (section "s") "phone_home": names "no_such", but no question on any step stores it',
      'steps/about.json: sections[1].blocks[0] (section "s") "phone_home": names "phone_mobile", but no question on any step stores it',
      'steps/about.json: sections[1].blocks[1] (section "s") "hs_name": names "hs_ceeb", but no question on any step stores it',
    ]);
  });

  it('refuses a key that is where another question stores its chosen label (`{key}_desc`)', () => {
    expect(
      checkPages(
        page([
          { type: 'select', key: 'state', label: 'State', options: { list: 'states' } },
          { type: 'text', key: 'state_desc', label: 'Describe your state' },
        ]),
      ),
    ).toEqual([
      'steps/about.json: sections[1].blocks[1] (section "s") "state_desc": is where "state" stores its chosen option\'s label (steps/about.json: sections[1].blocks[0] (section "s")); give this question another key',
    ]);
  });

  it('refuses two sections, steps, tab groups or triggers with one id', () => {
    const tabs: Block = {
      type: 'tabs',
      tabId: 'essay',
      label: 'Essay',
      tabs: [
        { id: 'write', label: 'Write', blocks: [] },
        { id: 'write', label: '', blocks: [] },
      ],
    };
    const trigger = (key: string): Block => ({
      type: 'trigger',
      mode: 'button',
      id: 'more',
      label: 'More',
      after: [{ type: 'text', key, label: 'More' }],
    });
    const pages: PageConfig[] = [
      {
        ...step('about', [tabs, trigger('more_a')]),
        sections: [
          { id: 's', title: 'S', blocks: [tabs, trigger('more_a')] },
          { id: 's', title: 'S again', blocks: [trigger('more_b')] },
        ],
      },
      step('about', []),
    ];
    expect(checkPages(pages)).toEqual([
      'steps/about.json: sections[0].blocks[0] (section "s") "essay": has two tabs with the id "write"',
      'steps/about.json: sections[0].blocks[0].tabs[1] (section "s") "write": has no label',
      'steps/about.json: sections[1]: two sections of this step have the id "s"',
      'steps/about.json: two steps have the id "about"',
      'steps/about.json: sections[0].blocks[1] (section "s") "more": is the trigger id of 2 blocks: also at steps/about.json: sections[1].blocks[0] (section "s")',
    ]);
  });

  it('refuses two add-another blocks with one buttonId (one stored count)', () => {
    const schools = colleges({
      keys: { first: 'school_', next: 'school_{n}_' },
      template: [{ type: 'text', key: 'school_name', label: 'School' }],
    });
    expect(checkPages(page([colleges(), schools]))).toEqual([
      'steps/about.json: sections[1].blocks[0] (section "s") "college": is the add-another buttonId of 2 blocks: also at steps/about.json: sections[1].blocks[1] (section "s")',
    ]);
  });

  it('refuses behaviour hidden in config (a function is not data), naming where it is', () => {
    const pages = page([{ type: 'text', key: 'first_name', label: 'First' }]);
    (pages[0]?.sections[1]?.blocks[0] as unknown as { extra: unknown }).extra = () => 'x';
    expect(checkPages(pages)).toEqual([
      'steps/about.json: sections[1].blocks[0].extra: holds a function, which is not plain data (JSON)',
    ]);
  });
});

describe('checkPages: add-another groups declared once', () => {
  it('accepts a template whose every key starts with keys.first', () => {
    expect(checkPages(page([colleges()]))).toEqual([]);
  });

  it('says clearly when a template key lacks the prefix (every group would store it)', () => {
    const block = colleges();
    const problems = checkPages(
      page([
        {
          ...block,
          template: [
            ...block.template,
            { type: 'text', key: 'transcript_sent', label: 'Transcript sent?' },
            // Its `_desc` is not named again: the key is.
            { type: 'radio', key: 'degree', label: 'Degree?', options: { list: 'yesNo' } },
            {
              type: 'condition-group',
              branches: [
                {
                  showWhen: { valueKey: 'college_name', operator: 'answered' },
                  blocks: [
                    {
                      type: 'trigger',
                      mode: 'button',
                      id: 'more',
                      label: 'More',
                      after: [{ type: 'text', key: 'college_more', label: 'More' }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ]),
    );
    expect(problems).toEqual([
      'steps/about.json: sections[1].blocks[0].template[3] (section "s") "transcript_sent": does not start with keys.first "college_", so every group of "college" would store it under this one name: every key and id of a template starts with keys.first',
      'steps/about.json: sections[1].blocks[0].template[4] (section "s") "degree": does not start with keys.first "college_", so every group of "college" would store it under this one name: every key and id of a template starts with keys.first',
      'steps/about.json: sections[1].blocks[0].template[5].branches[0].blocks[0] (section "s") "more": does not start with keys.first "college_", so every group of "college" would store it under this one name: every key and id of a template starts with keys.first',
    ]);
  });

  it('refuses keys.next without {n}, an empty keys.first, no template and no keys at all', () => {
    expect(
      checkPages(
        page([
          colleges({ keys: { first: 'college_', next: 'college_next_' } }),
          colleges({ buttonId: 'b', keys: { first: '', next: 'c_{n}_' }, template: [] }),
          { ...colleges({ buttonId: 'c' }), keys: undefined } as unknown as Block,
        ]),
      ),
    ).toEqual(
      expect.arrayContaining([
        'steps/about.json: sections[1].blocks[0] (section "s") "college": keys.next "college_next_" has no {n}: every group would store the same keys',
        'steps/about.json: sections[1].blocks[1] (section "s") "b": has no template: list the blocks of group 1 under "template"',
        'steps/about.json: sections[1].blocks[2] (section "s") "c": add-another needs "keys": { "first": "college_", "next": "college_{n}_" }, how its groups\' keys are named',
      ]),
    );
  });

  it('finds a group’s key placed elsewhere, naming the group', () => {
    const problems = checkPages(
      page([colleges(), { type: 'text', key: 'college_2_name', label: 'Second college' }]),
    );
    expect(problems).toEqual([
      'steps/about.json: sections[1].blocks[0].template[0] (section "s", group 2) "college_2_name": is stored by 2 questions; a key is asked once: also at steps/about.json: sections[1].blocks[1] (section "s")',
    ]);
  });

  it('checks each group’s references: a prefixed outside key is renamed too', () => {
    const block = colleges();
    const problems = checkPages(
      page([
        { type: 'text', key: 'college_gpa', label: 'GPA' },
        {
          ...block,
          template: [
            ...block.template,
            {
              type: 'text',
              key: 'college_honours',
              label: 'Honours',
              required: { when: { valueKey: 'college_gpa', operator: 'answered' } },
            },
          ],
        },
      ]),
    );
    expect(problems).toEqual([
      'steps/about.json: sections[1].blocks[1].template[3] (section "s", group 2) "college_2_honours": names "college_2_gpa", but no question on any step stores it',
      'steps/about.json: sections[1].blocks[1].template[3] (section "s", group 3) "college_3_honours": names "college_3_gpa", but no question on any step stores it',
    ]);
  });

  it('refuses an add-another inside another’s template', () => {
    const inner = colleges({
      buttonId: 'college_course',
      keys: { first: 'college_course_', next: 'college_course_{n}_' },
      template: [{ type: 'text', key: 'college_course_name', label: 'Course' }],
    });
    const problems = checkPages(page([colleges({ template: [...colleges().template, inner] })]));
    expect(problems).toContain(
      'steps/about.json: sections[1].blocks[0].template[3] (section "s") "college_course": an add-another inside another add-another’s template is not supported: declare the groups side by side',
    );
  });
});

describe('pageProblems and formatPageProblem', () => {
  it('gives each problem’s place as data, for a loader to name its own files', () => {
    expect(pageProblems(page([{ type: 'text', key: 'city', label: '' }]))).toEqual([
      {
        page: 'about',
        section: 's',
        path: 'sections[1].blocks[0]',
        key: 'city',
        message: 'has no label',
      },
    ]);
  });

  it.each([
    [{ message: 'no steps' }, 'no steps'],
    [
      { page: 'about', message: 'two steps have the id "about"' },
      'steps/about.json: two steps have the id "about"',
    ],
    [
      {
        page: 'education',
        section: 'colleges',
        path: 'sections[1].blocks[0].template[0]',
        group: 2,
        key: 'college_2_name',
        message: 'is stored by 2 questions',
      },
      'steps/education.json: sections[1].blocks[0].template[0] (section "colleges", group 2) "college_2_name": is stored by 2 questions',
    ],
  ])('%j → %s', (problem, line) => {
    expect(formatPageProblem(problem)).toBe(line);
  });
});
