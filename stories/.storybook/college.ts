/**
 * The college of the page stories (issue 25): `virtual:admit-tenant` in Storybook (main.ts), as
 * the built app's is the college the server writes into the page. It is the college the
 * `college` toolbar chose when the preview loaded (the `globals` of the preview's address,
 * `college:example`), else Gallatin; the app reads it once, as it starts, so choosing another
 * college reloads the preview (preview.tsx).
 */
import { type BrowserTenant, browserSplit } from '@admit/tenant-config';
import { tenants } from '@admit/tenant-config/bundled';

/** The college the page stories show unless the toolbar chose another. */
export const DEFAULT_COLLEGE = 'gallatin';

/** The bundled colleges, by id, for the toolbar. */
export const colleges = tenants;

/** The `college` global in the preview's address (`?globals=college:example;…`). */
function collegeInAddress(): string {
  const globals = new URLSearchParams(window.location.search).get('globals') ?? '';
  const chosen = /(?:^|;)college:([\w-]+)/.exec(globals)?.[1];
  return chosen !== undefined && Object.hasOwn(tenants, chosen) ? chosen : DEFAULT_COLLEGE;
}

/** The college the preview loaded with. */
export const loadedCollege = collegeInAddress();

const loaded = tenants[loadedCollege];
if (loaded === undefined) throw new Error(`no bundled college "${loadedCollege}"`);
const split = browserSplit(loaded);

export const tenant: BrowserTenant = {
  ...split.firstLoad,
  loadPages: () => {
    const pages = [...split.otherPages];
    pages.splice(split.defaultPageIndex, 0, split.firstLoad.defaultPage);
    return Promise.resolve(pages);
  },
};
