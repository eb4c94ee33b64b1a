/**
 * The college of the page stories: `virtual:admit-tenant` in Storybook (main.ts), as
 * the built app's is the college the server writes into the page. The app reads it once, as it
 * starts, so it is decided on first use, in this order:
 *
 * 1. a story's own college (`parameters.college`), when the preview was reloaded for it: the
 *    preview's address says `admit-college=example` (preview.tsx);
 * 2. the `college` toolbar's choice when the preview loaded (the `globals` of the preview's
 *    address, `college:example`): choosing another college reloads the preview (preview.tsx);
 * 3. a story file's own college, set before the app loads (`pages/riverbend.ts`, imported first
 *    by `Riverbend.stories.tsx`): in the tests each file runs in a page of its own;
 * 4. Gallatin.
 *
 * Its texts are in the page stories' language (languageChoice.ts) when the college offers
 * it, as the server gives each language its own copy of the college; else in its own.
 */
import {
  type BrowserTenant,
  browserSplit,
  collegeLanguages,
  joinPages,
  localizeTenant,
} from '@admit/tenant-config';
import { tenants } from '@admit/tenant-config/bundled';

import { loadedLanguage } from './languageChoice.ts';

/** The college the page stories show unless the toolbar or a story file chose another. */
export const DEFAULT_COLLEGE = 'gallatin';

/** The bundled colleges, by id, for the toolbar. */
export const colleges = tenants;

declare global {
  /** A story file's college, set before the app loads (pages/riverbend.ts). */
  var __ADMIT_STORYBOOK_COLLEGE__: string | undefined;
}

/** The address parameter of a story's own college (preview.tsx reloads with it). */
export const STORY_COLLEGE_PARAMETER = 'admit-college';

/** The `college` global in the preview's address (`?globals=college:example;…`). */
function toolbarCollege(): string | undefined {
  const globals = new URLSearchParams(window.location.search).get('globals') ?? '';
  return /(?:^|;)college:([\w-]+)/.exec(globals)?.[1];
}

let loaded: string | undefined;

/** The college the app shows in this page, decided on first use (see above). */
export function loadedCollege(): string {
  loaded ??= [
    new URLSearchParams(window.location.search).get(STORY_COLLEGE_PARAMETER) ?? undefined,
    toolbarCollege(),
    globalThis.__ADMIT_STORYBOOK_COLLEGE__,
    DEFAULT_COLLEGE,
  ].find((id): id is string => id !== undefined && Object.hasOwn(tenants, id));
  return loaded ?? DEFAULT_COLLEGE;
}

let browserTenant: BrowserTenant | undefined;
function resolved(): BrowserTenant {
  if (browserTenant !== undefined) return browserTenant;
  const config = tenants[loadedCollege()];
  if (config === undefined) throw new Error(`no bundled college "${loadedCollege()}"`);
  const split = browserSplit(
    collegeLanguages(config).includes(loadedLanguage())
      ? localizeTenant(config, loadedLanguage())
      : config,
  );
  browserTenant = {
    ...split.firstLoad,
    loadPages: () => Promise.resolve(joinPages(split)),
  };
  return browserTenant;
}

/** The college, as form-app/src/tenant.ts reads it: made on its first property read. */
export const tenant: BrowserTenant = new Proxy({} as BrowserTenant, {
  get: (_target, property) => Reflect.get(resolved(), property) as unknown,
  has: (_target, property) => Reflect.has(resolved(), property),
  ownKeys: () => Reflect.ownKeys(resolved()),
  getOwnPropertyDescriptor: (_target, property) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(resolved(), property);
    return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
  },
});
