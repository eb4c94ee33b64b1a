import { type PageConfig } from '@admit/form-model';

import { type BrowserTenant, type TenantConfig } from './types.ts';

/** What the browser's first download holds of a college: all but `loadPages`. */
export type BrowserFirstLoad = Omit<BrowserTenant, 'loadPages'>;

/**
 * A college split for the browser, made from its one `TenantConfig` by form-app's build
 * (`tenantPlugin.ts`): the first download (settings, steps, the default route's page) and the
 * other pages, which come in a chunk of their own when first needed.
 */
export interface BrowserSplit {
  firstLoad: BrowserFirstLoad;
  /** The pages but the default one, in step order. */
  otherPages: readonly PageConfig[];
  /** Where the default page goes back among `otherPages` to give every page in order. */
  defaultPageIndex: number;
}

/**
 * Splits a college for the browser: its settings, its steps (id, route, title of each page)
 * and the default route's page first; the other pages later. There is no second copy of a
 * college to keep in step: the split is made from the config at build time.
 *
 * @example browserSplit(gallatin).firstLoad.defaultPage.route // 'about'
 */
export function browserSplit(config: TenantConfig): BrowserSplit {
  const { pages, ...allSettings } = config;
  // The admissions office's notification address is the server's business only.
  const settings = { ...allSettings };
  delete settings.admissionsNotificationEmail;
  const defaultPageIndex = pages.findIndex((page) => page.route === config.defaultRoute);
  const defaultPage = pages[defaultPageIndex];
  // checkTenant refuses such a config first; this keeps the split honest on its own.
  if (defaultPage === undefined)
    throw new Error(`defaultRoute "${config.defaultRoute}" is not a page route`);
  return {
    firstLoad: {
      ...settings,
      steps: pages.map(({ id, route, title }) => ({ id, route, title })),
      defaultPage,
    },
    otherPages: pages.filter((page) => page !== defaultPage),
    defaultPageIndex,
  };
}
