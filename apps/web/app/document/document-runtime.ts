/**
 * The one script a document page names (issue 33, decision 433). It starts the page's runtime (`document-page.ts`:
 * the cookie banner, the member's header, the islands, a work's buy bar and countdown) once the page has been painted
 * (decision 502), as a module script of its own whose address the server writes on this script's tag.
 *
 * A module script is deferred, but on a fast connection it and its imports arrive, and run, before the browser paints
 * the page: Lighthouse's simulation then counted all six requests (two round trips) in the page's largest paint, and on
 * a slow phone they share the line with the fonts and the image that paint waits for. This file imports nothing (not
 * even Vite's preload helper, which a dynamic `import()` would bring: a second round trip before the paint), so what
 * a document asks for before its first paint is one small script. What the runtime changes is nothing a guest sees
 * move: the cookie banner is fixed and sent hidden; the member's header and islands are a member's (their session is
 * read from localStorage, which the server never sees).
 */

/**
 * Runs `start` once the browser has painted the page's first content (the paint timing entry
 * `first-contentful-paint`), in a task of its own after it. A browser without paint timing starts after its next
 * frame (`requestAnimationFrame` runs before that frame's paint, the task it queues after it). A hidden tab paints
 * nothing: there it starts at once. Not after the next frame everywhere: Chromium runs animation frames before the
 * first contentful one (the fonts' and the image's paint), so the page runtime was then still asked for before it.
 */
export function afterFirstPaint(start: () => void): void {
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  const later = () => setTimeout(start, 0);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(later);
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Loads the page runtime named by the runtime's own tag (`data-document-page`), as the tag itself was loaded. */
export function startDocumentPage(): void {
  const address = document.querySelector<HTMLScriptElement>('script[data-document-page]')?.dataset.documentPage;
  if (!address) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = address;
  document.head.append(script);
}

afterFirstPaint(startDocumentPage);
