import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    // Argon2 and a real database: allow for a slow shared machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
