import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api-pglite',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: 'pglite' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
