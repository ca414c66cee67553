import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one server per group (scripts/e2e.mjs), the group's files one after another.
 *
 * The timeouts guard against a hang; they are not a speed limit (speed is measured in bench/ and in CI's phase
 * times, never as a timed test). On CI's loaded 2-core machine a long journey took 170 s where it takes 60 s on a
 * quiet one, and failed on a tighter limit with nothing wrong (decision 366): one generous limit for every journey.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/server.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
    // `expect.poll` without a timeout of its own waits Vitest's default, one second: on a loaded machine the catalogue
    // journey's ten uploaded PDFs were not all listed within it (30 November, decision 513). A poll is a page action:
    // the 30-second guard of every other one (decision 366); it ends as soon as it is met.
    expect: { poll: { timeout: 30_000 } },
  },
});
