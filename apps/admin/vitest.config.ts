import { defineConfig } from 'vitest/config';

/** Unit tests of the operator console: `npx vitest run --project admin` from the repository root. */
export default defineConfig({
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // One worker's files share their imports (React, MUI, Refine, the data grid) instead of importing them afresh:
    // most of a file's time (decision 573). No file replaces a module (vi.mock); src/test/setup.ts resets what a
    // file leaves in the shared window.
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    // Refine's packages go through Vite, so they and the tests share one React Router (its ESM build): loaded by
    // Node instead, they would get its CommonJS copy and another router context.
    server: { deps: { inline: [/@refinedev\//] } },
  },
});
