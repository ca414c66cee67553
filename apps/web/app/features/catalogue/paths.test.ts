import { describe, expect, it } from 'vitest';
import { marketOf, marketOfPath, pageFromSearch, paintingPath } from './paths';

describe('catalogue paths', () => {
  it('shows markets 1 and 2 under the primary market and 3 under the secondary', () => {
    expect(paintingPath({ id: 'a b', market: 1 })).toBe('/primary-market/details/a%20b');
    expect(paintingPath({ id: 'p', market: 2 })).toBe('/primary-market/details/p');
    expect(paintingPath({ id: 'p', market: 3 })).toBe('/secondary-market/details/p');
    expect([1, 2, 3].map(marketOf)).toEqual(['primary', 'primary', 'secondary']);
    expect(marketOfPath('/secondary-market/details/p')).toBe('secondary');
    expect(marketOfPath('/primary-market/details/p')).toBe('primary');
  });

  it('reads ?page= as a whole number from 1, anything else as page 1', () => {
    expect(pageFromSearch('3')).toBe(3);
    for (const text of [null, '', '0', '-2', '1.5', 'abc', '1e3', '1234567']) {
      expect(pageFromSearch(text), String(text)).toBe(1);
    }
  });
});
