import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/globalSetup.ts'],
    // The files share one worker's modules instead of each importing the app (Fastify, Kysely,
    // the PDF and conversion code) again: that import was most of a file's start. Each file
    // still gets its own database and app (src/test/context.ts), and no test mocks a module or
    // changes process.env, so nothing one file does reaches the next.
    isolate: false,
    // Argon2 and a real database: allow for a slow shared machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
