import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tenant-config',
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
  },
});
