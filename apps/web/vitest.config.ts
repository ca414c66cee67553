import { configDefaults, defineConfig } from 'vitest/config';
import { catalogueByLanguage } from './catalogue-plugin.mjs';

/**
 * Unit tests of the web app: `npx vitest run --project web` from the repository root.
 *
 * Two projects (listed in the root vitest.config.ts), as the API's: `web` runs its files without isolation, each
 * worker importing React, MUI and the app's modules once for all its files instead of once per file (the imports
 * were most of a file's time); `web-isolated` runs, isolated, the files that replace a module with `vi.mock` or reset
 * the module registry (`vi.resetModules`), which would otherwise reach the files after them (decision 511). Without
 * isolation a worker's files also share one jsdom window: app/test/setup.ts resets what a file leaves in it.
 */
const MODULE_MOCKS = [
  'app/document/document-page.test.ts',
  'app/document/document-runtime.test.ts',
  'app/features/social/SocialButtons.test.tsx',
  'app/features/social/sign-out.test.ts',
  'app/features/purchase/RealProviders.test.tsx',
];

const base = {
  root: import.meta.dirname,
  environment: 'jsdom' as const,
  setupFiles: ['app/test/setup.ts'],
  restoreMocks: true,
  // Screens that lazy-load a chunk (charts, payment modals) and poll can take a few seconds on a loaded 2-core CI
  // machine; they wait for what they need with findBy/waitFor, so a wider ceiling costs nothing when all is well.
  testTimeout: 20_000,
};

export const webProjects = [
  {
    plugins: [catalogueByLanguage()],
    test: {
      ...base,
      name: 'web',
      include: ['app/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...MODULE_MOCKS],
      isolate: false,
    },
  },
  { plugins: [catalogueByLanguage()], test: { ...base, name: 'web-isolated', include: MODULE_MOCKS } },
];

export default defineConfig({ test: { projects: webProjects } });
