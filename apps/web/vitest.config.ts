import { defineConfig } from 'vitest/config';

/** Unit tests of the web app: `npx vitest run --root apps/web` from the repository root. */
export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
