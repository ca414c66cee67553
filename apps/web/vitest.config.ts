import { defineConfig } from 'vitest/config';
import { catalogueByLanguage } from './catalogue-plugin.mjs';

/** Unit tests of the web app: `npx vitest run --root apps/web` from the repository root. */
export default defineConfig({
  plugins: [catalogueByLanguage()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['app/test/setup.ts'],
    restoreMocks: true,
    // Screens that lazy-load a chunk (charts, payment modals) and poll can take a few seconds on a loaded 2-core CI
    // machine; they wait for what they need with findBy/waitFor, so a wider ceiling costs nothing when all is well.
    testTimeout: 20_000,
  },
});
