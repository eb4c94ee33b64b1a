import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tests',
    environment: 'node',
    // These tests drive the built product from outside: a step runs a CLI or asks a started
    // server, which on a loaded two-core CI machine takes longer than Vitest's 5 s default
    // (a lookup import timed out at 5 s while the browser projects ran beside it). A bound
    // against a hang, not a timing target: a test that needs longer still says so itself.
    testTimeout: 30_000,
    include: [
      'architecture/**/*.test.ts',
      'durability/**/*.test.ts',
      'production/**/*.test.ts',
      'scripts/**/*.test.ts',
      'print/**/*.test.ts',
      'release/**/*.test.ts',
      'proxy/**/*.test.ts',
    ],
  },
});
