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
    // In euros the quote rose less than in dollars (issue 17: each currency's change is its own).
    percentage: 9.75,
    direction: 'up',
    percentage_usd: 12.5,
    direction_usd: 'up',
    since_year: 2024,
  },
  {
    artist_id: 'a2',
    artist_name: 'Nicolas de Staël',
    value_euro: 88,
    value_usd: 95.4,
    percentage: 1.5,
    direction: 'up',
    percentage_usd: -3.25,
    direction_usd: 'down',
    // No sale recorded in 2022–2024: the change is from 2021, and says so (issue 31).
    since_year: 2021,
  },
  {
    artist_id: 'a3',
    artist_name: 'Eva Gonzalès',
    value_euro: 40,
    value_usd: 43.2,
    percentage: 0,
    direction: 'up',
    percentage_usd: 0,
    direction_usd: 'up',
    // A single year of record: no change to give.
    since_year: null,
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

/** The link a screen reader announces with exactly this name (aria-hidden parts left out). */
const linkNamed = (name: string) =>
  screen.getByRole('link', { name: (computed) => plain(computed).replace(/\s+/g, ' ').trim() === name });

/** The text shown on screen: the text of the visually hidden spans left out. */
function visibleText(element: HTMLElement | undefined): string {
  const root = element as HTMLElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let out = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let hidden = false;
    for (let parent = node.parentElement; parent && parent !== root; parent = parent.parentElement) {
      // The CSS Module's class (its styles are not applied in jsdom), or the rules themselves.
      const style = getComputedStyle(parent);
      if (/visuallyHidden/.test(parent.className) || (style.position === 'absolute' && style.width === '1px')) {
        hidden = true;
      }
    }
    if (!hidden) out += ` ${node.textContent ?? ''}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

describe('header ticker (spec §2, §9)', () => {
  it('shows each quote once to assistive technology, in dollars by default, with green up and orange down arrows', async () => {
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<TickerSlot />);

    const ticker = await screen.findByTestId('ticker');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/artists/list/kpis');
    expect(ticker.getAttribute('role')).toBe('marquee');
    expect(ticker.getAttribute('aria-label')).toBe(
      'Artist quotes: price per part and its change since the artist’s previous year of record',
    );

    const items = screen.getAllByTestId('ticker-item');
    expect(items).toHaveLength(3);
    expect(items[0]?.getAttribute('href')).toBe('/artists/details/a1');
    // Each figure says what it is (issue 17): short labels on screen, the full wording for screen readers.
    expect(
      linkNamed('Berthe Morisot index per part of the artist’s auction results: $1,337.25 up by 12.50% since 2024'),
    ).toBe(items[0]);
    // The change is from the previous year of record, named, not "over a year" (issue 31).
    expect(
      linkNamed('Nicolas de Staël index per part of the artist’s auction results: $95.40 down by 3.25% since 2021'),
    ).toBe(items[1]);
    expect(plain(visibleText(items[0]))).toBe('Berthe Morisot index/part $1,337.25 12.50% since 2024');
    expect(plain(visibleText(items[1]))).toBe('Nicolas de Staël index/part $95.40 3.25% since 2021');
    // One year of record: the price alone, no 0 % change.
    expect(linkNamed('Eva Gonzalès index per part of the artist’s auction results: $43.20')).toBe(items[2]);

    // Duplicates loop the band but are hidden from screen readers and from the keyboard.
    const copies = ticker.querySelectorAll('[aria-hidden="true"][inert]');
    expect(copies.length).toBeGreaterThanOrEqual(1);
    expect(within(ticker).getAllByRole('link')).toHaveLength(3);

    const up = screen.getByTestId('ticker-up');
    const down = screen.getByTestId('ticker-down');
    expect(screen.getAllByTestId('ticker-up')).toHaveLength(1);
    expect(getComputedStyle(up).color).toBe(rgb(TICKER_COLORS.up));
    expect(getComputedStyle(down).color).toBe(rgb(TICKER_COLORS.down));
  });

  it('writes euros the French way when the language is fr and the currency EURO, with the change in euros', async () => {
    window.localStorage.setItem(CURRENCY_KEY, 'EURO');
    await act(() => i18n.changeLanguage('fr'));
    vi.stubGlobal('fetch', ok());
    renderScreen(<TickerSlot />);

    const ticker = await screen.findByTestId('ticker');
    expect(plain(ticker.getAttribute('aria-label') ?? '')).toBe(
      'Cotes des artistes : prix par part et son évolution depuis l’année précédente connue de l’artiste',
    );
    const items = screen.getAllByTestId('ticker-item');
    expect(
      linkNamed(
        'Berthe Morisot indice par part des ventes aux enchères de l’artiste : 1 234,50 € en hausse de 9,75 % depuis 2024',
      ),
    ).toBe(items[0]);
    expect(
      linkNamed(
        'Nicolas de Staël indice par part des ventes aux enchères de l’artiste : 88,00 € en hausse de 1,50 % depuis 2021',
      ),
    ).toBe(items[1]);
    expect(plain(visibleText(items[0]))).toBe('Berthe Morisot indice par part 1 234,50 € 9,75 % depuis 2024');
    // De Staël fell in dollars but rose in euros: the arrow follows the currency shown.
    expect(screen.getAllByTestId('ticker-up')).toHaveLength(2);
    expect(screen.queryByTestId('ticker-down')).toBeNull();
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
