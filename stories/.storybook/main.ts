import { fileURLToPath } from 'node:url';

import { admitCatalogues } from '@admit/form-app/cataloguePlugin';
import { defineMain } from '@storybook/react-vite/node';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { mergeConfig } from 'vite';

/**
 * The page stories' college: `virtual:admit-tenant` (form-app/src/tenant.ts) is college.ts, the
 * bundled college the toolbar chose when the preview loaded.
 */
const COLLEGE_MODULE = fileURLToPath(new URL('college.ts', import.meta.url));
/**
 * The page stories' language: `virtual:admit-language` (form-app/src/App.tsx reads it) is
 * language.ts, the toolbar's language when the preview loaded.
 */
const LANGUAGE_MODULE = fileURLToPath(new URL('language.ts', import.meta.url));

/**
 * Storybook for Admit: every design-system widget in every state, the app's pages (`Pages/`)
 * against a mocked API, plus docs pages.
 */
export default defineMain({
  framework: '@storybook/react-vite',
  stories: [
    '../src/**/*.mdx',
    '../src/**/*.stories.tsx',
    '../../design-system/src/**/*.stories.tsx',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // Works offline: no telemetry, no "what's new" fetch.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (config) =>
    mergeConfig(config, {
      plugins: [
        react(),
        // Before admitCatalogues, whose own `virtual:admit-language` is always English.
        {
          name: 'admit:storybook-language',
          enforce: 'pre',
          resolveId: (source: string) =>
            source === 'virtual:admit-language' ? LANGUAGE_MODULE : undefined,
        },
        admitCatalogues('dev'),
        {
          name: 'admit:storybook-college',
          enforce: 'pre',
          resolveId: (source: string) =>
            source === 'virtual:admit-tenant' ? COLLEGE_MODULE : undefined,
        },
        // MSW's worker script, served by the dev server (and Vitest) and written into the
        // static build, straight from the pinned package: no `msw init` copy to keep in step.
        msw({ mode: 'worker-only' }),
      ],
      // Storybook's own manager and docs bundles are large by nature; the warning is noise.
      build: { chunkSizeWarningLimit: 2000 },
    }),
});
