import { describe, expect, it } from 'vitest';

import {
  blockKeys,
  blocksOfType,
  chosenTab,
  hasOptionsNow,
  isHidden,
  isQuestion,
  pageBlocksOfType,
  shownBranch,
  shownItemCount,
  triggerPressed,
  triggerTicked,
} from './blocks.ts';
import {
  type AddAnotherBlock,
  type Answers,
  type Block,
  type ConditionalBlock,
  type ConditionalTrigger,
  type ConditionGroup,
  type FormContext,
  type PageConfig,
  type Question,
  type TabsBlock,
} from './types.ts';

const text = (key: string): Question => ({ type: 'text', key, label: key });

const conditional: ConditionalBlock = {
  type: 'conditional',
  hideWhen: { valueKey: 'us_citizen', operator: 'equals', target: 'Y' },
  blocks: [text('perm_resident')],
};

const certGoal = { valueKey: 'goal', operator: 'equals', target: 'CERT' } as const;

const group: ConditionGroup = {
  type: 'condition-group',
  branches: [
    { showWhen: certGoal, blocks: [text('cert')] },
    { showWhen: { valueKey: 'goal', operator: 'answered' }, blocks: [text('other')] },
  ],
};

const addAnother: AddAnotherBlock = {
  type: 'add-another',
  buttonId: 'college',
  label: 'Add Another College',
  max: 3,
  keys: { first: 'college_', next: 'college_{n}_' },
  template: [text('college_name')],
};

const button: Extract<ConditionalTrigger, { mode: 'button' }> = {
  type: 'trigger',
  mode: 'button',
  label: 'Add a middle name',
  id: 'middle',
  before: [text('before')],
  after: [text('middle_name')],
};

const checkbox: Extract<ConditionalTrigger, { mode: 'checkbox' }> = {
  type: 'trigger',
  mode: 'checkbox',
  key: 'has_alias',
  label: 'I have another name',
  after: [text('alias')],
  optional: [text('why_not')],
};

const innerTabs: TabsBlock = {
  type: 'tabs',
  tabId: 'inner',
  label: 'Inner',
  tabs: [
    { id: 'a', label: 'A', blocks: [text('inner_a')] },
    { id: 'b', label: 'B', blocks: [text('inner_b')] },
  ],
};

const outerTabs: TabsBlock = {
  type: 'tabs',
  tabId: 'outer',
  label: 'Outer',
  tabs: [
    { id: 'typed', label: 'Typed', blocks: [text('essay'), innerTabs] },
    { id: 'upload', label: 'Upload', blocks: [{ type: 'file', key: 'essay_file', label: 'File' }] },
  ],
};

describe('isHidden (conditional)', () => {
  it.each<[Answers, boolean]>([
    [{}, false],
    [{ us_citizen: 'N' }, false],
    [{ us_citizen: 'Y' }, true],
  ])('answers %j → hidden %s', (answers, hidden) => {
    expect(isHidden(conditional, answers)).toBe(hidden);
  });
});

describe('shownBranch (condition group)', () => {
  it.each<[Answers, number]>([
    [{}, -1],
    [{ goal: '' }, -1],
    [{ goal: 'CERT' }, 0],
    [{ goal: 'AA' }, 1],
  ])('answers %j → branch %i (the first true one)', (answers, branch) => {
    expect(shownBranch(group, answers)).toBe(branch);
  });
});

describe('shownItemCount (add-another)', () => {
  it.each<[string, Answers, FormContext, number]>([
    ['default', {}, {}, 1],
    ['stored counter', {}, { addAnother: { college: 2 } }, 2],
    ['never above max', {}, { addAnother: { college: 99 } }, 3],
    ['never below 1', {}, { addAnother: { college: 0 } }, 1],
    ['never hides an answered group', { college_3_name: 'MSU' }, { addAnother: { college: 1 } }, 3],
    ['an empty answer is not an answer', { college_2_name: '' }, {}, 1],
    ['group 1 answered', { college_name: 'MSU' }, {}, 1],
  ])('%s', (_name, answers, context, count) => {
    expect(shownItemCount(addAnother, answers, context)).toBe(count);
  });
});

