import { describe, expect, it } from 'vitest';
import { lowPriorityModules } from './module-priority';

describe('the page modules React Router preloads', () => {
  it('are asked for with low priority, and nothing else is touched', () => {
    const head =
      '<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>' +
      '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/root-b.js" nonce="n"/>' +
      '<link nonce="n" rel="stylesheet" href="/assets/root-c.css"/>';
    const out = lowPriorityModules(head);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href="[^"]+" nonce="n"\/>/g)).toHaveLength(2);
    expect(out).toContain('<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>');
    expect(out).toContain('<link nonce="n" rel="stylesheet" href="/assets/root-c.css"/>');
  });
});
