import { defineConfig } from 'vitest/config';

/**
 * The API suite, on PostgreSQL: TEST_DATABASE_URL, else a throw-away server of the project's own started for the run
 * (test/global-setup.ts), with every test file on its own database cloned from a template migrated once.
 */
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
