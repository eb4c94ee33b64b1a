// `import type`: the inline form would load the key registry into every page's bundle.
import type { KeyGroup } from '../keys/registry.ts';
import { type PageConfig, type PageId } from './types.ts';
import { blockKeys } from './blocks.ts';

/** SPEC §2: which registry groups each page covers (the validation summary's page map). */
export const PAGE_KEY_GROUPS: Readonly<Record<PageId, readonly KeyGroup[]>> = {
  about: ['name', 'contact', 'parent', 'entry', 'residency', 'military', 'demographic'],
  education: ['testScore', 'highSchool', 'college'],
  'final-steps': ['conduct'],
};

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
