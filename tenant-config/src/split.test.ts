import { describe, expect, it } from 'vitest';

import { bundledCollegeIds, loadTenant } from './node/index.ts';
import { browserSplit, joinPages } from './split.ts';

const tenants = Object.fromEntries(bundledCollegeIds().map((id) => [id, loadTenant(id)]));
const gallatin = loadTenant('gallatin');

describe('browserSplit: a college for the browser, made from its one config', () => {
  it.each(Object.entries(tenants))('%s: first download and the other pages', (_id, config) => {
    const { firstLoad, otherPages, defaultPageIndex } = browserSplit(config);
    const { pages, ...settings } = config;
    delete settings.admissionsNotificationEmail;
    delete settings.pdf;
    delete settings.translations;
    // The settings as they are (but the server's notification address, PDF look and
    // translations); the steps are the pages' ids, routes and titles.
    expect(firstLoad).toMatchObject(settings);
    expect(firstLoad.steps).toEqual(pages.map(({ id, route, title }) => ({ id, route, title })));
    expect(firstLoad.defaultPage).toBe(pages.find((page) => page.route === config.defaultRoute));
    expect(otherPages).not.toContain(firstLoad.defaultPage);
    // Joined again (what the browser's loadPages gives), every page in step order.
    expect(joinPages({ firstLoad, otherPages, defaultPageIndex })).toEqual(pages);
    // Plain data (STYLE: forms are data): the build writes it as JSON and it comes back whole.
    expect(JSON.parse(JSON.stringify({ firstLoad, otherPages }))).toEqual({
      firstLoad,
      otherPages,
    });
  });

  it("leaves the admissions office's notification address out of the browser's copy", () => {
    const config = { ...gallatin, admissionsNotificationEmail: 'staff@gallatin.example.edu' };
    expect(JSON.stringify(browserSplit(config))).not.toContain('staff@gallatin.example.edu');
  });

  it("leaves the PDF's look, the server's business, out of the browser's copy", () => {
    const config = { ...gallatin, pdf: { footer: 'Printed for {applicant} by the registrar' } };
    expect(JSON.stringify(browserSplit(config))).not.toContain('Printed for');
  });

  it("leaves the college's translations out of the browser's copy: the server localizes first", () => {
    expect(gallatin.translations?.es).toBeDefined();
    const split = JSON.stringify(browserSplit(gallatin));
    expect(split).not.toContain('"translations"');
    expect(split).not.toContain('Información personal');
  });

  it('puts a default page that is not the first step back in its place', () => {
    const config = { ...gallatin, defaultRoute: 'education' };
    const split = browserSplit(config);
    expect(split.firstLoad.defaultPage.route).toBe('education');
    expect(split.defaultPageIndex).toBe(1);
    expect(split.otherPages.map((page) => page.route)).toEqual(['about', 'final-steps']);
    expect(joinPages(split)).toEqual(config.pages);
  });

  it('refuses a default route that is no page', () => {
    expect(() => browserSplit({ ...gallatin, defaultRoute: 'nowhere' })).toThrow(
      'defaultRoute "nowhere" is not a page route',
    );
  });
});
