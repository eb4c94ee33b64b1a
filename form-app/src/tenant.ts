import { type PageConfig, type PageId } from '@admit/form-model';
import { useSyncExternalStore } from 'react';
import { tenant as builtTenant } from 'virtual:admit-tenant';

import { loadOnce } from './loadOnce.ts';

/**
 * The college this build serves (TENANT at build time). It was checked when the build started
 * (form-app/tenantPlugin.ts), so the browser does not check it again. Its steps and the default
 * route's page come with the first download; `loadPages` fetches the others.
 */
export const tenant = builtTenant;

/** SPEC §2: the default route is the first step. */
export const DEFAULT_ROUTE = `/${tenant.defaultRoute}`;

const defaultPageOnly: readonly PageConfig[] = [tenant.defaultPage];
const pages = loadOnce(() => tenant.loadPages());

/**
 * Every page of the college, in step order: fetched once (the first download holds only the
 * default route's page, `tenant.defaultPage`), the same promise every time so that React's
 * `use` can wait on it. A failed fetch is tried again on the next call.
 */
export const loadPages: () => Promise<readonly PageConfig[]> = pages.load;

/**
 * The config of `pageId` if it needs no fetching: the default route's page always, any other
 * once `loadPages` has given them; else `undefined`.
 */
export function pageAtHand(pageId: PageId): PageConfig | undefined {
  if (pageId === tenant.defaultPage.id) return tenant.defaultPage;
  return pages.current()?.find((page) => page.id === pageId);
}

/**
 * The pages known so far: the default route's page alone until `loadPages` has given every
 * page, then every page. Re-renders the caller when they arrive.
 */
export function useLoadedPages(): readonly PageConfig[] {
  // The prerendered HTML (form-app/prerender.ts) and hydration start from the default page.
  return useSyncExternalStore(
    pages.subscribe,
    () => pages.current() ?? defaultPageOnly,
    () => defaultPageOnly,
  );
}
