import { createPath, type Navigator, type To } from 'react-router';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * An island's router (decision 433): a document has no client router, so every navigation leaves it and the next page
 * is loaded (a document or the app) as after a link.
 */
export const pageLoads: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};
