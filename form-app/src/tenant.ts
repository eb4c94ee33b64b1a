import { type PageConfig, type PageId } from '@admit/form-model';
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
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

/** True while React hydrates (and on the server), false in any other render. */
const noSubscription = () => () => undefined;
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * The pages known so far: the default route's page alone until `loadPages` has given every
 * page, then every page. Re-renders the caller when they arrive. On the default route they
 * arrive in a transition: every step's layout takes them, a render long enough to be felt
 * (bench/README, "bench/pageload"), just after that page became usable, when an applicant may
 * be typing; a transition renders in slices between keystrokes. Anywhere else someone may be waiting for
 * them (another step, the review: a spinner, nobody typing), and they render at once, before
 * that page shows: what they hide is cleared first (useAnswersForm). Hydrating,
 * it starts from the default page, as the prerendered HTML did.
 */
export function useLoadedPages(): readonly PageConfig[] {
  const hydrating = useHydrating();
  const [loaded, setLoaded] = useState(() => (hydrating ? undefined : pages.current()));
  useEffect(() => {
    const update = () => {
      const current = pages.current();
      if (current === undefined) return;
      if (window.location.pathname !== DEFAULT_ROUTE) setLoaded(current);
      else
        startTransition(() => {
          setLoaded(current);
        });
    };
    update(); // arrived while this rendered or hydrated
    return pages.subscribe(update);
  }, []);
  return loaded ?? defaultPageOnly;
}
