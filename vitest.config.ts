import { defineConfig } from 'vitest/config';

/** Every package's tests, each in its own project (node or real Chromium). */
export default defineConfig({
  test: {
    // stories/ holds the `design-system` project: stories and widget tests in Chromium.
    projects: [
      'form-model',
      'tenant-config',
      'form-app',
      'office-app',
      'server',
      'stories',
      'tests',
    ],
  },
});
