// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { TickerSlot } from '../layout/TickerSlot';
import { CURRENCY_KEY } from '../preferences/currency';
import { TICKER_COLORS } from './Ticker';
import type { TickerKpi } from './use-ticker-kpis';

const KPIS: TickerKpi[] = [
  {
    artist_id: 'a1',
    artist_name: 'Berthe Morisot',
    value_euro: 1234.5,
    value_usd: 1337.25,
    percentage: 12.5,
    direction: 'up',
  },
  {
    artist_id: 'a2',
    artist_name: 'Nicolas de Staël',
    value_euro: 88,
    value_usd: 95.4,
    percentage: -3.25,
    direction: 'down',
  },
];

function answer(status: number, body: unknown) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const ok = () => answer(200, { status: 200, data: { kpis: KPIS }, message: { en: 'OK', fr: 'OK' } });

/** Intl writes narrow and ordinary no-break spaces in French: compare with plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('header ticker (spec §2, §9)', () => {
  it('shows each quote once to assistive technology, in dollars by default, with green up and orange down arrows', async () => {
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<TickerSlot />);

    const ticker = await screen.findByTestId('ticker');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/artists/list/kpis');
    expect(ticker.getAttribute('role')).toBe('marquee');
    expect(ticker.getAttribute('aria-label')).toBe('Artist quotes: price per part and change over a year');

    const items = screen.getAllByTestId('ticker-item');
    expect(items).toHaveLength(2);
    expect(items[0]?.getAttribute('href')).toBe('/artists/details/a1');
    expect(plain(items[0]?.textContent ?? '')).toBe('Berthe Morisot $1,337.25 up by 12.50%');
    expect(plain(items[1]?.textContent ?? '')).toBe('Nicolas de Staël $95.40 down by 3.25%');

    // Duplicates loop the band but are hidden from screen readers and from the keyboard.
    const copies = ticker.querySelectorAll('[aria-hidden="true"][inert]');
    expect(copies.length).toBeGreaterThanOrEqual(1);
    expect(within(ticker).getAllByRole('link')).toHaveLength(2);

    const up = screen.getByTestId('ticker-up');
    const down = screen.getByTestId('ticker-down');
    expect(screen.getAllByTestId('ticker-up')).toHaveLength(1);
    expect(getComputedStyle(up).color).toBe(rgb(TICKER_COLORS.up));
    expect(getComputedStyle(down).color).toBe(rgb(TICKER_COLORS.down));
  });

  it('writes euros the French way when the language is fr and the currency EURO', async () => {
    window.localStorage.setItem(CURRENCY_KEY, 'EURO');
    await act(() => i18n.changeLanguage('fr'));
    vi.stubGlobal('fetch', ok());
    renderScreen(<TickerSlot />);

    const ticker = await screen.findByTestId('ticker');
    expect(plain(ticker.getAttribute('aria-label') ?? '')).toBe(
      'Cotes des artistes : prix par part et évolution sur un an',
    );
    const items = screen.getAllByTestId('ticker-item');
    expect(plain(items[0]?.textContent ?? '')).toBe('Berthe Morisot 1 234,50 € en hausse de 12,50 %');
    expect(plain(items[1]?.textContent ?? '')).toBe('Nicolas de Staël 88,00 € en baisse de 3,25 %');
    expect(screen.getByTestId('ticker-up')).toBeTruthy();
    expect(screen.getByTestId('ticker-down')).toBeTruthy();
  });

  it('renders nothing before the quotes are loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { container } = renderScreen(<TickerSlot />);
    await act(async () => {});
    expect(screen.queryByTestId('ticker')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('renders nothing, and no error, when the call fails', async () => {
    const fetchMock = answer(500, { error: { en: 'Internal error', fr: 'Erreur interne' } });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderScreen(<TickerSlot />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByTestId('ticker')).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
