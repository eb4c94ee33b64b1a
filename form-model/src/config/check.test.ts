import { describe, expect, it } from 'vitest';

import { fixturePages } from '../testing/fixture.ts';
import { checkPages } from './check.ts';
import { type PageConfig } from './types.ts';

const page = (blocks: PageConfig['sections'][number]['blocks']): PageConfig[] => [
  {
    id: 'about',
    route: 'about',
    title: 'Personal Info',
    sections: [{ id: 's', title: 'S', blocks }],
  },
];

describe('checkPages: a config is checked once, at load, reporting every problem', () => {
  it('accepts the fixture', () => {
    expect(checkPages(fixturePages)).toEqual([]);
  });

  it('reports every problem at once', () => {
    const problems = checkPages(
      page([
        { type: 'text', key: 'not_a_key', label: 'X' },
        { type: 'radio', key: 'first_name', label: 'First', options: { list: 'yesNo' } },
        { type: 'text', key: 'last_name', label: 'Last' },
        { type: 'text', key: 'last_name', label: 'Last again' },
        { type: 'conditional', hideWhen: { valueKey: 'ghost', operator: 'answered' }, blocks: [] },
        {
          type: 'add-another',
          buttonId: 'many',
          label: 'More',
          max: 11,
          items: [[{ type: 'text', key: 'college_name', label: 'College' }]],
        },
        { type: 'text', key: 'city', label: '  ' },
      ]),
    );
    expect(problems).toEqual([
      'about/s: "not_a_key" is not in the answer-key registry',
      'about/s: "first_name" is a text key but the question is a radio',
      'about/s: add-another "many" max 11 is outside 1..10',
      'about/s: add-another "many" has 1 items for max 11',
      'about/s: "city" has no label',
      '"last_name" is placed more than once: about/s, about/s',
      'about/s: refers to "ghost", which is on no page',
    ]);
  });

  it('refuses a key on two pages', () => {
    const pages = [
      ...page([{ type: 'text', key: 'first_name', label: 'First' }]),
      ...page([{ type: 'text', key: 'first_name', label: 'First' }]),
    ];
    expect(checkPages(pages)).toContain('"first_name" is placed more than once: about/s, about/s');
  });

  it('refuses behaviour hidden in config (a function is not data)', () => {
    const pages = page([{ type: 'text', key: 'first_name', label: 'First' }]);
    (pages[0] as unknown as { extra: unknown }).extra = () => 'x';
    expect(checkPages(pages)).toContain(
      'pages hold something that is not plain data (a function, class or regex)',
    );
  });
});
