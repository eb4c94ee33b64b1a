import { type BrowserTenant, type TenantConfig } from './types.ts';

/** A config as JSON with its keys sorted: configs are plain data (STYLE), so equal JSON is equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * Every way `browser` differs from the college it stands for, short of loading its pages: its
 * settings, its steps (one per page: id, route, title) and its default page (the default
 * route's). Empty when they agree. form-app's build runs it (a configuration error stops the
 * build); `checkBrowserPages` checks the rest.
 */
export function checkBrowserTenant(config: TenantConfig, browser: BrowserTenant): string[] {
  const problems: string[] = [];
  const { pages, ...settings } = config;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- what is left are the settings
  const { steps, defaultPage, loadPages, ...browserSettings } = browser;
  const browserValues = new Map(Object.entries(browserSettings));
  for (const key of new Set([...Object.keys(settings), ...browserValues.keys()])) {
    const value: unknown = Object.entries(settings).find(([name]) => name === key)?.[1];
    if (canonical(value) !== canonical(browserValues.get(key)))
      problems.push(`browser: "${key}" is not the college's`);
  }
  const pageSteps = pages.map(({ id, route, title }) => ({ id, route, title }));
  if (canonical(steps) !== canonical(pageSteps))
    problems.push("browser: steps are not the pages' ids, routes and titles, in order");
  const defaultRoutePage = pages.find((page) => page.route === config.defaultRoute);
  if (canonical(defaultPage) !== canonical(defaultRoutePage))
    problems.push(`browser: defaultPage is not the default route's ("${config.defaultRoute}")`);
  return problems;
}

/**
 * Whether `browser.loadPages()` gives the college's pages: all of them, in order, the default
 * page as it is. Empty when it does. It loads them, so it runs where the pages' chunk can load:
 * in the tests (not in form-app's build, whose module runner closes once the config is read).
 */
export async function checkBrowserPages(
  config: TenantConfig,
  browser: BrowserTenant,
): Promise<string[]> {
  const problems: string[] = [];
  const loaded = await browser.loadPages();
  if (canonical(loaded) !== canonical(config.pages))
    problems.push("browser: loadPages() does not give the college's pages, in order");
  if (!loaded.includes(browser.defaultPage))
    problems.push('browser: loadPages() gives a copy of defaultPage, not defaultPage itself');
  return problems;
}
