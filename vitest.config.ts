import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { apiProjects } from './apps/api/vitest.config.ts';
import { webProjects } from './apps/web/vitest.config.ts';

/**
 * Every unit and integration suite. The API suite runs on PostgreSQL (apps/api/vitest.config.ts: TEST_DATABASE_URL,
 * else the project's own server started for the run), every concurrency proof included. docs/testing.md describes
 * every layer.
 */
export default defineConfig({
  test: {
    // Two workers at least (Vitest's default is cores − 1: one on CI's 2 cores); each API file has its own database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/shared',
      ...webProjects,
      'apps/admin',
      ...apiProjects,
      // The scripts' and benches' pure parts (scripts/security-probe/*.test.mjs, bench/lib/twin.test.mjs).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs', 'bench/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
