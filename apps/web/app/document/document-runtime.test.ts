// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let visibility: DocumentVisibilityState = 'visible';

/** The module scripts the page asks for besides the runtime's own tag. */
const pageScripts = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) =>
    script.getAttribute('src'),
  );

/** Runs the runtime as the browser does once: its tag, as the server renders it, then the module. */
async function runtime() {
  vi.resetModules();
  document.body.innerHTML =
    '<script type="module" src="/assets/document-runtime-a.js" data-document-page="/assets/document-page-b.js"></script>';
  await import('./document-runtime');
}

/** The browser's paint timing, as Chromium reports it: the entries named, to every observer of `paint`. */
class PaintTiming {
  static supportedEntryTypes = ['paint'];
  static observers = new Set<PaintTiming>();
  static paint(name: 'first-paint' | 'first-contentful-paint') {
    const entries = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) };
    for (const observer of PaintTiming.observers) observer.callback(entries);
  }
  constructor(private readonly callback: (entries: unknown) => void) {}
  observe(options: { type: string }) {
    if (options.type === 'paint') PaintTiming.observers.add(this);
  }
  disconnect() {
    PaintTiming.observers.delete(this);
  }
}

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
  PaintTiming.observers.clear();
  vi.stubGlobal('PerformanceObserver', PaintTiming);
});
afterEach(() => {
  // Each test's runtime listens on the one document of the file: its page runtime loaded, the next action removes it.
  for (const script of document.head.querySelectorAll('script')) script.dispatchEvent(new Event('load'));
  document.dispatchEvent(new KeyboardEvent('keydown'));
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the document runtime starts the page runtime after the first paint (issue 33, decision 502)', () => {
  it('asks for nothing before the first contentful paint, then for the page runtime its tag names', async () => {
    await runtime();
    // Frames and a first paint without content (Chromium runs them before the fonts and the image are drawn).
    vi.advanceTimersToNextFrame();
    PaintTiming.paint('first-paint');
    vi.runAllTimers();
    expect(pageScripts()).toEqual([]);
    PaintTiming.paint('first-contentful-paint');
    expect(pageScripts()).toEqual([]);
    // In a task of its own after the paint's report.
    vi.advanceTimersToNextTimer();
    expect(pageScripts()).toEqual(['/assets/document-page-b.js']);
    expect(PaintTiming.observers.size).toBe(0);
  });

  it('starts after the next frame in a browser without paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    await runtime();
    expect(pageScripts()).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(pageScripts()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(pageScripts()).toEqual(['/assets/document-page-b.js']);
  });

  it("starts at a visitor's first action before the paint, and does a held submit again once it has loaded", async () => {
    await runtime();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<section data-island="newsletter"><form><input name="email"/><button type="submit">Sign up</button></form></section>',
    );
    const form = document.querySelector('form') as HTMLFormElement;
    const button = form.querySelector('button') as HTMLButtonElement;
    form.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(pageScripts()).toEqual(['/assets/document-page-b.js']);
    // Sent before the page runtime is there: held, not posted as a plain form.
    const seen: { prevented: boolean; submitter: HTMLElement | null }[] = [];
    form.addEventListener('submit', (event) => {
      seen.push({ prevented: event.defaultPrevented, submitter: event.submitter });
      event.preventDefault();
    });
    const first = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    // Once it has loaded (its islands now listen), the same submit again, by the same button.
    document.head.querySelector('script')?.dispatchEvent(new Event('load'));
    expect(seen).toEqual([{ prevented: false, submitter: button }]);
    // After that, the runtime takes no part.
    form.requestSubmit(button);
    expect(seen).toHaveLength(2);
    // Nothing started twice.
    PaintTiming.paint('first-contentful-paint');
    vi.runAllTimers();
    expect(pageScripts()).toHaveLength(1);
  });

  it('starts at once in a hidden tab, which paints nothing', async () => {
    visibility = 'hidden';
    await runtime();
    expect(pageScripts()).toEqual(['/assets/document-page-b.js']);
  });
});
