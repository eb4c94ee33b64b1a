import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'form-model',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