describe('triggers', () => {
  it.each<[Answers, FormContext, boolean]>([
    [{}, {}, false],
    [{}, { triggers: { middle: true } }, true],
    [{ middle_name: 'Ann' }, {}, true],
    [{ before: 'x' }, {}, false],
  ])('button: answers %j, context %j → pressed %s', (answers, context, pressed) => {
    expect(triggerPressed(button, answers, context)).toBe(pressed);
  });

  it.each<[Answers, boolean]>([
    [{}, false],
    [{ has_alias: '' }, false],
    [{ has_alias: true }, true],
    [{ has_alias: false }, false],
  ])('checkbox: answers %j → ticked %s', (answers, ticked) => {
    expect(triggerTicked(checkbox, answers)).toBe(ticked);
  });
});

describe('chosenTab', () => {
  it.each<[FormContext, string]>([
    [{}, 'typed'],
    [{ tabs: { outer: 'upload' } }, 'upload'],
    [{ tabs: { outer: 'gone' } }, 'typed'],
  ])('context %j → %s', (context, tab) => {
    expect(chosenTab(outerTabs, context)).toBe(tab);
  });
});

describe('hasOptionsNow', () => {
  const dependent: Question = {
    type: 'select',
    key: 'goal_two_year',
    label: 'Program',
    options: {
      byAnswer: { valueKey: 'goal', options: { CERT: [{ value: 'W', label: 'Weld' }], AA: [] } },
    },
  };
  it.each<[Question, Answers, boolean]>([
    [text('name'), {}, true],
    [dependent, {}, false],
    [dependent, { goal: 'AA' }, false],
    [dependent, { goal: 'CERT' }, true],
  ])('%j with %j → %s', (question, answers, shown) => {
    expect(hasOptionsNow(question, answers)).toBe(shown);
  });
});

describe('blocksOfType (the one walker)', () => {
  // Two groups made from one template: the walker goes through each group as expanded.
  const groups: AddAnotherBlock = {
    type: 'add-another',
    buttonId: 'g',
    label: 'Add Another',
    max: 2,
    keys: { first: 'g_', next: 'g_{n}_' },
    template: [
      button,
      checkbox,
      {
        ...group,
        branches: [{ showWhen: certGoal, blocks: [{ ...innerTabs, tabId: 'g_inner' }] }],
      },
    ],
  };
  const blocks: Block[] = [
    { type: 'info', text: 'Hello' },
    { ...conditional, blocks: [outerTabs] },
    groups,
  ];

  it('finds tabs inside tabs, in page order (regression: nested tab groups were missed)', () => {
    expect(blocksOfType(blocks, 'tabs').map((tabs) => tabs.tabId)).toEqual([
      'outer',
      'inner',
      'g_inner',
      'g_2_inner',
    ]);
  });

  it.each<[Block['type'], number]>([
    ['info', 1],
    ['conditional', 1],
    ['add-another', 1],
    ['trigger', 4],
    ['condition-group', 2],
    ['text', 15],
    ['file', 1],
  ])('%s → %i', (type, count) => {
    expect(blocksOfType(blocks, type)).toHaveLength(count);
  });

  it('walks every section of every page', () => {
    const pages: PageConfig[] = [
      {
        id: 'about',
        route: 'about',
        title: 'About',
        sections: [
          { id: 's1', title: 'One', blocks: [outerTabs] },
          { id: 's2', title: 'Two', blocks: [{ ...conditional, blocks: [innerTabs] }] },
        ],
      },
    ];
    expect(pageBlocksOfType(pages, 'tabs').map((tabs) => tabs.tabId)).toEqual([
      'outer',
      'inner',
      'inner',
    ]);
  });
});

describe('blockKeys and isQuestion', () => {
  it('lists every stored key, a checkbox trigger its own key first', () => {
    expect(blockKeys([checkbox, button, outerTabs])).toEqual([
      'has_alias',
      'alias',
      'why_not',
      'before',
      'middle_name',
      'essay',
      'inner_a',
      'inner_b',
      'essay_file',
    ]);
  });

  it.each<[Block, boolean]>([
    [text('a'), true],
    [{ type: 'checkbox', key: 'c', label: 'c' }, true],
    [{ type: 'info', text: 'x' }, false],
    [checkbox, false],
    [outerTabs, false],
  ])('%j → %s', (block, question) => {
    expect(isQuestion(block)).toBe(question);
  });
});
