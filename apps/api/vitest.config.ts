import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The API suite, on PostgreSQL: TEST_DATABASE_URL, else a throw-away server of the project's own started for the run
 * (test/global-setup.ts), with every test file on its own database cloned from a template migrated once.
 *
 * Two projects (listed in the root vitest.config.ts): `api` runs its files without isolation, each worker importing
 * the application once for all its files (the import was most of a file's time); `api-isolated` runs, isolated, the
 * files that replace a module with `vi.mock`, which would otherwise leak into the files after them.
 */
const MODULE_MOCKS = ['src/modules/member/statement-jobs.test.ts'];

const base = {
  root: import.meta.dirname,
  environment: 'node' as const,
  globalSetup: [`${import.meta.dirname}/test/global-setup.ts`],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export const apiProjects = [
  {
    test: {
      ...base,
      name: 'api',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...MODULE_MOCKS],
      isolate: false,
    },
  },
  { test: { ...base, name: 'api-isolated', include: MODULE_MOCKS } },
];

export default defineConfig({ test: { projects: apiProjects } });
