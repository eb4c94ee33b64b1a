import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'architecture',
    environment: 'node',
    include: ['architecture/**/*.test.ts'],
  },
});
