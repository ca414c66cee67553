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

  it('starts at once in a hidden tab, which paints nothing', async () => {
    visibility = 'hidden';
    await runtime();
    expect(pageScripts()).toEqual(['/assets/document-page-b.js']);
  });
});
