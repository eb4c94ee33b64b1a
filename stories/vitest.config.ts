import { join } from 'node:path';

import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineProject, type Plugin } from 'vitest/config';

/** Debian's Chromium: browser downloads do not work here (scripts/ensure.mjs installs it). */
const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * storybookTest sets `test.include` to the Storybook stories glob and ignores ours, so the
 * design system's own `*.test.tsx` files are added by a plugin that runs after it.
 */
const designSystemTests: Plugin = {
  name: 'admit:design-system-tests',
  config: () => ({ test: { include: ['../design-system/src/**/*.test.{ts,tsx}'] } }),
};

/**
 * The `design-system` project: every story is a test (render + play + axe, any violation
 * fails), the widgets' and the app's pages' (against MSW), and the widgets' `*.test.tsx`
 * files, all in the system Chromium.
 */
export default defineProject({
  plugins: [
    storybookTest({ configDir: join(import.meta.dirname, '.storybook') }),
    designSystemTests,
  ],
  test: {
    name: 'design-system',
    // Docs pages hold no tests; without this they show up as empty, skipped files.
    exclude: [...configDefaults.exclude, '**/*.mdx'],
    // A page story (stories/src/pages) starts the whole app and may fetch the college's later
    // pages: seconds on a busy CI machine, more than the browser default of 15 s allows for.
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
