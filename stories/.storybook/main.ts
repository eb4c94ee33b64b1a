import { defineMain } from '@storybook/react-vite/node';
import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';

/** Storybook for Admit: every design-system widget in every state, plus docs pages. */
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
      plugins: [react()],
      // Storybook's own manager and docs bundles are large by nature; the warning is noise.
      build: { chunkSizeWarningLimit: 2000 },
    }),
});
