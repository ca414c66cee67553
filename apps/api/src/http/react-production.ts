import { registerHooks } from 'node:module';

/**
 * The pages are rendered by React's production build in every environment (decision 368).
 *
 * React, React DOM and React Router pick their development or production files at run time: React's entry reads
 * NODE_ENV, and React Router's package.json points every condition at its development build
 * (remix-run/react-router#14102). This process serves the production build of the web app; the Vite dev server
 * (`npm run dev -w apps/web`) is where React's development warnings belong. Rendering it with development React, as
 * `npm start` and the browser journeys did (NODE_ENV=development), cost 2.5–8 times the CPU per page: 1.8–3 pages a
 * second against 6.6–7.9 with production files, /about and /primary-market, same process, same machine.
 *
 * A resolve hook (node:module registerHooks, for `import` and `require` alike) turns the development files of those
 * packages into their production twins (same version, same API). It must run before any of them is resolved: web.ts
 * imports React Router only after calling this.
 */
let registered = false;

const DEVELOPMENT_CJS = /\/node_modules\/(react|react-dom|scheduler)\/cjs\/[^/]+\.development\.js$/;
const ROUTER_DEVELOPMENT = '/node_modules/react-router/dist/development/';

/** The production file beside a development one, or the URL as it is. */
export function productionTwin(url: string): string {
  if (DEVELOPMENT_CJS.test(url)) return url.replace(/\.development\.js$/, '.production.js');
  if (url.includes(ROUTER_DEVELOPMENT))
    return url.replace(ROUTER_DEVELOPMENT, '/node_modules/react-router/dist/production/');
  return url;
}

export function renderWithProductionReact(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const url = productionTwin(resolved.url);
      return url === resolved.url ? resolved : { ...resolved, url };
    },
  });
}
