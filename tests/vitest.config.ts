import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tests',
    environment: 'node',
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
