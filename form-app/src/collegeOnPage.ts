/**
 * The college as a built app gets it at run time (one build serves any college: docs/colleges.md).
 * The server loads the college's folder when it starts and writes its browser copy into every page
 * it sends, as a JSON data block (`<script type="application/json" id="admit-college">`: never run,
 * so the CSP stays as it is, and read before anything renders): its settings, its steps and the
 * default route's page. The other pages are one JSON file of their own, named by its content,
 * fetched once when first needed (`loadPages`) and preloaded by the pages that need it at once.
 *
 * The production build resolves `virtual:admit-tenant` to this module (tenantPlugin.ts); the
 * prerender, which runs in Node when the server starts, hands the same data over in
 * `globalThis.__ADMIT_COLLEGE__` with every page at hand.
 */
import { type PageConfig } from '@admit/form-model';
import { type BrowserTenant, type CollegeOnPage, joinPages } from '@admit/tenant-config';

import { readPageData } from './pageData.ts';

const onPage = readPageData() as CollegeOnPage;

async function otherPages(): Promise<readonly PageConfig[]> {
  if (onPage.otherPages !== undefined) return onPage.otherPages;
  const response = await fetch(onPage.pagesUrl);
  if (!response.ok)
    throw new Error(`The college's pages did not load (${String(response.status)}).`);
  return (await response.json()) as readonly PageConfig[];
}

export const tenant: BrowserTenant = {
  ...onPage.firstLoad,
  loadPages: async () => joinPages({ ...onPage, otherPages: await otherPages() }),
};
