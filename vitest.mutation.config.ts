import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`, stryker.config.mjs): the unit tests of the
 * shared money and parts modules, and the API tests that exercise the ledger, the parts register, reservations and
 * dividends most directly, on PostgreSQL (TEST_DATABASE_URL, else the project's own server started for the run, as
 * in `npm test`), where a removed lock is caught. The API tests import `@parcelle/shared` through the workspace link, that is the
 * original sources: a shared mutant is judged by the shared unit tests alone, which are quick, so each costs
 * milliseconds instead of an API test file's database set-up.
 */
/**
 * The order files run in for a mutant (Stryker runs them one at a time and stops at the first failure): the files
 * that kill most for the least set-up first, the property test (the slowest) last.
 */
const ORDER = [
  'packages/shared/',
  'parts/register.test',
  'ledger/races.test',
  'dividends/',
  'ledger/invariants.test',
  'purchases/limits.test',
  'secondary/',
  'register.property.test',
];
const rank = (file: string) => {
  const index = ORDER.findIndex((part) => file.includes(part));
  return index === -1 ? ORDER.length : index;
};
class KillersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
  }
}

export default defineConfig({
  test: {
    name: 'mutation',
    environment: 'node',
    // MUTATION_TESTS (comma-separated globs) narrows the selection for a partial run of a few modules.
    include: process.env.MUTATION_TESTS?.split(',') ?? [
      'packages/shared/src/money.test.ts',
      'packages/shared/src/parts.test.ts',
      'apps/api/src/modules/ledger/*.test.ts',
      'apps/api/src/modules/parts/register.test.ts',
      'apps/api/src/modules/dividends/*.test.ts',
      'apps/api/src/modules/purchases/register.property.test.ts',
      'apps/api/src/modules/purchases/limits.test.ts',
      'apps/api/src/modules/secondary/secondary.test.ts',
    ],
    globalSetup: ['apps/api/test/global-setup.ts'],
    sequence: { sequencer: KillersFirst },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
