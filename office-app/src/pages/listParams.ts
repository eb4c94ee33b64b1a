/** The list's filters, order and page in its address (`/office?q=…&status=…&page=2`). */
import { type ListFilters, SORTABLE, type SortColumn, STATUSES } from '../api/types.ts';

export interface ListParams extends ListFilters {
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readListParams(search: URLSearchParams): ListParams {
  const text = (name: string) => {
    const value = search.get(name)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const status = text('status');
  const sort = text('sort');
  const from = text('from');
  const to = text('to');
  const page = Number(search.get('page') ?? '1');
  return {
    q: text('q'),
    status:
      status !== undefined && (STATUSES as readonly string[]).includes(status) ? status : undefined,
    from: from !== undefined && DAY.test(from) ? from : undefined,
    to: to !== undefined && DAY.test(to) ? to : undefined,
    sort:
      sort !== undefined && (SORTABLE as readonly string[]).includes(sort.replace(/^-/, ''))
        ? sort
        : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query of `params`: what is unset or the default is left out. */
export function listSearch(params: ListParams): string {
  const out = new URLSearchParams();
  for (const name of ['q', 'status', 'from', 'to', 'sort'] as const) {
    const value = params[name];
    if (value !== undefined && value !== '') out.set(name, value);
  }
  if (params.page > 1) out.set('page', String(params.page));
  return out.toString();
}

/** Whether any filter narrows the list (the empty state says which way it is empty). */
export function filtered(params: ListFilters): boolean {
  return [params.q, params.status, params.from, params.to].some((value) => value !== undefined);
}

/** The list's default order: the newest submission first. */
export const DEFAULT_SORT = '-submitted';

/** How a column is sorted now: `ascending`, `descending` or not at all. */
export function sortOf(
  sort: string | undefined,
  column: SortColumn,
): 'ascending' | 'descending' | 'none' {
  const current = sort ?? DEFAULT_SORT;
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}

/** The order after activating `column`'s header: its way, then the other way. */
export function nextSort(sort: string | undefined, column: SortColumn): string {
  const now = sortOf(sort, column);
  if (now === 'none') return column === 'submitted' ? `-${column}` : column;
  return now === 'ascending' ? `-${column}` : column;
}

/**
 * The orders a phone's "Sort by" offers, which has no column headings to click: every sortable
 * column each way, but the default, which is the menu's empty choice.
 */
export const PHONE_SORTS: readonly string[] = SORTABLE.flatMap((column) => [
  column,
  `-${column}`,
]).filter((sort) => sort !== DEFAULT_SORT);

/** What "Sort by" shows chosen for the address's `sort`: "" for the default order. */
export function sortChoice(sort: string | undefined): string {
  return sort === undefined || sort === DEFAULT_SORT ? '' : sort;
}

/** A sort's words' id in the catalogue: `-name` is "Name, Z to A". */
export function sortText(sort: string): string {
  return sort.startsWith('-')
    ? `office.list.sort.${sort.slice(1)}.descending`
    : `office.list.sort.${sort}.ascending`;
}
