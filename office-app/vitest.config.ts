import { defineProject } from 'vitest/config';

/** The `office-app` project: its logic without a browser (the pages are tested as stories and e2e). */
export default defineProject({
  test: {
    name: 'office-app',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
