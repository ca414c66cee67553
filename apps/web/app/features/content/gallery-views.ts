/**
 * The gallery's enlarged pictures are views addressed by the URL's fragment (`/gallery#gallery-view-<id>`, decision
 * 482): a link opens one, CSS shows the `:target`, its own links go to the previous or next picture or back to the
 * grid. That needs no script, in a document as in the app. This module only adds what a keyboard expects of a
 * lightbox once a script runs: Esc closes, ← and → move, and focus follows the view opened or the picture returned to.
 * It imports nothing of React: the document runtime loads it on a page that has views.
 */

/** The fragment of a picture's enlarged view, and of its place in the grid (where closing the view leads). */
export const galleryViewId = (id: string) => `gallery-view-${id}`;
export const galleryItemId = (id: string) => `gallery-item-${id}`;

const LINK_OF_KEY: Record<string, string> = {
  Escape: '[data-gallery-close]',
  ArrowLeft: '[data-gallery-previous]',
  ArrowRight: '[data-gallery-next]',
};

/** The view the URL's fragment names, if it is one. */
function openView(doc: Document): HTMLElement | null {
  const id = decodeURIComponent(doc.location.hash.slice(1));
  const target = id ? doc.getElementById(id) : null;
  return target?.hasAttribute('data-gallery-view') ? target : null;
}

/** Moves focus into the view just opened, or back to the picture of the grid a view was closed to. */
function focusTarget(doc: Document) {
  const id = decodeURIComponent(doc.location.hash.slice(1));
  const target = id ? doc.getElementById(id) : null;
  if (target?.hasAttribute('data-gallery-view')) target.focus({ preventScroll: true });
  else if (target?.hasAttribute('data-gallery-item')) target.focus();
}

/** Starts the keys and the focus of the views; answers the function that stops them (the app's effect cleanup). */
export function followGalleryViews(doc: Document): () => void {
  const view = doc.defaultView;
  const onKey = (event: KeyboardEvent) => {
    const selector = LINK_OF_KEY[event.key];
    const link = selector ? openView(doc)?.querySelector<HTMLAnchorElement>(selector) : null;
    if (!link) return;
    event.preventDefault();
    link.click();
  };
  const onHashChange = () => focusTarget(doc);
  doc.addEventListener('keydown', onKey);
  view?.addEventListener('hashchange', onHashChange);
  // Said on the page: in a document the keys arrive a moment after the first paint (decision 502), and a journey that
  // presses them checks they are there as a person would see the view answer.
  doc.documentElement.dataset.galleryKeys = 'on';
  // A page loaded with a view's address (a link shared) starts there.
  focusTarget(doc);
  return () => {
    doc.removeEventListener('keydown', onKey);
    view?.removeEventListener('hashchange', onHashChange);
    delete doc.documentElement.dataset.galleryKeys;
  };
}
