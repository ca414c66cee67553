import type { Config } from '@react-router/dev/config';

/**
 * Single-page application: the API serves build/client and falls back to index.html for client routes.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  // React Router 8 behaviour, opted into now (nothing here relies on the old one). Split route modules let
  // a route's clientLoader (the session guards) run before its component chunk has downloaded.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
