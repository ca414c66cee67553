import { defineConfig } from 'vitest/config';

/**
 * Every unit and integration suite. The API suite runs on embedded PGlite always, and once more on a
 * PostgreSQL server when TEST_DATABASE_URL is set. CI always sets it (.ci/run fails when no PostgreSQL answers):
 * only there do the concurrency tests race on separate connections; on PGlite they are sequential smoke tests
 * (apps/api/test/race.ts names them so). docs/testing.md describes every layer.
 */
const apiOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/api/vitest.config.ts',
        test: { name: 'api-postgres', root: './apps/api', env: { TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/web',
      'apps/admin',
      'apps/api',
      // The security probe's pure parts (scripts/security-probe/*.test.mjs).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      ...apiOnPostgres,
    ],
  },
});
