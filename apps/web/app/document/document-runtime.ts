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

/** Where an action is the page runtime's to take (its islands, a member's "Buy now"): held until it has loaded. */
const HANDED_ON = '[data-island], form[data-member-action]';
/** The actions a visitor may take before the page runtime is there: the first one starts it at once. */
const ACTIONS = ['focusin', 'pointerdown', 'keydown', 'click', 'submit'] as const;

/**
 * Loads the page runtime named by the runtime's own tag (`data-document-page`), as the tag itself was loaded: once,
 * when `start` is called or at a visitor's first action, whichever comes first. A click or a submit on a part the page
 * runtime takes (an island, a member's form) before it has loaded is held and done again once it has, so the page
 * runtime sees it as it saw every action before decision 502 (the contact form opens, the sign-up is sent by its
 * island); a click with a modifier key is left to the browser (a link opened elsewhere).
 */
export function documentPageLoader(): { start: () => void } {
  let state: 'waiting' | 'loading' | 'loaded' = 'waiting';
  const held: Event[] = [];
  const replay = () => {
    state = 'loaded';
    for (const event of held.splice(0)) {
      const target = event.target;
      if (event.type === 'submit' && target instanceof HTMLFormElement && target.isConnected) {
        const submitter = (event as SubmitEvent).submitter;
        target.requestSubmit(submitter instanceof HTMLElement && submitter.isConnected ? submitter : undefined);
      } else if (event.type === 'click' && target instanceof HTMLElement && target.isConnected) target.click();
    }
  };
  const start = () => {
    if (state !== 'waiting') return;
    state = 'loading';
    const address = document.querySelector<HTMLScriptElement>('script[data-document-page]')?.dataset.documentPage;
    if (!address) {
      state = 'loaded';
      return;
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = address;
    // Failed, the actions held are done again all the same: a form is then posted as it is without a script.
    for (const type of ['load', 'error']) script.addEventListener(type, replay, { once: true });
    document.head.append(script);
  };
  // Read through a call: `start` changes the state, which a comparison before it would otherwise have narrowed.
  const loaded = () => state === 'loaded';
  const act = (event: Event) => {
    if (loaded()) {
      for (const type of ACTIONS) document.removeEventListener(type, act, true);
      return;
    }
    start();
    if (loaded() || (event.type !== 'click' && event.type !== 'submit')) return;
    const mouse = event as MouseEvent;
    if (event.type === 'click' && (mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey)) return;
    const target = event.target instanceof Element ? event.target : null;
    if (!target?.closest(HANDED_ON)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event);
  };
  for (const type of ACTIONS) document.addEventListener(type, act, true);
  return { start };
}

afterFirstPaint(documentPageLoader().start);
