import { describe, expect, it } from 'vitest';

import { summaryItems } from './summary.ts';

describe('summaryItems (SPEC §2, WCAG 2.4.4)', () => {
  it('links each placed error once, naming the question where two links read the same', () => {
    const labels = new Map([
      ['a', 'First Name'],
      ['b', 'Last Name'],
    ]);
    const hrefOf = (key: string) => (key === 'gone' ? undefined : `/about#${key}`);
    expect(
      summaryItems(
        { a: ['Required'], b: ['Required'], c: ['Too long'], gone: ['x'] },
        hrefOf,
        labels,
      ),
    ).toEqual([
      { href: '/about#a', label: 'Required (First Name)' },
      { href: '/about#b', label: 'Required (Last Name)' },
      { href: '/about#c', label: 'Too long' },
    ]);
  });
});
