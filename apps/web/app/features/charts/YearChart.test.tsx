import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { YearChart } from './YearChart';

/** An IntersectionObserver the test drives: `reveal()` says the observed chart came near the viewport. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  class Observer {
    constructor(
      public callback: IntersectionObserverCallback,
      public options?: IntersectionObserverInit,
    ) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  const reveal = () => {
    for (const { callback } of observers) {
      callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  };
  return { observers, reveal };
}

beforeAll(() => initI18n());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = [
  { year: 2022, value: 100 },
  { year: 2023, value: 120 },
];

describe('YearChart (issue 14: charts load when they scroll into view, in a box sized from the start)', () => {
  it('holds its height and draws nothing until the chart nears the viewport, then loads the drawing', async () => {
    const { observers, reveal } = stubObserver();
    render(<YearChart summary="Value by year" series={[{ key: 'value', label: 'Value' }]} rows={rows} height={320} />);
    const box = screen.getByRole('img', { name: 'Value by year' });
    expect(getComputedStyle(box).height).toBe('320px');
    expect(box.getAttribute('data-chart-loaded')).toBeNull();
    expect(box.childElementCount).toBe(0);
    expect(observers[0]?.options?.rootMargin).toBe('300px 0px');
    reveal();
    await waitFor(() => expect(box.getAttribute('data-chart-loaded')).toBe('true'));
    await waitFor(() => expect(box.querySelector('.recharts-responsive-container')).toBeTruthy(), { timeout: 10_000 });
  });
});
