import { defineConfig } from 'vitest/config';

/** Unit tests of the operator console: `npx vitest run --project admin` from the repository root. */
export default defineConfig({
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
