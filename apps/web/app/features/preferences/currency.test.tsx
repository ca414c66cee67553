import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CURRENCY_KEY,
  getCurrency,
  renderedCurrency,
  setCurrency,
  setServerCurrencySource,
  useCurrency,
} from './currency';
import { CURRENCY_COOKIE, requestCurrency } from './request-currency';

const request = (cookie?: string) => new Request('https://parcelle.example/', { headers: cookie ? { cookie } : {} });

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the cookie the code under test writes.
  document.cookie = `${CURRENCY_COOKIE}=; path=/; max-age=0`;
}

function Amount() {
  return <span data-testid="currency">{useCurrency()}</span>;
}

beforeEach(() => {
  window.localStorage.clear();
  clearCookie();
});
afterEach(() => {
  cleanup();
  clearCookie();
  setServerCurrencySource(() => undefined);
});

describe('the currency of a server-rendered page', () => {
  it('is the cookie the browser sends, else the default (USD)', () => {
    expect(requestCurrency(request('i18next=fr; currency=EURO'))).toBe('EURO');
    expect(requestCurrency(request('currency=USD'))).toBe('USD');
    expect(requestCurrency(request('currency=GBP'))).toBe('USD');
    expect(requestCurrency(request('currency=%E0%A4%A'))).toBe('USD');
    expect(requestCurrency(request())).toBe('USD');
  });

  it('is kept in a cookie as well as in localStorage when the visitor picks it', () => {
    setCurrency('EURO');
    expect(window.localStorage.getItem(CURRENCY_KEY)).toBe('EURO');
    expect(document.cookie).toContain('currency=EURO');
    expect(requestCurrency(request(document.cookie))).toBe('EURO');
    expect(getCurrency()).toBe('EURO');
    expect(renderedCurrency()).toBe('EURO');
  });

  it('hydrates in the currency the server rendered, without a switch', async () => {
    setCurrency('EURO');
    // What the server sent: rendered with the same cookie, in the renderer's per-request currency.
    vi.stubGlobal('window', undefined);
    setServerCurrencySource(() => 'EURO');
    const html = renderToString(<Amount />);
    vi.unstubAllGlobals();
    expect(html).toContain('EURO');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { subtree: true, characterData: true, childList: true });
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, <Amount />);
    });
    observer.disconnect();
    expect(container.textContent).toBe('EURO');
    expect(seen).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it('applies a choice saved before the cookie existed after hydration, and tells the server for the next page', () => {
    window.localStorage.setItem(CURRENCY_KEY, 'EURO');
    expect(renderedCurrency()).toBe('USD');
    render(<Amount />);
    expect(screen.getByTestId('currency').textContent).toBe('EURO');
    expect(document.cookie).toContain('currency=EURO');
  });
});

describe('a currency chosen on a page without JavaScript (issue 33: the chooser posts its form)', () => {
  it('is the cookie alone, which wins over an older choice in localStorage; localStorage then follows it', () => {
    window.localStorage.setItem(CURRENCY_KEY, 'USD');
    // biome-ignore lint/suspicious/noDocumentCookie: what the server's answer to the form sets.
    document.cookie = `${CURRENCY_COOKIE}=EURO; path=/`;
    expect(getCurrency()).toBe('EURO');
    render(<Amount />);
    expect(screen.getByTestId('currency').textContent).toBe('EURO');
    expect(window.localStorage.getItem(CURRENCY_KEY)).toBe('EURO');
  });
});
