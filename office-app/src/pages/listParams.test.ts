import { describe, expect, it } from 'vitest';

import { queryString } from '../api/client.ts';
import { messagesFor } from '../messages.ts';
import {
  DEFAULT_SORT,
  filtered,
  listSearch,
  nextSort,
  PHONE_SORTS,
  readListParams,
  sortChoice,
  sortOf,
  sortText,
} from './listParams.ts';

describe("the list's address", () => {
  it('reads the filters, order and page it carries, and drops what the server would refuse', () => {
    expect(
      readListParams(
        new URLSearchParams(
          'q=%20hopper%20&status=submitted&from=2026-11-01&to=2026-11-30&sort=-name&page=3',
        ),
      ),
    ).toEqual({
      q: 'hopper',
      status: 'submitted',
      from: '2026-11-01',
      to: '2026-11-30',
      sort: '-name',
      page: 3,
    });
    expect(
      readListParams(new URLSearchParams('status=lost&from=11/01/2026&sort=ssn&page=-2&q=')),
    ).toEqual({
      q: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
      sort: undefined,
      page: 1,
    });
  });

  it('writes back only what is set, the first page left out', () => {
    expect(listSearch({ q: 'ada', status: undefined, page: 1 })).toBe('q=ada');
    expect(listSearch({ from: '2026-11-01', sort: 'name', page: 2 })).toBe(
      'from=2026-11-01&sort=name&page=2',
    );
    expect(queryString({ q: 'a b', status: '', page: '1' })).toBe('?q=a+b&page=1');
    expect(queryString({})).toBe('');
  });

  it('tells a filtered list from an unfiltered one (the empty state says which)', () => {
    expect(filtered({ sort: 'name' })).toBe(false);
    expect(filtered({ to: '2026-11-30' })).toBe(true);
  });

  it('sorts the newest submission first by default; a header sorts its way, then the other', () => {
    expect(sortOf(undefined, 'submitted')).toBe('descending');
    expect(sortOf(undefined, 'name')).toBe('none');
    expect(nextSort(undefined, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort(undefined, 'submitted')).toBe('submitted');
    expect(nextSort('name', 'submitted')).toBe('-submitted');
  });
});

describe("the office's messages", () => {
  it("holds the office's and the widgets' texts in each language, English for one it lacks", () => {
    expect(messagesFor('en')['office.signIn.submit']).toBe('Sign in');
    expect(messagesFor('es')['office.signIn.submit']).toBe('Iniciar sesión');
    expect(messagesFor('es')['ds.textInput.showPassword']).toBeDefined();
    expect(messagesFor('es-MX')['office.signIn.submit']).toBe('Iniciar sesión');
    expect(messagesFor('fr')['office.signIn.submit']).toBe('Sign in');
  });
});

describe('"Sort by" on a phone', () => {
  it('offers every order the column headings give, the default as its empty choice', () => {
    const headings = new Set<string>();
    for (const column of ['name', 'email', 'reference', 'submitted'] as const) {
      headings.add(nextSort(undefined, column));
      headings.add(nextSort(nextSort(undefined, column), column));
    }
    expect(new Set([...PHONE_SORTS, DEFAULT_SORT])).toEqual(headings);
    expect(PHONE_SORTS).not.toContain(DEFAULT_SORT);
    expect(sortChoice(undefined)).toBe('');
    expect(sortChoice(DEFAULT_SORT)).toBe('');
    expect(sortChoice('-name')).toBe('-name');
  });

  it('has words for every order in English and Spanish', () => {
    for (const language of ['en', 'es'])
      for (const sort of [...PHONE_SORTS, DEFAULT_SORT])
        expect(messagesFor(language)[sortText(sort)], `${language}: ${sort}`).toMatch(/\S/);
    expect(messagesFor('en')[sortText('-name')]).toBe('Name, Z to A');
  });
});
