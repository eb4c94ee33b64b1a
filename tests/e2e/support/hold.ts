import { type Page } from '@playwright/test';

/**
 * Holds every request of `page` to `url` (a glob or a pattern, as `page.route` takes) until
 * the returned function is called, then lets them all through: a slow link, a slow server, an
 * upload still under way, as a person would meet them.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
