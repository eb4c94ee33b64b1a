// The page ↔ key map is the college's pages themselves: each key sits where the college put it.
import { type PageConfig } from './types.ts';
import { blockKeys } from './blocks.ts';

/** Every answer key stored on a page. */
export function pageKeys(page: PageConfig): string[] {
  return page.sections.flatMap((section) => blockKeys(section.blocks));
}

/** Answer key → the page it sits on. */
export function pageOfKey(pages: readonly PageConfig[]): Map<string, PageConfig> {
  const map = new Map<string, PageConfig>();
  for (const page of pages) for (const key of pageKeys(page)) map.set(key, page);
  return map;
}

/**
 * The validation summary's link for an error (SPEC §2): `/{page}#{key}`, or undefined for
 * a key on no page.
 */
export function summaryHref(pages: readonly PageConfig[], key: string): string | undefined {
  const page = pageOfKey(pages).get(key);
  return page === undefined ? undefined : `/${page.route}#${key}`;
}
