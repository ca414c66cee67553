import { describe, expect, it } from 'vitest';
import { pageChangesAt, pageVariant } from './page-cache';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers: new Headers(headers) });

describe("the page cache's view of a request (decision 471)", () => {
  it('is the language and currency the page is rendered in, and nothing else of the cookies', () => {
    expect(pageVariant(request('http://x/'))).toBe('en USD');
    expect(pageVariant(request('http://x/?lng=fr'))).toBe('fr USD');
    expect(pageVariant(request('http://x/', { 'accept-language': 'fr-FR,fr;q=0.9' }))).toBe('fr USD');
    expect(pageVariant(request('http://x/', { cookie: 'currency=EURO; i18next=fr; other=1' }))).toBe('fr EURO');
    expect(pageVariant(request('http://x/', { cookie: 'currency=EURO; other=2' }))).toBe('en EURO');
  });

  it("is kept until a sale's opening at the latest", () => {
    expect(pageChangesAt('<p>no countdown</p>')).toBeUndefined();
    const html = '<p data-countdown-until="1800000000000">a</p><p data-countdown-until="1790000000000">b</p>';
    expect(pageChangesAt(html)).toBe(1_790_000_000_000);
  });
});
