/**
 * Browser journeys (`*.e2e.ts`) in the system Chromium against the real server: the global
 * setup builds once (not at all when the last build is newer than every source), starts
 * `server/dist/main.js` on a free port with a fresh DATA_DIR and hands the address to the
 * workers through E2E_BASE_URL.
 *
 *   npx playwright test -c tests/e2e/playwright.config.ts
 *   E2E_SKIP_BUILD=1 npx playwright test -c tests/e2e/playwright.config.ts   # reuse the build
 */
import { defineConfig } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH, OUTPUT_DIR } from './support/paths.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: OUTPUT_DIR,
  globalSetup: './global-setup.ts',
  // Two cores and one shared database: one browser at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: process.env.CI !== undefined,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // Set by the global setup before the workers start (they inherit its environment).
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
