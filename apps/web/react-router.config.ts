import type { Config } from '@react-router/dev/config';

/**
 * Server-rendered (decision "server rendering"): public routes have loaders run in the API process (apps/api/src/http/web.ts);
 * member routes keep their client-side guards (clientLoader.hydrate) and render in the browser.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
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
