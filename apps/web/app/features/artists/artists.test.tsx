// @vitest-environment jsdom

import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArtistDetailData, ArtistsData } from '../catalogue/api';
import { ToastProvider } from '../feedback/toast';
import { i18n, initI18n } from '../i18n/i18n';
import { CURRENCY_KEY, setCurrency } from '../preferences/currency';
import { theme } from '../theme/theme';
import { ArtistDetailScreen } from './ArtistDetailScreen';
import { ArtistsScreen } from './ArtistsScreen';
import type { Artist, ArtistPainting } from './figures';

/** Intl writes narrow and ordinary no-break spaces in French: compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const BASE = 'http://localhost:3000/media/';

function artist(id: string, name: string, overrides: Partial<Artist> = {}): Artist {
  return {
    _id: id,
    id,
    name,
    img: `artworks/artists/${id}.webp`,
    life_dates: { date_of_birth: '1921-03-14', date_of_death: '1998-11-02' },
    ic_artist_euro: 230.15,
    ic_artist_usd: 288.1,
    all_time_record_price: [{ value: 1_250_000, curr: 'USD' }],
    paintings_count: 2,
    ...overrides,
  };
}

function painting(id: string, market: 1 | 2 | 3, curr: 'USD' | 'EURO'): ArtistPainting {
  return {
    _id: id,
    id,
    cover_img: `artworks/${id}/cover.webp`,
    images: [],
    title: { en: `Work ${id}`, fr: `Œuvre ${id}` },
    description: { en: 'A work.', fr: 'Une œuvre.' },
    year: 2016,
    painting_type_en: 'Oil on canvas',
    painting_type_fr: 'Huile sur toile',
    dimension: { width: 60, height: 80 },
    market,
    price_per_part: { value: 1.05, curr },
    price_per_cm2: { value: 9.45, curr },
    painting_price: { value: 33971.4, curr },
    total_part: 32400,
    sold_out_part: 0,
    percentage: -3.8,
    progress: 0,
    availability: 100,
    artist: { id: 'a1', name: 'Hélène Marchetti', life_dates: { date_of_birth: null, date_of_death: null } },
  };
}

function detail(currency: 'USD' | 'EURO'): ArtistDetailData {
  const record = currency === 'EURO' ? 1_150_000 : 1_250_000;
  return {
    base_url: BASE,
    artist: {
      ...artist('a1', 'Hélène Marchetti', { all_time_record_price: [{ value: record, curr: currency }] }),
      bio: { en: 'A painter of light.', fr: 'Une peintre de la lumière.' },
      evolution: [
        { year: 2000, value: 100 },
        { year: 2024, value: currency === 'EURO' ? 230.15 : 288.1 },
      ],
      turnover: [
        { year: 2000, value: { value: 647404.68, curr: currency } },
        { year: 2024, value: { value: 1396432.76, curr: currency } },
      ],
      lots: [
        { year: 2000, sold: 24, unsold: 7 },
        { year: 2024, sold: 1200, unsold: 3 },
      ],
      paintings: [painting('p1', 1, currency), painting('p2', 2, currency), painting('p3', 3, currency)],
    },
  };
}

const envelope = (data: unknown) => ({ status: 200, data, message: { en: 'OK', fr: 'OK' } });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API: /artists/ pages through 10 artists, /artists/detail knows 'a1' only. */
function stubApi() {
  const all = Array.from({ length: 10 }, (_, index) =>
    artist(
      `a${index + 1}`,
      `Artist ${index + 1}`,
      index === 1 ? { life_dates: { date_of_birth: '1958-10-03', date_of_death: null } } : {},
    ),
  );
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const currency = (url.searchParams.get('currency') ?? 'USD') as 'USD' | 'EURO';
    if (url.pathname === '/api/artists/') {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const artists = all.slice(offset, offset + limit).map((item) => ({
        ...item,
        all_time_record_price: [{ value: currency === 'EURO' ? 1_150_000 : 1_250_000, curr: currency }],
      }));
      const data: ArtistsData = { artists, total: all.length, base_url: BASE };
      return json(200, envelope(data));
    }
    if (url.pathname === '/api/artists/detail') {
      if (url.searchParams.get('artistId') === 'a1') return json(200, envelope(detail(currency)));
      return json(404, { status: 404, error: { en: 'Artist not found', fr: 'Artiste introuvable' } });
    }
    return json(500, { status: 500, error: { en: 'Unexpected', fr: 'Inattendu' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Both screens under their real route patterns (so `:artistId` is read), with the app's providers. */
function renderArtists(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/artists', element: <ArtistsScreen /> },
      { path: '/artists/details/:artistId', element: <ArtistDetailScreen /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const calls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([url]) => String(url));

beforeAll(() => {
  initI18n();
});

beforeEach(async () => {
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('/artists', () => {
  it('shows one card per artist of the first page, linking to the artist, with its figures in dollars', async () => {
    const fetchMock = stubApi();
    renderArtists('/artists');
    expect(screen.getByTestId('artists-loading')).toBeTruthy();
    const cards = await screen.findAllByTestId('artist-card');
    expect(cards).toHaveLength(9);
    expect(calls(fetchMock)).toContain('/api/artists/?limit=9&offset=0&currency=USD');

    const first = cards[0] as HTMLElement;
    expect(first.getAttribute('data-artist-id')).toBe('a1');
    expect(first.getAttribute('href')).toBe('/artists/details/a1');
    expect(within(first).getByTestId('artist-card-name').textContent).toBe('Artist 1');
    expect(within(first).getByTestId('artist-card-life').textContent).toBe('1921–1998');
    expect(within(first).getByTestId('artist-card-ic').textContent).toBe('288.10');
    expect(within(first).getByTestId('artist-card-record').textContent).toBe('$1,250,000.00');
    expect(within(first).getByTestId('artist-card-works').textContent).toBe('2');
    expect(within(cards[1] as HTMLElement).getByTestId('artist-card-life').textContent).toBe('b. 1958');
    expect(within(first).getByRole('img').getAttribute('src')).toBe(`${BASE}artworks/artists/a1.webp`);
    expect(document.title).toBe('Artists · Parcelle');
  });

  it('shows euros, French numbers and "naissance en" after switching language and currency', async () => {
    const fetchMock = stubApi();
    renderArtists('/artists');
    await screen.findAllByTestId('artist-card');
    await act(async () => {
      await i18n.changeLanguage('fr');
      setCurrency('EURO');
    });
    await waitFor(() => {
      const first = screen.getAllByTestId('artist-card')[0] as HTMLElement;
      expect(plain(within(first).getByTestId('artist-card-record').textContent)).toBe('1 150 000,00 €');
    });
    const cards = screen.getAllByTestId('artist-card');
    expect(within(cards[0] as HTMLElement).getByTestId('artist-card-ic').textContent).toBe('230,15');
    expect(within(cards[1] as HTMLElement).getByTestId('artist-card-life').textContent).toBe('naissance en 1958');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Artistes');
    expect(calls(fetchMock)).toContain('/api/artists/?limit=9&offset=0&currency=EURO');
    expect(document.title).toBe('Artistes · Parcelle');
  });

  it('asks the next offset when the next page is chosen, and reads the page from ?page=', async () => {
    const fetchMock = stubApi();
    renderArtists('/artists');
    await screen.findAllByTestId('artist-card');
    const pagination = screen.getByTestId('artists-pagination');
    const next = within(pagination).getByRole('link', { name: /page 2/i });
    expect(next.getAttribute('href')).toBe('/artists?page=2');
    fireEvent.click(next);
    await waitFor(() => expect(screen.getAllByTestId('artist-card')).toHaveLength(1));
    expect(calls(fetchMock)).toContain('/api/artists/?limit=9&offset=9&currency=USD');
    expect(screen.getByTestId('artist-card').getAttribute('data-artist-id')).toBe('a10');
  });

  it('opens directly on ?page=2', async () => {
    const fetchMock = stubApi();
    renderArtists('/artists?page=2');
    await waitFor(() => expect(screen.getAllByTestId('artist-card')).toHaveLength(1));
    expect(calls(fetchMock)).toEqual(['/api/artists/?limit=9&offset=9&currency=USD']);
  });

  it("shows the server's error in the current language", async () => {
    await act(() => i18n.changeLanguage('fr'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { status: 400, error: { en: 'Invalid pagination', fr: 'Pagination invalide' } })),
    );
    renderArtists('/artists');
    expect((await screen.findByTestId('artists-error')).textContent).toContain('Pagination invalide');
  });
});

describe('/artists/details/:artistId', () => {
  it('shows the artist, key figures, charts and works linking by market', async () => {
    const fetchMock = stubApi();
    renderArtists('/artists/details/a1');
    expect((await screen.findByTestId('artist-name')).textContent).toBe('Hélène Marchetti');
    expect(calls(fetchMock)).toContain('/api/artists/detail?artistId=a1&currency=USD');
    expect(screen.getByTestId('artist-life').textContent).toBe('1921–1998');
    expect(screen.getByTestId('artist-bio').textContent).toBe('A painter of light.');
    expect(screen.getByTestId('artist-ic').textContent).toBe('288.10');
    expect(screen.getByText('Base 100 for $100 invested in 2000')).toBeTruthy();
    expect(screen.getByTestId('artist-record').textContent).toBe('$1,250,000.00');
    expect(screen.getByTestId('artist-turnover').textContent).toBe('$1,396,432.76');
    expect(screen.getByText('Turnover 2024')).toBeTruthy();
    // Drawn with the page on the server (charts/YearChart.tsx, issue 33), its chunk loaded after the page in the
    // browser: two years of stacked sold and unsold bars, one line.
    await waitFor(
      () => expect(screen.getByTestId('artist-chart-lots').querySelectorAll('[data-bar]')).toHaveLength(4),
      {
        timeout: 10_000,
      },
    );
    expect(
      screen.getByTestId('artist-chart-turnover').querySelectorAll('[data-bar="turnover"]').length,
    ).toBeGreaterThan(0);
    expect(screen.getByTestId('artist-chart-ic').querySelector('path[data-line]')?.getAttribute('d')).toMatch(/^M/);
    expect(within(screen.getByTestId('artist-chart-ic')).getByRole('img').getAttribute('aria-label')).toBe(
      'Rating index of Hélène Marchetti by year, from 100.00 in 2000 to 288.10 in 2024.',
    );

    const works = screen.getAllByTestId('artist-painting');
    expect(works.map((work) => work.getAttribute('href'))).toEqual([
      '/primary-market/details/p1',
      '/primary-market/details/p2',
      '/secondary-market/details/p3',
    ]);
    expect(within(works[2] as HTMLElement).getByText('Secondary market')).toBeTruthy();
    expect(within(works[0] as HTMLElement).getByTestId('artist-painting-price').textContent).toBe('$1.05');
    expect(screen.getByTestId('artist-back').getAttribute('href')).toBe('/artists');
    expect(document.title).toBe('Hélène Marchetti · Parcelle');
  });

  it('follows the language and the currency, in euros and French', async () => {
    const fetchMock = stubApi();
    renderArtists('/artists/details/a1');
    await screen.findByTestId('artist-name');
    await act(async () => {
      await i18n.changeLanguage('fr');
      setCurrency('EURO');
    });
    await waitFor(() => expect(plain(screen.getByTestId('artist-record').textContent)).toBe('1 150 000,00 €'));
    expect(window.localStorage.getItem(CURRENCY_KEY)).toBe('EURO');
    expect(calls(fetchMock)).toContain('/api/artists/detail?artistId=a1&currency=EURO');
    expect(screen.getByTestId('artist-ic').textContent).toBe('230,15');
    expect(plain(screen.getByText(/^Base 100 pour/).textContent)).toBe('Base 100 pour 100 € investis en 2000');
    expect(screen.getByTestId('artist-bio').textContent).toBe('Une peintre de la lumière.');
    expect(screen.getByTestId('artist-life').textContent).toBe('1921–1998');
    expect(within(screen.getAllByTestId('artist-painting')[0] as HTMLElement).getByText('Œuvre p1')).toBeTruthy();
  });

  it('offers the figures as a table', async () => {
    stubApi();
    renderArtists('/artists/details/a1');
    fireEvent.click(await screen.findByTestId('artist-table-toggle'));
    const table = await screen.findByTestId('artist-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['288.10', '$1,396,432.76', '1,200', '3']);
  });

  it('shows a not-found state in French for an unknown artist, with a way back', async () => {
    stubApi();
    await act(() => i18n.changeLanguage('fr'));
    renderArtists('/artists/details/nobody');
    const notFound = await screen.findByTestId('artist-not-found');
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe('Artiste introuvable');
    expect(within(notFound).getByRole('link').getAttribute('href')).toBe('/artists');
    expect(screen.queryByTestId('artist-name')).toBeNull();
  });

  it('is reached from a card of /artists, and goes back to it', async () => {
    stubApi();
    renderArtists('/artists');
    fireEvent.click((await screen.findAllByTestId('artist-card'))[0] as HTMLElement);
    expect((await screen.findByTestId('artist-name')).textContent).toBe('Hélène Marchetti');
    fireEvent.click(screen.getByTestId('artist-back'));
    expect(await screen.findByTestId('artists-screen')).toBeTruthy();
  });
});
