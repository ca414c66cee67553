// @ts-check
/**
 * Mutation testing (`npm run test:mutation`, not part of `npm test`): Stryker changes the money, parts, ledger,
 * register, reservation and dividend code one mutant at a time and checks that some test fails. The tests run on
 * PostgreSQL (vitest.mutation.config.ts): TEST_DATABASE_URL, or the project's own server started for the run. Score and survivors: docs/testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'packages/shared/src/money.ts',
    'packages/shared/src/parts.ts',
    'apps/api/src/modules/ledger/ledger.ts',
    'apps/api/src/modules/parts/register.ts',
    'apps/api/src/modules/purchases/reserve.ts',
    'apps/api/src/modules/dividends/service.ts',
  ],
  ignorePatterns: ['apps/web', 'apps/admin', 'e2e', 'bench', 'docs', 'data', 'reports', '**/dist'],
  coverageAnalysis: 'perTest',
  // Module-level mutants (constants) would need every test per mutant: left out, counted as ignored.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: 80 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
