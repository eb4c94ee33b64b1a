import { describe, expect, it } from 'vitest';

import {
  checkBrowserPages,
  checkBrowserTenant,
  exampleBrowser,
  gallatinBrowser,
  tenants,
} from './index.ts';
import { type BrowserTenant } from './types.ts';

/** Every college's browser form (form-app's `virtual:admit-tenant` serves it). */
const browserTenants: Readonly<Record<string, BrowserTenant>> = {
  gallatin: gallatinBrowser,
  example: exampleBrowser,
};

describe('the browser form of each college', () => {
  it('exists for every college', () => {
    expect(Object.keys(browserTenants).sort()).toEqual(Object.keys(tenants).sort());
  });

  it.each(Object.entries(tenants))(
    '%s: is the same college as its TenantConfig',
    async (id, config) => {
      const browser = browserTenants[id];
      expect(browser).toBeDefined();
      if (browser === undefined) return;
      expect(checkBrowserTenant(config, browser)).toEqual([]);
      expect(await checkBrowserPages(config, browser)).toEqual([]);
      // The step navigation's titles and routes come without any page.
      expect(browser.steps.map((step) => step.title)).toEqual(
        config.pages.map((page) => page.title),
      );
      expect(browser.defaultPage.route).toBe(config.defaultRoute);
    },
  );

  it('tells a step title, a page or a setting that drifted from the college', async () => {
    const config = tenants.gallatin;
    if (config === undefined) throw new Error('no gallatin');
    const drifted: BrowserTenant = {
      ...gallatinBrowser,
      titles: { ...gallatinBrowser.titles, application: 'Another title' },
      steps: gallatinBrowser.steps.map((step, index) =>
        index === 1 ? { ...step, title: 'Education' } : step,
      ),
      loadPages: async () => (await gallatinBrowser.loadPages()).slice(0, 2),
    };
    expect(checkBrowserTenant(config, drifted)).toEqual([
      'browser: "titles" is not the college\'s',
      "browser: steps are not the pages' ids, routes and titles, in order",
    ]);
    expect(await checkBrowserPages(config, drifted)).toEqual([
      "browser: loadPages() does not give the college's pages, in order",
    ]);
  });
});
