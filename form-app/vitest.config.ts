import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';

import { admitCatalogues } from './cataloguePlugin.ts';
import { admitTenant } from './tenantPlugin.ts';

/** Debian's Chromium: browser downloads do not work here (scripts/ensure.mjs installs it). */
const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The `form-app` project: the step renderer's component tests (`src/**\/*.test.tsx`), in the
 * system Chromium, against the gallatin build (as vite.config.ts builds it for TENANT unset).
 */
export default defineProject({
  plugins: [react(), admitTenant('gallatin'), admitCatalogues('dev')],
  test: {
    name: 'form-app',
    include: ['src/**/*.test.{ts,tsx}'],
    // Installs the render counter before react-dom loads (src/testing/renderCounter.ts).
    setupFiles: ['src/testing/setup.ts'],
    // A whole step (hundreds of MUI fields) renders in seconds on a busy CI machine.
    testTimeout: 30_000,
    expect: { poll: { timeout: 10_000 } },
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
