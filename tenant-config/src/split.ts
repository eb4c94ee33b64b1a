import { groupShapes, type PageConfig } from '@admit/form-model';

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
  delete settings.pdf;
  // Every language's translations would only weigh: the server localizes before it splits.
  delete settings.translations;
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
      groups: groupShapes(pages),
    },
    otherPages: pages.filter((page) => page !== defaultPage),
    defaultPageIndex,
  };
}

/**
 * Every page in step order again from a split: the other pages with the default one back in its
 * place (the very object the first download holds, not a copy). The browser's `loadPages` gives
 * this, from the page's college (form-app/src/collegeOnPage.ts) or a dev build's module.
 */
export function joinPages(split: {
  firstLoad: Pick<BrowserFirstLoad, 'defaultPage'>;
  otherPages: readonly PageConfig[];
  defaultPageIndex: number;
}): PageConfig[] {
  const pages = [...split.otherPages];
  pages.splice(split.defaultPageIndex, 0, split.firstLoad.defaultPage);
  return pages;
}

/**
 * The college's browser copy as the server writes it into each page, a JSON data block
 * (server/src/plugins/app/site.ts → form-app/src/collegeOnPage.ts): the first download, where
 * the other pages are, and where the default page goes back among them. The prerender, which
 * runs in Node, gets the other pages themselves.
 */
export interface CollegeOnPage extends Omit<BrowserSplit, 'otherPages'> {
  /** Where the other pages are (`/college/pages-HASH.json`). */
  pagesUrl: string;
  /** The other pages themselves, where no fetch is needed (the prerender). */
  otherPages?: readonly PageConfig[];
}
